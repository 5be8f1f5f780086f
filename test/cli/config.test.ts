/**
 * Stored config (file modes, atomic writes, one entry per server) and the precedence of
 * --server/SVC_URL/config/default and --token/SVC_TOKEN/config.
 */
import { describe, expect, test } from 'bun:test'
import { readdirSync, statSync, writeFileSync, mkdirSync } from 'node:fs'
import { resolveConnection, type Connection } from '../../cli/client.ts'
import { configDir, configPath, normalizeServer, readConfig, updateConfig, writeConfig } from '../../cli/config.ts'
import { CliError } from '../../cli/errors.ts'
import { cliInProcess, startTestServer, tempConfigHome } from '../support/server.ts'

describe('stored config', () => {
  test('lives under XDG_CONFIG_HOME/svc, else ~/.config/svc', () => {
    expect(configPath({ XDG_CONFIG_HOME: '/x/conf', HOME: '/home/u' })).toBe('/x/conf/svc/config.json')
    expect(configPath({ HOME: '/home/u' })).toBe('/home/u/.config/svc/config.json')
    expect(configPath({ XDG_CONFIG_HOME: '  ', HOME: '/home/u' })).toBe('/home/u/.config/svc/config.json')
  })

  test('is written with folder 0700 and file 0600, atomically (no temp files left)', () => {
    const env = { XDG_CONFIG_HOME: tempConfigHome() }
    writeConfig(env, {
      current: 'http://a:1',
      servers: { 'http://a:1': { token: 't', savedAt: '2026-01-01T00:00:00.000Z' } },
    })
    expect(statSync(configDir(env)).mode & 0o777).toBe(0o700)
    expect(statSync(configPath(env)).mode & 0o777).toBe(0o600)
    expect(readdirSync(configDir(env))).toEqual(['config.json'])
    expect(readConfig(env)).toEqual({
      current: 'http://a:1',
      servers: { 'http://a:1': { token: 't', savedAt: '2026-01-01T00:00:00.000Z' } },
    })
  })

  test('tightens a folder that was created too open', () => {
    const env = { XDG_CONFIG_HOME: tempConfigHome() }
    mkdirSync(configDir(env), { mode: 0o755 })
    writeConfig(env, { servers: {} })
    expect(statSync(configDir(env)).mode & 0o777).toBe(0o700)
  })

  test('keeps one entry per server', () => {
    const env = { XDG_CONFIG_HOME: tempConfigHome() }
    updateConfig(env, (c) => {
      c.servers['http://a:1'] = { token: 'ta', savedAt: 's' }
    })
    updateConfig(env, (c) => {
      c.servers['http://b:2'] = { token: 'tb', savedAt: 's' }
    })
    expect(Object.keys(readConfig(env).servers)).toEqual(['http://a:1', 'http://b:2'])
  })

  test('a missing file is empty; a corrupt one is an error naming the file', () => {
    const env = { XDG_CONFIG_HOME: tempConfigHome() }
    expect(readConfig(env)).toEqual({ servers: {} })
    mkdirSync(configDir(env), { recursive: true })
    writeFileSync(configPath(env), '{nope')
    expect(() => readConfig(env)).toThrow(`${configPath(env)} is not valid JSON; fix or delete it and log in again`)
  })

  test('server URLs are normalised so trailing slashes share an entry', () => {
    expect(normalizeServer('http://Host:8787/')).toBe('http://host:8787')
    expect(normalizeServer(' https://svc.example.com/base/ ')).toBe('https://svc.example.com/base')
    expect(() => normalizeServer('localhost:8787')).toThrow(
      '--server must start with http:// or https://, got "localhost:8787"',
    )
  })

  test('localhost and 127.0.0.1, with or without a trailing slash, are one server', () => {
    for (const url of [
      'http://localhost:8787',
      'http://localhost:8787/',
      'http://127.0.0.1:8787',
      'http://127.0.0.1:8787/',
      'http://LOCALHOST:8787//',
    ]) {
      expect(normalizeServer(url)).toBe('http://127.0.0.1:8787')
    }
    // Another port, https, a path or IPv6 loopback are other servers.
    expect(normalizeServer('http://localhost:9000/')).toBe('http://127.0.0.1:9000')
    expect(normalizeServer('https://localhost/svc/')).toBe('https://127.0.0.1/svc')
    expect(normalizeServer('http://[::1]:8787/')).toBe('http://[::1]:8787')
  })

  test('a login stored under any spelling of the server is found under the others, and replaced by the next one', () => {
    const env = { XDG_CONFIG_HOME: tempConfigHome() }
    // As written by an earlier version, before localhost and 127.0.0.1 were one key.
    writeConfig(env, {
      current: 'http://localhost:8787/',
      servers: {
        'http://localhost:8787': { token: 'older', savedAt: '2026-01-01T00:00:00.000Z' },
        'http://127.0.0.1:8787/': { token: 'newer', savedAt: '2026-02-01T00:00:00.000Z' },
      },
    })
    expect(readConfig(env)).toEqual({
      current: 'http://127.0.0.1:8787',
      servers: { 'http://127.0.0.1:8787': { token: 'newer', savedAt: '2026-02-01T00:00:00.000Z' } },
    })
    for (const server of ['http://localhost:8787', 'http://127.0.0.1:8787/', 'http://localhost:8787/']) {
      expect(resolveConnection({ server }, env)).toEqual({
        server: 'http://127.0.0.1:8787',
        token: 'newer',
        tokenSource: 'config',
        timeoutSeconds: 30,
      })
    }
    // A later login through the other spelling replaces the entry instead of adding one.
    updateConfig(env, (c) => {
      c.servers[normalizeServer('http://localhost:8787/')] = { token: 'latest', savedAt: '2026-03-01T00:00:00.000Z' }
    })
    expect(readConfig(env).servers).toEqual({
      'http://127.0.0.1:8787': { token: 'latest', savedAt: '2026-03-01T00:00:00.000Z' },
    })
  })
})

