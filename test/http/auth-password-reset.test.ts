/**
 * POST /api/v3/auth/password/reset: a forgotten password replaced with an e-mailed login
 * code, under the same code rules as POST /auth/code/verify.
 */
import { describe, expect, test } from 'bun:test'
import { AUTH } from '../../server/contract/limits.ts'
import { invalid, type CallInput } from '../support/call.ts'
import { testApp, type TestApp } from '../support/http.ts'
import { INVALID_CODE, lastCode, SAME_ORIGIN, sessionCookieOf, signUp, T0 } from './auth-fixtures.ts'
import { SCOPES } from '../../server/contract/access/roles.ts'

const NEW_PASSWORD = 'a brand new password'

async function withAccount() {
  const t = testApp({ signup: 'open' })
  const { user, cookie } = await signUp(t, { email: 'ada@example.com', name: 'Ada', password: 'the old password' })
  await t.call('auth.sendCode', { body: { email: 'ada@example.com' } })
  return { t, user, cookie, code: lastCode(t) }
}

type ResetBody = CallInput<'auth.resetPassword'>['body']

const reset = (t: TestApp, body: Partial<ResetBody> & { code: string }, headers: Record<string, string> = {}) =>
  t.call('auth.resetPassword', { body: { email: 'ada@example.com', newPassword: NEW_PASSWORD, ...body } }, { headers })
const passwordLogin = (t: TestApp, password: string) =>
  t.call('auth.login', { body: { email: 'ada@example.com', password } })
const other = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')
const storedHash = async (t: TestApp) => (await t.ctx.storage.users.byEmail('ada@example.com'))!.passwordHash
/** Ada's stored codes (one per client that asked; these tests ask from one). */
const storedCodes = (t: TestApp) => t.ctx.storage.auth.emailCodes('ada@example.com')

