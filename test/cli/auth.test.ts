/**
 * svc-cli auth against a real server: every login path, status, logout, tokens, and the
 * SVC_TOKEN/--token precedence, in-process and as real processes.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { readFileSync, statSync } from 'node:fs'
import { hostname } from 'node:os'
import { configPath, readConfig } from '../../cli/config.ts'
import { cliInProcess, cliProcess, startTestServer, tempConfigHome } from '../support/server.ts'

const server = await startTestServer({ SVC_SIGNUP: 'open' })
afterAll(() => server.close())

const envFor = () => ({ SVC_URL: server.url, XDG_CONFIG_HOME: tempConfigHome() })
const codeFrom = (to: string) => /\n\s{4}(\d{6})\n/.exec(server.mails.filter((m) => m.to === to).at(-1)!.text)![1]

describe('auth login', () => {
  test('--token verifies the token, stores it 0600 and later commands use it (real process)', async () => {
    const { user, token } = await server.account()
    const env = envFor()
    const login = await cliProcess(['auth', 'login', '--token', token, '--json'], { env })
    expect(login.code).toBe(0)
    expect(login.json()).toEqual({
      server: server.url,
      user: {
        id: user.id,
        email: user.email,
        name: user.name,
        hasPassword: false,
        createdAt: new Date(user.createdAt).toISOString(),
      },
      configFile: configPath(env),
    })
    expect(statSync(configPath(env)).mode & 0o777).toBe(0o600)
    const stored = JSON.parse(readFileSync(configPath(env), 'utf8'))
    expect(stored).toEqual({
      current: server.url,
      servers: { [server.url]: { token, email: user.email, savedAt: expect.any(String) } },
    })

    const status = await cliProcess(['auth', 'status', '--json'], { env })
    expect(status.json()).toEqual({
      server: server.url,
      tokenSource: 'config',
      authenticated: true,
      user: login.json().user,
      token: {
        id: expect.any(String),
        name: 'test',
        prefix: token.slice(0, 14),
        createdAt: expect.any(String),
        lastUsedAt: expect.any(String),
        scopes: ['records:read', 'records:write', 'apps:write', 'share:write', 'members:write', 'account'],
        apps: null,
        expiresAt: null,
      },
    })
  })

  test('--with-token reads the token from stdin (real process)', async () => {
    const { user, token } = await server.account()
    const env = envFor()
    const login = await cliProcess(['auth', 'login', '--with-token'], { env, stdin: `${token}\n` })
    expect(login.code).toBe(0)
    expect(login.stdout).toStartWith(
      `Logged in to ${server.url} as ${user.email}. The token is stored in ${configPath(env)}.`,
    )
    expect(readConfig(env).servers[server.url].token).toBe(token)
  })

  test('a wrong token exits 4 and stores nothing', async () => {
    const env = envFor()
    const run = await cliInProcess(['auth', 'login', '--token', 'svc_pat_wrong', '--json'], { env })
    expect(run.code).toBe(4)
    expect(JSON.parse(run.stderr).error.type).toBe('unauthorized')
    expect(readConfig(env)).toEqual({ servers: {} })
  })

  test('--email --code logs in with an e-mailed code and stores a new named token', async () => {
    const { user } = await server.account()
    const env = envFor()
    const sent = await cliInProcess(['auth', 'code', '--email', user.email, '--json'], { env })
    expect(sent.json()).toEqual({ sent: true, expiresInSeconds: 600, delivery: 'server-log' })
    const login = await cliInProcess(
      ['auth', 'login', '--email', user.email, '--code', codeFrom(user.email), '--json'],
      { env },
    )
    expect(login.code).toBe(0)
    expect(login.json().user.email).toBe(user.email)
    const tokens = await cliInProcess(['auth', 'token', 'list', '--json'], { env })
    expect(tokens.json().tokens.map((t: { name: string }) => t.name)).toContain(`svc-cli on ${hostname()}`)
  })

  test('a wrong code exits 4 (401 from the server)', async () => {
    const { user } = await server.account()
    await cliInProcess(['auth', 'code', '--email', user.email], { env: envFor() })
    const real = codeFrom(user.email)
    const wrong = `${(Number(real[0]) + 1) % 10}${real.slice(1)}`
    const run = await cliInProcess(['auth', 'login', '--email', user.email, '--code', wrong, '--json'], {
      env: envFor(),
    })
    expect(run.code).toBe(4)
    expect(JSON.parse(run.stderr).error.type).toBe('unauthorized')
  })

  test('signup with --password-stdin, then --email --password-stdin logs in', async () => {
    const env = envFor()
    const signup = await cliProcess(
      ['auth', 'signup', '--email', 'pw@example.com', '--name', 'Pat', '--password-stdin', '--json'],
      { env, stdin: 'a long password\n' },
    )
    expect(signup.code).toBe(0)
    expect(signup.json().user).toMatchObject({ email: 'pw@example.com', name: 'Pat', hasPassword: true })
    const env2 = envFor()
    const login = await cliProcess(['auth', 'login', '--email', 'pw@example.com', '--password-stdin', '--json'], {
      env: env2,
      stdin: 'a long password\n',
    })
    expect(login.code).toBe(0)
    expect(login.json().user.email).toBe('pw@example.com')
    const wrong = await cliProcess(['auth', 'login', '--email', 'pw@example.com', '--password-stdin', '--json'], {
      env: envFor(),
      stdin: 'not it at all\n',
    })
    expect(wrong.code).toBe(4)
    expect(JSON.parse(wrong.stderr).error.message).toStartWith('E-mail or password is wrong')
  })

  test('interactive login on a terminal: e-mail, choose code, enter code', async () => {
    const { user } = await server.account()
    const env = envFor()
    const asked: string[] = []
    const answers: Record<string, () => string> = {
      'E-mail: ': () => user.email,
      'Log in with [c]ode by e-mail or [p]assword? ': () => 'c',
      'Code: ': () => codeFrom(user.email),
    }
    const run = await cliInProcess(['auth', 'login'], {
      env,
      prompt: async (question, secret) => {
        asked.push(`${question}${secret ? '(secret)' : ''}`)
        return answers[question]()
      },
    })
    expect(run.code).toBe(0)
    expect(asked).toEqual(['E-mail: ', 'Log in with [c]ode by e-mail or [p]assword? ', 'Code: '])
    // The test server has no SVC_SMTP_URL: the code went to its log, and the CLI says so.
    expect(run.stderr).toBe(
      `This server has no SMTP (SVC_SMTP_URL), so no e-mail was sent: the login code for ${user.email} is in the server's log (the terminal running svc, or its service's journal), valid 10 minutes.\n`,
    )
    expect(readConfig(env).servers[server.url].email).toBe(user.email)
  })

  test('with SMTP configured the code is said to be e-mailed (interactive login and auth code)', async () => {
    const mailing = await startTestServer({ SVC_SMTP_URL: 'smtp://127.0.0.1:9' })
    try {
      const { user } = await mailing.account()
      const env = { SVC_URL: mailing.url, XDG_CONFIG_HOME: tempConfigHome() }
      const code = () => /\n\s{4}(\d{6})\n/.exec(mailing.mails.filter((m) => m.to === user.email).at(-1)!.text)![1]
      const answers: Record<string, () => string> = {
        'E-mail: ': () => user.email,
        'Log in with [c]ode by e-mail or [p]assword? ': () => 'c',
        'Code: ': code,
      }
      const run = await cliInProcess(['auth', 'login'], { env, prompt: async (question) => answers[question]() })
      expect(run).toMatchObject({ code: 0, stderr: `A login code was sent to ${user.email} (valid 10 minutes).\n` })
      const sent = await cliInProcess(['auth', 'code', '--email', user.email, '--json'], { env })
      expect(sent.json()).toEqual({ sent: true, expiresInSeconds: 600, delivery: 'email' })
    } finally {
      await mailing.close()
    }
  })

  test('interactive password login reads the password as a secret', async () => {
    const env = envFor()
    const asked: string[] = []
    const answers: Record<string, string> = {
      'E-mail: ': 'pw@example.com',
      'Log in with [c]ode by e-mail or [p]assword? ': 'p',
      'Password: ': 'a long password',
    }
    const run = await cliInProcess(['auth', 'login'], {
      env,
      prompt: async (q, secret) => {
        asked.push(`${q}${secret ? '(secret)' : ''}`)
        return answers[q]
      },
    })
    expect(run.code).toBe(0)
    expect(asked.at(-1)).toBe('Password: (secret)')
  })
})

describe('token precedence against the server', () => {
  test('SVC_TOKEN beats the stored token, --token beats SVC_TOKEN', async () => {
    const [a, b, c] = [await server.account(), await server.account(), await server.account()]
    const env = envFor()
    await cliInProcess(['auth', 'login', '--token', a.token], { env })
    const who = async (extraEnv: Record<string, string>, argv: string[] = []) =>
      (await cliProcess(['profile', 'get', '--json', ...argv], { env: { ...env, ...extraEnv } })).json().email
    expect(await who({})).toBe(a.user.email)
    expect(await who({ SVC_TOKEN: b.token })).toBe(b.user.email)
    expect(await who({ SVC_TOKEN: b.token }, ['--token', c.token])).toBe(c.user.email)
  })

  test('--server beats SVC_URL', async () => {
    const { token } = await server.account()
    const run = await cliInProcess(['auth', 'status', '--json', '--server', server.url, '--token', token], {
      env: { SVC_URL: 'http://127.0.0.1:9' },
    })
    expect(run.code).toBe(0)
    expect(run.json()).toMatchObject({ server: server.url, tokenSource: 'flag', authenticated: true })
  })
})

describe('status, tokens, logout', () => {
  test('status without a token exits 4; with a revoked one exits 4', async () => {
    expect((await cliInProcess(['auth', 'status'], { env: envFor() })).code).toBe(4)
    const { token, user } = await server.account()
    const env = envFor()
    await cliInProcess(['auth', 'login', '--token', token], { env })
    await cliInProcess(['auth', 'code', '--email', user.email], { env })
    const code = codeFrom(user.email)
    const created = (
      await cliInProcess(['auth', 'token', 'create', '--name', 'ci', '--code', code, '--json'], { env })
    ).json()
    expect(created).toEqual({
      id: expect.any(String),
      name: 'ci',
      prefix: created.token.slice(0, created.prefix.length),
      createdAt: expect.any(String),
      lastUsedAt: null,
      scopes: ['records:read', 'records:write', 'apps:write', 'share:write', 'members:write', 'account'],
      apps: null,
      expiresAt: null,
      token: expect.stringMatching(/^svc_pat_/),
    })
    const list = (await cliInProcess(['auth', 'token', 'list', '--json'], { env })).json()
    expect(list.tokens.map((t: { name: string }) => t.name).sort()).toEqual(['ci', 'test'])

    const refused = await cliInProcess(['auth', 'token', 'revoke', '--id', created.id], { env })
    expect(refused).toMatchObject({ code: 2, stdout: '' })
    expect(refused.stderr).toStartWith(
      `error: Revoke access token ${created.id}: refusing without confirmation; pass --yes`,
    )

    const revoked = await cliInProcess(['auth', 'token', 'revoke', '--id', created.id, '--yes', '--json'], { env })
    expect(revoked.json()).toEqual({ revoked: true, id: created.id })
    const withRevoked = await cliInProcess(['auth', 'status', '--json'], { env: { ...env, SVC_TOKEN: created.token } })
    expect(withRevoked.code).toBe(4)
  })

  test('human token list is an aligned table', async () => {
    const { token } = await server.account()
    const run = await cliInProcess(['auth', 'token', 'list', '--token', token], { env: envFor() })
    const lines = run.stdout.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^ID\s+NAME\s+PREFIX\s+SCOPES\s+APPS\s+EXPIRES\s+CREATED\s+LAST USED$/)
    expect(lines[1]).toMatch(/ all {2,}all {2,}never /)
    expect(lines[1].indexOf('test')).toBe(lines[0].indexOf('NAME'))
  })

  test('logout revokes the token on the server and forgets it (--revoke, the default, is still accepted)', async () => {
    const { token } = await server.account()
    const env = envFor()
    await cliInProcess(['auth', 'login', '--token', token], { env })
    const out = await cliInProcess(['auth', 'logout', '--revoke', '--json'], { env })
    expect(out.json()).toEqual({
      server: server.url,
      loggedOut: true,
      revoked: true,
      token: {
        id: expect.any(String),
        name: 'test',
        prefix: token.slice(0, 14),
        createdAt: expect.any(String),
        lastUsedAt: expect.any(String),
        scopes: ['records:read', 'records:write', 'apps:write', 'share:write', 'members:write', 'account'],
        apps: null,
        expiresAt: null,
      },
    })
    expect(readConfig(env)).toEqual({ servers: {} })
    expect((await cliInProcess(['auth', 'status'], { env: { ...env, SVC_TOKEN: token } })).code).toBe(4)
    const again = await cliInProcess(['auth', 'logout'], { env })
    expect(again).toMatchObject({ code: 0, stdout: `No stored token for ${server.url}; nothing to do.\n` })
  })
})