describe('one login for localhost and 127.0.0.1', () => {
  test('a token stored under http://localhost:<port> is used for http://127.0.0.1:<port>/ (a real server)', async () => {
    const server = await startTestServer()
    try {
      const { token } = await server.account()
      const port = new URL(server.url).port
      const env = { XDG_CONFIG_HOME: tempConfigHome() }
      writeConfig(env, {
        current: `http://localhost:${port}/`,
        servers: { [`http://localhost:${port}`]: { token, savedAt: '2026-01-01T00:00:00.000Z' } },
      })
      for (const url of [`http://127.0.0.1:${port}/`, `http://localhost:${port}`, undefined]) {
        const run = await cliInProcess(['auth', 'status', '--json'], { env: { ...env, SVC_URL: url } })
        expect(run.code).toBe(0)
        expect(run.json()).toMatchObject({
          server: `http://127.0.0.1:${port}`,
          tokenSource: 'config',
          authenticated: true,
        })
      }
    } finally {
      await server.close()
    }
  })
})

describe('timeout', () => {
  const env = { XDG_CONFIG_HOME: tempConfigHome() }
  test.each([
    [{}, {}, 30],
    [{}, { SVC_TIMEOUT: '5' }, 5],
    [{}, { SVC_TIMEOUT: ' 0.25 ' }, 0.25],
    [{ timeout: '2' }, { SVC_TIMEOUT: '5' }, 2],
    [{}, { SVC_TIMEOUT: '' }, 30],
  ])('flags %p and env %p wait %p s', (flags, extra, seconds) => {
    expect(resolveConnection(flags, { ...env, ...extra }).timeoutSeconds).toBe(seconds)
  })

  test.each([
    [{ timeout: '0' }, {}, '--timeout', '"0"'],
    [{ timeout: '-3' }, {}, '--timeout', '"-3"'],
    [{ timeout: 'soon' }, {}, '--timeout', '"soon"'],
    [{ timeout: '' }, {}, '--timeout', '""'],
    [{ timeout: '86401' }, {}, '--timeout', '"86401"'],
    [{}, { SVC_TIMEOUT: '1e3' }, 'SVC_TIMEOUT', '"1e3"'],
    [{}, { SVC_TIMEOUT: 'Infinity' }, 'SVC_TIMEOUT', '"Infinity"'],
  ])('flags %p and env %p are a usage error naming %s', (flags, extra, name, got) => {
    const problem = `must be a number of seconds greater than 0 and at most 86400, got ${got}`
    let error: CliError | undefined
    try {
      resolveConnection(flags, { ...env, ...extra })
    } catch (caught) {
      error = caught as CliError
    }
    expect(error).toBeInstanceOf(CliError)
    expect([error!.type, error!.exitCode, error!.message, error!.details]).toEqual([
      'usage',
      2,
      `${name} ${problem}`,
      { problems: [name === '--timeout' ? { flag: name, message: problem } : { path: name, message: problem }] },
    ])
  })
})

describe('precedence', () => {
  const home = tempConfigHome()
  writeConfig(
    { XDG_CONFIG_HOME: home },
    {
      current: 'http://stored:1',
      servers: {
        'http://stored:1': { token: 'from-config', savedAt: 's' },
        'http://env:2': { token: 'env-server-config', savedAt: 's' },
      },
    },
  )
  const cases: [string, { server?: string; token?: string }, Record<string, string>, Connection][] = [
    ['config only', {}, {}, { server: 'http://stored:1', token: 'from-config', tokenSource: 'config' }],
    [
      "SVC_URL picks that server's stored token",
      {},
      { SVC_URL: 'http://env:2' },
      { server: 'http://env:2', token: 'env-server-config', tokenSource: 'config' },
    ],
    [
      '--server beats SVC_URL',
      { server: 'http://flag:3' },
      { SVC_URL: 'http://env:2' },
      { server: 'http://flag:3', token: null, tokenSource: null },
    ],
    [
      'SVC_TOKEN beats config',
      {},
      { SVC_TOKEN: 'from-env' },
      { server: 'http://stored:1', token: 'from-env', tokenSource: 'env' },
    ],
    [
      '--token beats SVC_TOKEN',
      { token: 'from-flag' },
      { SVC_TOKEN: 'from-env' },
      { server: 'http://stored:1', token: 'from-flag', tokenSource: 'flag' },
    ],
  ]
  test.each(cases)('%s', (_name, flags, env, expected) => {
    expect(resolveConnection(flags, { XDG_CONFIG_HOME: home, ...env })).toEqual({ ...expected, timeoutSeconds: 30 })
  })

  test('the default server is http://localhost:8787, written as 127.0.0.1 (where svc listens by default)', () => {
    expect(resolveConnection({}, { XDG_CONFIG_HOME: tempConfigHome() })).toEqual({
      server: 'http://127.0.0.1:8787',
      token: null,
      tokenSource: null,
      timeoutSeconds: 30,
    })
  })
})