describe('POST /api/v3/auth/password/reset', () => {
  test('sets the new password, ends every other session, logs in and spends the code', async () => {
    const { t, user, cookie, code } = await withAccount()
    const second = await passwordLogin(t, 'the old password')
    expect(await t.ctx.storage.auth.sessions(user.id)).toHaveLength(2)

    const res = await reset(t, { code }, SAME_ORIGIN)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      code: 200,
      data: { user: { ...user, hasPassword: true }, endedSessions: 2, tokens: [] },
    })
    expect(res.headers.get('set-cookie')).toMatch(
      /^svc_session=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Strict; Path=\/; Max-Age=2592000$/,
    )
    expect(res.headers.get('cache-control')).toBe('no-store')

    // Only the session just started is left.
    expect(await t.ctx.storage.auth.sessions(user.id)).toHaveLength(1)
    for (const old of [cookie, sessionCookieOf(second)])
      expect((await t.call('auth.status', {}, { cookie: old })).status).toBe(401)
    expect((await t.call('auth.status', {}, { cookie: sessionCookieOf(res) })).body.data.user.email).toBe(
      'ada@example.com',
    )
    expect(await storedCodes(t)).toEqual([])

    expect((await passwordLogin(t, 'the old password')).status).toBe(401)
    expect((await passwordLogin(t, NEW_PASSWORD)).status).toBe(200)
    expect(t.logs.some((line) => line.includes('password reset by e-mail code'))).toBe(true)
  })

  test('tokenName also returns an access token that works', async () => {
    const { t, user, code } = await withAccount()
    const res = await reset(t, { code, tokenName: 'laptop' })
    expect(res.body).toEqual({
      code: 200,
      data: {
        user,
        token: {
          id: expect.any(String),
          name: 'laptop',
          prefix: expect.any(String),
          createdAt: T0,
          lastUsedAt: null,
          scopes: [...SCOPES],
          apps: null,
          expiresAt: null,
          token: expect.stringMatching(/^svc_pat_/),
        },
        endedSessions: 1,
        tokens: [],
      },
    })
    expect((await t.call('auth.status', {}, { token: res.body.data.token!.token })).status).toBe(200)
  })

  test('an account that only ever used codes gets its first password', async () => {
    const t = testApp({ signup: 'open' })
    const { user } = await signUp(t, { email: 'ada@example.com' })
    await t.call('auth.sendCode', { body: { email: 'ada@example.com' } })
    const res = await reset(t, { code: lastCode(t) })
    expect(res.body).toEqual({
      code: 200,
      data: { user: { ...user, hasPassword: true }, endedSessions: 1, tokens: [] },
    })
    expect((await passwordLogin(t, NEW_PASSWORD)).status).toBe(200)
  })

  test('five wrong codes kill the code: the right one then fails and the password stays', async () => {
    const { t, code } = await withAccount()
    const before = await storedHash(t)
    for (let i = 1; i <= AUTH.codeMaxAttempts; i++) {
      const res = await reset(t, { code: other(code) })
      expect(res.status).toBe(401)
      expect<unknown>(res.body).toEqual(INVALID_CODE)
      expect(res.headers.get('set-cookie')).toBeNull()
      expect((await storedCodes(t)).map((row) => row.attempts)).toEqual(i < AUTH.codeMaxAttempts ? [i] : [])
    }
    expect<unknown>((await reset(t, { code })).body).toEqual(INVALID_CODE)
    expect(await storedHash(t)).toBe(before)
  })

  test('a wrong try on reset counts against code log-in too (one budget per code)', async () => {
    const { t, code } = await withAccount()
    for (let i = 0; i < AUTH.codeMaxAttempts - 1; i++) await reset(t, { code: other(code) })
    expect<unknown>(
      (await t.call('auth.verifyCode', { body: { email: 'ada@example.com', code: other(code) } })).body,
    ).toEqual(INVALID_CODE)
    expect<unknown>((await reset(t, { code })).body).toEqual(INVALID_CODE)
  })

  test('an expired code (10 min + 1 ms) fails; at 10 min − 1 ms it works', async () => {
    const late = await withAccount()
    late.t.clock.advance(AUTH.codeTtlMs + 1)
    expect<unknown>((await reset(late.t, { code: late.code })).body).toEqual(INVALID_CODE)
    const inTime = await withAccount()
    inTime.t.clock.advance(AUTH.codeTtlMs - 1)
    expect((await reset(inTime.t, { code: inTime.code })).status).toBe(200)
  })

  test('a code is single-use: reused for reset, or already used to log in', async () => {
    const { t, code } = await withAccount()
    expect((await reset(t, { code })).status).toBe(200)
    const again = await reset(t, { code, newPassword: 'yet another password' })
    expect(again.status).toBe(401)
    expect<unknown>(again.body).toEqual(INVALID_CODE)
    expect((await passwordLogin(t, NEW_PASSWORD)).status).toBe(200)

    const used = await withAccount()
    expect((await used.t.call('auth.verifyCode', { body: { email: 'ada@example.com', code: used.code } })).status).toBe(
      200,
    )
    expect<unknown>((await reset(used.t, { code: used.code })).body).toEqual(INVALID_CODE)
  })

  test('an unknown e-mail gets the identical 401', async () => {
    const { t, code } = await withAccount()
    await t.call('auth.sendCode', { body: { email: 'stranger@example.com' } })
    const res = await reset(t, { email: 'stranger@example.com', code })
    expect(res.status).toBe(401)
    expect<unknown>(res.body).toEqual(INVALID_CODE)
    expect(await t.ctx.storage.users.count()).toBe(1)
  })

  test.each([
    ['a short password', { newPassword: 'short' }, [{ path: 'newPassword', message: 'must be at least 8 characters' }]],
    [
      'a password too long',
      { newPassword: 'x'.repeat(AUTH.maxPasswordLength + 1) },
      [{ path: 'newPassword', message: 'must be at most 256 characters' }],
    ],
    [
      'no password and a bad code',
      { newPassword: undefined, code: '12a' },
      [
        { path: 'code', message: 'must be the 6 digits from the e-mail' },
        { path: 'newPassword', message: 'is required: give a password of 8–256 characters' },
      ],
    ],
    [
      'an unknown key',
      { password: 'x' },
      [
        {
          path: '',
          message: 'unknown key "password": allowed keys are email, code, newPassword, tokenName, replaceToken',
        },
      ],
    ],
  ])('422 for %s, listing every problem; the code keeps all its tries', async (_case, body, problems) => {
    const { t, code } = await withAccount()
    const res = await reset(t, invalid({ code, ...body }))
    expect(res.status).toBe(422)
    expect<unknown>(res.body).toEqual({
      code: 422,
      error: { type: 'validation', message: expect.any(String), details: { problems } },
    })
    expect((await storedCodes(t))[0].attempts).toBe(0)
    expect((await reset(t, { code })).status).toBe(200)
  })

  test.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['a foreign Origin', { origin: 'https://evil.example' }],
  ])('login CSRF: %s is refused with 403 and the code is not spent', async (_case, headers) => {
    const { t, code } = await withAccount()
    const before = await storedHash(t)
    const res = await reset(t, { code }, headers)
    expect(res.status).toBe(403)
    expect<unknown>(res.body).toEqual({
      code: 403,
      error: {
        type: 'forbidden',
        message: "Cross-site log-in refused: log in from this server's admin page, or from a script or the CLI",
      },
    })
    expect(await storedHash(t)).toBe(before)
    expect(await storedCodes(t)).toHaveLength(1)
  })
})
