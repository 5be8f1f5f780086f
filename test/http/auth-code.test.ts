import { describe, expect, test } from 'bun:test'
import { AUTH } from '../../server/contract/limits.ts'
import { invalid } from '../support/call.ts'
import { testApp, type TestApp } from '../support/http.ts'
import { INVALID_CODE, lastCode, sessionCookieOf, signUp, T0 } from './auth-fixtures.ts'
import { SCOPES } from '../../server/contract/access/roles.ts'

const SENT = { code: 200, data: { sent: true, expiresInSeconds: 600 } } as const

async function withAccount() {
  const t = testApp({ signup: 'open' })
  const { user } = await signUp(t, { email: 'ada@example.com', name: 'Ada' })
  return { t, user }
}

/** Ada's stored codes (one per client that asked; these tests ask from one). */
const storedCodes = (t: TestApp) => t.ctx.storage.auth.emailCodes('ada@example.com')

const requestCode = (t: TestApp, email = 'ada@example.com') => t.call('auth.sendCode', { body: { email } })
const verify = (t: TestApp, code: string, extra: Record<string, unknown> = {}) =>
  t.call('auth.verifyCode', { body: { email: 'ada@example.com', code, ...extra } })
/** A six-digit code that is not `code`. */
const other = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe('POST /api/v3/auth/code', () => {
  test.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Origin: https://evil.example', { origin: 'https://evil.example' }],
  ])(
    'a request a browser says comes from another site (%s) is refused like the other log-in writes, and sends nothing',
    async (_case, headers) => {
      const { t } = await withAccount()
      const res = await t.call('auth.sendCode', { body: { email: 'ada@example.com' } }, { headers })
      expect(res.status).toBe(403)
      expect<unknown>(res.body).toEqual({
        code: 403,
        error: {
          type: 'forbidden',
          message: "Cross-site log-in refused: log in from this server's admin page, or from a script or the CLI",
        },
      })
      await Promise.resolve()
      expect(t.mails).toEqual([])
      expect(await t.ctx.storage.auth.codeSends('ada@example.com')).toEqual([])
    },
  )
  test('mails a six-digit code, stores only its hash, and the code logs in once', async () => {
    const { t, user } = await withAccount()
    const res = await requestCode(t, ' Ada@Example.com ')
    expect(res.status).toBe(200)
    expect(res.body).toEqual(SENT)
    await Promise.resolve()
    expect(t.mails).toHaveLength(1)
    const code = lastCode(t)
    expect(t.mails[0]).toEqual({
      to: 'ada@example.com',
      subject: `Your svc login code: ${code}`,
      text: `Your login code for http://localhost:8787 is:\n\n    ${code}\n\nIt is valid for 10 minutes and works once. Enter it where you asked for it.\n\nIf you did not ask for a code, ignore this e-mail: nobody can log in without it.\n`,
    })
    const stored = await storedCodes(t)
    expect(stored).toEqual([
      {
        email: 'ada@example.com',
        client: 'unknown',
        codeHash: expect.stringMatching(/^[0-9a-f]{64}$/),
        expiresAt: Date.parse(T0) + AUTH.codeTtlMs,
        attempts: 0,
        createdAt: Date.parse(T0),
      },
    ])
    expect(JSON.stringify(stored)).not.toContain(code)

    const login = await verify(t, code)
    expect(login.status).toBe(200)
    expect(login.body).toEqual({ code: 200, data: { user } })
    expect(login.headers.get('set-cookie')).toMatch(
      /^svc_session=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Strict; Path=\/; Max-Age=2592000$/,
    )
    expect((await t.call('auth.status', {}, { cookie: sessionCookieOf(login) })).status).toBe(200)
    expect(await storedCodes(t)).toEqual([])

    const reuse = await verify(t, code)
    expect(reuse.status).toBe(401)
    expect<unknown>(reuse.body).toEqual(INVALID_CODE)
  })

  test('tokenName also returns an access token; spaces inside the code are ignored', async () => {
    const { t, user } = await withAccount()
    await requestCode(t)
    const code = lastCode(t)
    const res = await verify(t, `${code.slice(0, 3)} ${code.slice(3)}`, { tokenName: 'agent' })
    expect(res.body).toEqual({
      code: 200,
      data: {
        user,
        token: {
          id: expect.any(String),
          name: 'agent',
          prefix: expect.any(String),
          createdAt: T0,
          lastUsedAt: null,
          scopes: [...SCOPES],
          apps: null,
          expiresAt: null,
          token: expect.stringMatching(/^svc_pat_/),
        },
      },
    })
  })

  test('an unknown address gets the identical answer, no mail, and the same hourly cap', async () => {
    const { t } = await withAccount()
    const res = await requestCode(t, 'stranger@example.com')
    expect(res.status).toBe(200)
    expect(res.body).toEqual(SENT)
    await Promise.resolve()
    expect(t.mails).toEqual([])
    expect(await storedCodes(t)).toEqual([])
    for (let i = 0; i < 4; i++) expect((await requestCode(t, 'stranger@example.com')).status).toBe(200)
    expect((await requestCode(t, 'stranger@example.com')).status).toBe(429)
  })

  test('the code works until 10 minutes have passed', async () => {
    const { t } = await withAccount()
    await requestCode(t)
    t.clock.advance(AUTH.codeTtlMs - 1)
    expect((await verify(t, lastCode(t))).status).toBe(200)
  })

  test('an expired code (10 min + 1 ms) fails', async () => {
    const { t } = await withAccount()
    await requestCode(t)
    t.clock.advance(AUTH.codeTtlMs + 1)
    const res = await verify(t, lastCode(t))
    expect(res.status).toBe(401)
    expect<unknown>(res.body).toEqual(INVALID_CODE)
    expect(res.headers.get('set-cookie')).toBeNull()
  })

  test('five wrong tries kill the code: the right one then fails', async () => {
    const { t } = await withAccount()
    await requestCode(t)
    const code = lastCode(t)
    for (let i = 1; i <= AUTH.codeMaxAttempts; i++) {
      const res = await verify(t, other(code))
      expect(res.status).toBe(401)
      expect<unknown>(res.body).toEqual(INVALID_CODE)
      expect((await storedCodes(t)).map((row) => row.attempts)).toEqual(i < 5 ? [i] : [])
    }
    expect<unknown>((await verify(t, code)).body).toEqual(INVALID_CODE)
  })

  test('four wrong tries leave the right code working', async () => {
    const { t } = await withAccount()
    await requestCode(t)
    const code = lastCode(t)
    for (let i = 0; i < AUTH.codeMaxAttempts - 1; i++) await verify(t, other(code))
    expect((await verify(t, code)).status).toBe(200)
  })

  test('a new request replaces the old code', async () => {
    const { t } = await withAccount()
    await requestCode(t)
    const first = lastCode(t)
    await requestCode(t)
    const second = lastCode(t)
    expect(await storedCodes(t)).toHaveLength(1)
    if (first !== second) expect<unknown>((await verify(t, first)).body).toEqual(INVALID_CODE)
    expect((await verify(t, second)).status).toBe(200)
  })

  test("one address's code does not log in another account", async () => {
    const { t } = await withAccount()
    await signUp(t, { email: 'bob@example.com' })
    await requestCode(t)
    const res = await t.call('auth.verifyCode', { body: { email: 'bob@example.com', code: lastCode(t) } })
    expect<unknown>(res.body).toEqual(INVALID_CODE)
  })

  test('five code requests an hour per address; the sixth is 429 with Retry-After', async () => {
    const { t } = await withAccount()
    for (let i = 0; i < AUTH.codeEmailsPerHour; i++) {
      expect((await requestCode(t)).body).toEqual(SENT)
      t.clock.advance(60_000)
    }
    const limited = await requestCode(t)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe(String(3600 - 5 * 60))
    expect<unknown>(limited.body).toEqual({
      code: 429,
      error: {
        type: 'rate_limited',
        message:
          'Too many login codes requested for ada@example.com: at most 5 an hour. Use the last code you received, or ask again in 55 minutes (after 2026-01-01T01:00:00.000Z)',
        details: { retryAfterSeconds: 3300 },
      },
    })
    await Promise.resolve()
    expect(t.mails).toHaveLength(5)
    expect((await requestCode(t, 'other@example.com')).status).toBe(200)
    t.clock.advance(55 * 60_000 - 1000)
    expect((await requestCode(t)).headers.get('retry-after')).toBe('1')
    t.clock.advance(1000)
    expect((await requestCode(t)).body).toEqual(SENT)
    // Requests older than the hour are swept.
    expect(await t.ctx.storage.auth.codeSends('ada@example.com')).toHaveLength(5)
  })

  test('a code for an account deleted meanwhile does not log in', async () => {
    const { t, user } = await withAccount()
    await requestCode(t)
    await t.ctx.storage.users.delete(user.id)
    expect<unknown>((await verify(t, lastCode(t))).body).toEqual(INVALID_CODE)
  })

  test('no code requested: 401', async () => {
    const { t } = await withAccount()
    expect<unknown>((await verify(t, '123456')).body).toEqual(INVALID_CODE)
  })

  test.each([
    [
      'a short code',
      { email: 'ada@example.com', code: '12345' },
      [{ path: 'code', message: 'must be the 6 digits from the e-mail' }],
    ],
    [
      'letters',
      { email: 'ada@example.com', code: '12345a' },
      [{ path: 'code', message: 'must be the 6 digits from the e-mail' }],
    ],
    [
      'a number',
      { email: 'ada@example.com', code: 123456 },
      [{ path: 'code', message: 'must be a string: the 6-digit code from the e-mail, e.g. "042137"' }],
    ],
    [
      'nothing',
      {},
      [
        { path: 'email', message: 'is required: give an e-mail address such as name@example.com' },
        { path: 'code', message: 'is required: give the 6-digit code from the e-mail, e.g. "042137"' },
      ],
    ],
  ])('verify: 422 for %s (no try used up)', async (_case, body, problems) => {
    const { t } = await withAccount()
    await requestCode(t)
    const res = await t.call('auth.verifyCode', { body: invalid(body) })
    expect(res.status).toBe(422)
    expect(res.body.error!.details).toEqual({ problems })
    expect((await storedCodes(t))[0].attempts).toBe(0)
  })

  test('request: 422 for a bad address, 400 for broken JSON', async () => {
    const { t } = await withAccount()
    const bad = await t.call('auth.sendCode', { body: { email: 'ada' } })
    expect(bad.status).toBe(422)
    expect<unknown>(bad.body).toEqual({
      code: 422,
      error: {
        type: 'validation',
        message: 'email: must be an e-mail address such as name@example.com',
        details: { problems: [{ path: 'email', message: 'must be an e-mail address such as name@example.com' }] },
      },
    })
    const broken = await t.call('auth.sendCode', {}, { raw: '{', headers: { 'content-type': 'application/json' } })
    expect(broken.status).toBe(400)
    expect(broken.body.error!.type).toBe('bad_json')
    expect(await t.ctx.storage.auth.codeSends('ada')).toEqual([])
    expect(await t.ctx.storage.auth.codeSends('ada@example.com')).toEqual([])
  })

  test('a failing mailer is logged, and the answer is unchanged', async () => {
    const { t } = await withAccount()
    t.ctx.mailer = { description: 'broken', send: async () => Promise.reject(new Error('connection refused')) }
    expect((await requestCode(t)).body).toEqual(SENT)
    await t.ctx.shutdown()
    expect(
      t.logs.some((line) => line.includes('could not send a login code e-mail') && line.includes('connection refused')),
    ).toBe(true)
  })
})
