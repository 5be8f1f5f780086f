import { describe, expect, test } from 'bun:test'
import { ConfigError, loadConfig } from '../../server/config.ts'
import { parseRateLimit } from '../../server/contract/share/rate-limit.ts'

describe('loadConfig', () => {
  test('defaults', () => {
    const config = loadConfig({})
    expect(config.port).toBe(8787)
    expect(config.host).toBe('127.0.0.1')
    expect(config.baseUrl).toBe('http://localhost:8787')
    expect(config.baseUrlFromPort).toBe(true)
    expect(config.signup).toBe('first')
    expect(config.synchronous).toBe('full')
    expect(config.rateLimit).toEqual({ rate: 20, burst: 100 })
    expect(config.maxBodyBytes).toBe(1024 * 1024)
    expect(config.smtpUrl).toBeNull()
    expect(config.databasePath.endsWith('/data/svc.db')).toBe(true)
    expect(config.postgresUrl).toBeNull()
    expect(config.secret).toBeNull()
    // HOST is loopback by default: a local proxy (or user) is the only peer, and it is trusted.
    expect(config.trustProxy).toEqual(['127.0.0.0/8', '::1'])
    expect(config.maxControlBodyBytes).toBe(64 * 1024)
  })

  test('SVC_TRUST_PROXY lists addresses and CIDR ranges of both families; SVC_MAX_CONTROL_BODY is a byte count', () => {
    expect(loadConfig({ SVC_TRUST_PROXY: ' 127.0.0.1, ::1 ,10.0.0.0/8,fd00::/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '::1',
      '10.0.0.0/8',
      'fd00::/8',
    ])
    expect(loadConfig({ SVC_MAX_CONTROL_BODY: '2048' }).maxControlBodyBytes).toBe(2048)
  })

  test('without SVC_TRUST_PROXY, loopback peers are trusted only while HOST is loopback; an explicit setting wins', () => {
    const trust = (env: Record<string, string>) => loadConfig(env).trustProxy
    expect([
      trust({ HOST: '127.0.0.1' }),
      trust({ HOST: '127.0.0.2' }),
      trust({ HOST: '::1' }),
      trust({ HOST: 'localhost' }),
      trust({ HOST: '0.0.0.0' }),
      trust({ HOST: '::' }),
      trust({ HOST: '192.0.2.10' }),
      trust({ HOST: '127.0.0.1', SVC_TRUST_PROXY: 'none' }),
      trust({ HOST: '127.0.0.1', SVC_TRUST_PROXY: '::1' }),
      trust({ HOST: '0.0.0.0', SVC_TRUST_PROXY: '10.0.0.0/8' }),
    ]).toEqual([
      ['127.0.0.0/8', '::1'],
      ['127.0.0.0/8', '::1'],
      ['127.0.0.0/8', '::1'],
      ['127.0.0.0/8', '::1'],
      [],
      [],
      [],
      [],
      ['::1'],
      ['10.0.0.0/8'],
    ])
  })

  test('DATABASE_URL=postgres://… selects PostgreSQL with a shared SVC_SECRET (base64 or base64url)', () => {
    const secret = Buffer.alloc(32, 7).toString('base64')
    expect(loadConfig({ DATABASE_URL: 'postgres://svc:pw@db.example:5432/svc', SVC_SECRET: secret })).toMatchObject({
      postgresUrl: 'postgres://svc:pw@db.example:5432/svc',
      secret,
    })
    expect(
      loadConfig({ DATABASE_URL: 'postgresql://db.example/svc', SVC_SECRET: Buffer.alloc(32, 9).toString('base64url') })
        .postgresUrl,
    ).toBe('postgresql://db.example/svc')
  })

  test('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      SVC_DATA_DIR: '/tmp/svc-x',
      SVC_BASE_URL: 'https://forms.example.com/',
      SVC_SIGNUP: 'open',
      SVC_SMTP_URL: 'smtp://u:p@mail.example.com:587',
      SVC_MAIL_FROM: 'Forms <forms@example.com>',
      SVC_SYNC: 'normal',
      SVC_RATE_LIMIT: 'off',
      SVC_MAX_BODY: '2048',
      SVC_LOG: 'silent',
    })
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/tmp/svc-x',
      databasePath: '/tmp/svc-x/svc.db',
      baseUrl: 'https://forms.example.com',
      baseUrlFromPort: false,
      signup: 'open',
      smtpUrl: 'smtp://u:p@mail.example.com:587',
      mailFrom: 'Forms <forms@example.com>',
      synchronous: 'normal',
      rateLimit: null,
      maxBodyBytes: 2048,
      logLevel: 'silent',
    })
  })

  test.each([
    [{ PORT: 'abc' }, 'PORT must be a whole number, got "abc"'],
    [{ PORT: '70000' }, 'PORT must be between 0 and 65535, got 70000'],
    [{ SVC_SIGNUP: 'maybe' }, 'SVC_SIGNUP must be one of first, open, closed, got "maybe"'],
    [{ SVC_SYNC: 'off' }, 'SVC_SYNC must be one of full, normal, got "off"'],
    [{ SVC_BASE_URL: 'forms.example.com' }, 'SVC_BASE_URL must be an absolute http(s) URL, got "forms.example.com"'],
    [{ SVC_RATE_LIMIT: 'fast' }, 'SVC_RATE_LIMIT must look like "20/s,100" or "off", got "fast"'],
    [{ SVC_SMTP_URL: 'mail.example.com' }, 'SVC_SMTP_URL must start with smtp:// or smtps://, got "mail.example.com"'],
    [
      { DATABASE_URL: 'mysql://x' },
      'DATABASE_URL must be a postgres:// URL (or unset for SQLite in SVC_DATA_DIR), got "mysql:"',
    ],
    [
      { DATABASE_URL: 'postgres://db.example/svc' },
      'SVC_SECRET is required with a PostgreSQL DATABASE_URL: every svc process must use the same key; make one with `openssl rand -base64 32`',
    ],
    [
      { SVC_TRUST_PROXY: 'proxy.local' },
      'SVC_TRUST_PROXY must list IP addresses or CIDR ranges separated by commas (e.g. "127.0.0.1,::1" or "10.0.0.0/8"), got "proxy.local"',
    ],
    [
      { SVC_TRUST_PROXY: '10.0.0.0/33' },
      'SVC_TRUST_PROXY must list IP addresses or CIDR ranges separated by commas (e.g. "127.0.0.1,::1" or "10.0.0.0/8"), got "10.0.0.0/33"',
    ],
    [
      { SVC_TRUST_PROXY: '127.0.0.1,,::1' },
      'SVC_TRUST_PROXY must list IP addresses or CIDR ranges separated by commas (e.g. "127.0.0.1,::1" or "10.0.0.0/8"), got ""',
    ],
    [{ SVC_MAX_CONTROL_BODY: '10' }, 'SVC_MAX_CONTROL_BODY must be between 1024 and 67108864, got 10'],
    [{ SVC_SECRET: 'short' }, 'SVC_SECRET must be 32 random bytes in base64 (`openssl rand -base64 32`)'],
  ])('%j is refused with a one-line message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message))
  })

  test('rate limits', () => {
    expect(parseRateLimit('5/s')).toEqual({ rate: 5, burst: 25 })
    expect(parseRateLimit('0.5/s,3')).toEqual({ rate: 0.5, burst: 3 })
    expect(parseRateLimit('OFF')).toBeNull()
  })
})
