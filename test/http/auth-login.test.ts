import { describe, expect, test } from 'bun:test'
import { AUTH } from '../../server/contract/limits.ts'
import { invalid } from '../support/call.ts'
import { testApp, type TestApp } from '../support/http.ts'
import { SAME_ORIGIN, sessionCookieOf, signUp, T0 } from './auth-fixtures.ts'
import { SCOPES } from '../../server/contract/access/roles.ts'

const WRONG = { code: 401, error: { type: 'unauthorized', message: 'E-mail or password is wrong' } }

async function withAccounts() {
  const t = testApp({ signup: 'open' })
  const owner = await signUp(t, { email: 'owner@example.com', password: 'correct horse', name: 'Owner' })
  const nopass = await signUp(t, { email: 'nopass@example.com' })
  return { t, owner, nopass }
}

describe('POST /api/v3/auth/login', () => {
  test('e-mail (any case, padded) and password log in with a session cookie', async () => {
    const { t, owner } = await withAccounts()
    const res = await t.call('auth.login', { body: { email: ' OWNER@example.com', password: 'correct horse' } })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ code: 200, data: { user: owner.user } })
    expect(res.headers.get('set-cookie')).toMatch(
      /^svc_session=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Strict; Path=\/; Max-Age=2592000$/,
    )
    expect(sessionCookieOf(res)).not.toBe(owner.cookie)
    const status = await t.call('auth.status', {}, { cookie: sessionCookieOf(res) })
    expect(status.body.data.method).toBe('session')
  })

  test('tokenName also creates an access token (how the CLI logs in)', async () => {
    const { t, owner } = await withAccounts()
    const res = await t.call('auth.login', {
      body: { email: 'owner@example.com', password: 'correct horse', tokenName: 'ci' },
    })
    expect(res.body).toEqual({
      code: 200,
      data: {
        user: owner.user,
        token: {
          id: expect.any(String),
          name: 'ci',
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
    const list = await t.call('tokens.list', {}, { token: res.body.data.token!.token })
    expect(list.body.data.tokens.map((token: { name: string }) => token.name)).toEqual(['ci'])
  })

  test.each([
    ['a wrong password', 'owner@example.com', 'wrong horse'],
    ['an unknown e-mail', 'nobody@example.com', 'correct horse'],
    ['an account without a password', 'nopass@example.com', 'anything at all'],
  ])('%s gets the same 401 and no cookie', async (_case, email, password) => {
    const { t } = await withAccounts()
    const res = await t.call('auth.login', { body: { email, password } })
    expect(res.status).toBe(401)
    expect<unknown>(res.body).toEqual(WRONG)
    expect(res.headers.get('set-cookie')).toBeNull()
    expect(t.logs.filter((line) => line.includes('failed password login'))).toEqual([
      expect.stringContaining(`{"email":"${email}","address":"unknown"}`),
    ])
  })

  test('an unknown e-mail costs the same argon2id check as a wrong password (no timing hint)', async () => {
    const { t } = await withAccounts()
    // Counted, not timed: what matters is that both paths run one verification with the same cost parameters.
    const checked: Array<{ password: string; parameters: string }> = []
    const admit = t.ctx.passwords.admit.bind(t.ctx.passwords)
    t.ctx.passwords.admit = () => {
      const turn = admit()
      return {
        ...turn,
        verify: (password, hash) => {
          checked.push({ password, parameters: hash.split('$').slice(1, 4).join('$') })
          return turn.verify(password, hash)
        },
      }
    }
    const checkedHashes = async (email: string) => {
      checked.length = 0
      const res = await t.call('auth.login', { body: { email, password: 'wrong horse' } })
      expect<unknown>(res.body).toEqual(WRONG)
      return [...checked]
    }
    const argon2 = { password: 'wrong horse', parameters: 'argon2id$v=19$m=19456,t=2,p=1' }
    expect(await checkedHashes('owner@example.com')).toEqual([argon2])
    expect(await checkedHashes('nobody@example.com')).toEqual([argon2])
    expect(await checkedHashes('nopass@example.com')).toEqual([argon2])
  })

  test.each([
    ['missing password', { email: 'a@b.io' }, { path: 'password', message: 'is required: give the password' }],
    [
      'empty password',
      { email: 'a@b.io', password: '' },
      { path: 'password', message: 'is required: give the password' },
    ],
    [
      'over-long password',
      { email: 'a@b.io', password: 'x'.repeat(AUTH.maxPasswordLength + 1) },
      { path: 'password', message: 'must be at most 256 characters' },
    ],
    [
      'over-long token name',
      { email: 'a@b.io', password: 'x', tokenName: 'x'.repeat(101) },
      { path: 'tokenName', message: 'must be at most 100 characters' },
    ],
  ])('422 for %s', async (_case, body, problem) => {
    const { t } = await withAccounts()
    const res = await t.call('auth.login', { body: invalid(body) })
    expect(res.status).toBe(422)
    expect<unknown>(res.body).toEqual({
      code: 422,
      error: { type: 'validation', message: `${problem.path}: ${problem.message}`, details: { problems: [problem] } },
    })
  })

  test('a log-in a browser reports as cross-site is refused (login CSRF)', async () => {
    const { t } = await withAccounts()
    const body = { email: 'owner@example.com', password: 'correct horse' }
    const refused = {
      code: 403,
      error: {
        type: 'forbidden',
        message: "Cross-site log-in refused: log in from this server's admin page, or from a script or the CLI",
      },
    }
    const foreign: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
    ]
    for (const headers of foreign) {
      const res = await t.call('auth.login', { body }, { headers })
      expect(res.status).toBe(403)
      expect<unknown>(res.body).toEqual(refused)
      expect(res.headers.get('set-cookie')).toBeNull()
    }
    const own: Array<Record<string, string>> = [SAME_ORIGIN, { origin: 'http://localhost:8787' }, {}]
    for (const headers of own) {
      expect((await t.call('auth.login', { body }, { headers })).status).toBe(200)
    }
  })
})

describe('password guessing is capped per address', () => {
  const attempt = (t: TestApp, email: string, password: string) => t.call('auth.login', { body: { email, password } })

  test('after 10 failures the address gets 429 from that client (even with the right password) until the window passes; code login stays open', async () => {
    const { t, owner } = await withAccounts()
    for (let i = 0; i < AUTH.loginFailuresPerWindow; i++)
      expect<unknown>((await attempt(t, 'owner@example.com', `guess ${i}`)).body).toEqual(WRONG)
    const limited = await attempt(t, 'owner@example.com', 'correct horse')
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('900')
    expect(limited.headers.get('set-cookie')).toBeNull()
    expect<unknown>(limited.body).toEqual({
      code: 429,
      error: {
        type: 'rate_limited',
        message:
          'Too many failed log-ins for owner@example.com from your network address: wait 15 minutes (until 2026-01-01T00:15:00.000Z) or log in with an e-mail code instead',
        details: { retryAfterSeconds: 900 },
      },
    })
    // Other addresses are unaffected, and the owner can still log in by code.
    expect((await attempt(t, 'someone@example.com', 'x')).status).toBe(401)
    await t.call('auth.sendCode', { body: { email: 'owner@example.com' } })
    const code = /^\s+(\d{6})$/m.exec(t.mails.at(-1)!.text)![1]
    expect((await t.call('auth.verifyCode', { body: { email: 'owner@example.com', code } })).body.data.user).toEqual(
      owner.user,
    )

    t.clock.advance(AUTH.loginFailureWindowMs - 1000)
    expect((await attempt(t, 'owner@example.com', 'correct horse')).headers.get('retry-after')).toBe('1')
    t.clock.advance(1000)
    expect((await attempt(t, 'owner@example.com', 'correct horse')).status).toBe(200)
  })

  test('unknown addresses are capped alike (no hint who has an account)', async () => {
    const { t } = await withAccounts()
    for (let i = 0; i < AUTH.loginFailuresPerWindow; i++) await attempt(t, 'ghost@example.com', 'x')
    const res = await attempt(t, 'ghost@example.com', 'x')
    expect(res.status).toBe(429)
    expect(res.body.error!.message).toStartWith(
      'Too many failed log-ins for ghost@example.com from your network address: wait 15 minutes',
    )
  })

  test('a successful log-in clears the count', async () => {
    const { t } = await withAccounts()
    for (let i = 0; i < AUTH.loginFailuresPerWindow - 1; i++) await attempt(t, 'owner@example.com', 'wrong')
    expect((await attempt(t, 'owner@example.com', 'correct horse')).status).toBe(200)
    for (let i = 0; i < AUTH.loginFailuresPerWindow - 1; i++) await attempt(t, 'owner@example.com', 'wrong')
    expect((await attempt(t, 'owner@example.com', 'wrong')).status).toBe(401)
  })
})

describe('sessions, POST /logout and GET /status', () => {
  test('logout ends the session and clears the cookie', async () => {
    const { t, owner } = await withAccounts()
    const res = await t.call('auth.logout', {}, { cookie: owner.cookie, headers: SAME_ORIGIN })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ code: 200, data: { loggedOut: true } })
    expect(res.headers.get('set-cookie')).toBe('svc_session=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0')
    const after = await t.call('auth.status', {}, { cookie: owner.cookie })
    expect(after.status).toBe(401)
    expect<unknown>(after.body).toEqual({
      code: 401,
      error: { type: 'unauthorized', message: 'Your session has expired; log in again' },
    })
  })

  test('logout without a cookie still answers and clears', async () => {
    const { t } = await withAccounts()
    const res = await t.call('auth.logout')
    expect(res.body).toEqual({ code: 200, data: { loggedOut: true } })
    expect(res.headers.get('set-cookie')).toBe('svc_session=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0')
  })

  test('a foreign page cannot log the user out', async () => {
    const { t, owner } = await withAccounts()
    const res = await t.call('auth.logout', {}, { cookie: owner.cookie, headers: { 'sec-fetch-site': 'cross-site' } })
    expect(res.status).toBe(403)
    expect<unknown>(res.body).toEqual({
      code: 403,
      error: { type: 'forbidden', message: 'Cross-site request refused: log out from the admin page itself' },
    })
    expect((await t.call('auth.status', {}, { cookie: owner.cookie })).status).toBe(200)
  })

  test('a session expires after its lifetime and is removed', async () => {
    const { t, owner, nopass } = await withAccounts()
    t.clock.advance(AUTH.sessionTtlMs - 1)
    expect((await t.call('auth.status', {}, { cookie: owner.cookie })).status).toBe(200)
    t.clock.advance(1)
    const res = await t.call('auth.status', {}, { cookie: owner.cookie })
    expect(res.status).toBe(401)
    expect(res.body.error!.message).toBe('Your session has expired; log in again')
    // The other account's session (same age) is swept at the next log-in.
    await t.call('auth.login', { body: { email: 'owner@example.com', password: 'correct horse' } })
    expect(await t.ctx.storage.auth.sessions(owner.user.id)).toHaveLength(1)
    expect(await t.ctx.storage.auth.sessions(nopass.user.id)).toEqual([])
  })

  test.each([
    ['no credentials', {}, 'Authentication required: send "Authorization: Bearer <access token>" or log in'],
    [
      'an unknown token',
      { token: 'svc_pat_nope' },
      'The access token is invalid or was revoked; create a new one in the admin page (Account → Access Tokens)',
    ],
    [
      'a malformed Authorization header',
      { headers: { authorization: 'Basic abc' } },
      'The Authorization header must be "Bearer <access token>"',
    ],
    ['an unknown cookie', { cookie: 'svc_session=forged' }, 'Your session has expired; log in again'],
  ])('status with %s is 401', async (_case, options, message) => {
    const { t } = await withAccounts()
    const res = await t.call('auth.status', {}, options)

    expect(res.status).toBe(401)
    expect<unknown>(res.body).toEqual({ code: 401, error: { type: 'unauthorized', message } })
  })
})
