/**
 * Access tokens over their life: a login's token replaces the earlier one of its name
 * (replaceToken), POST /auth/logout with a bearer token revokes it, DELETE /auth/tokens
 * revokes every token but the caller's, and a password reset ends every session and lists
 * the tokens that still work. What the tokens and sessions tables hold afterwards.
 */
import { describe, expect, test } from 'bun:test'
import { tokensStillWork } from '../../server/core/auth/password-reset.ts'
import { testApp, type TestApp, validationBody } from '../support/http.ts'
import { lastCode, SAME_ORIGIN, sessionCookieOf, signUp } from './auth-fixtures.ts'
import { SCOPES } from '../../server/contract/access/roles.ts'

const MACHINE = 'svc-cli on laptop'
const PASSWORD = 'correct horse'
const iso = (ms: number) => new Date(Date.parse('2026-01-01T00:00:00.000Z') + ms).toISOString()
const tokenInfo = (name: string, createdAt: string, lastUsedAt: string | null = null) => ({
  id: expect.any(String),
  name,
  prefix: expect.stringMatching(/^svc_pat_.{6}$/),
  createdAt,
  lastUsedAt,
  scopes: [...SCOPES],
  apps: null,
  expiresAt: null,
})
const REVOKED = {
  code: 401,
  error: {
    type: 'unauthorized',
    message: 'The access token is invalid or was revoked; create a new one in the admin page (Account → Access Tokens)',
  },
}

async function withAccount() {
  const t = testApp({ signup: 'open' })
  const ada = await signUp(t, { email: 'ada@example.com', password: PASSWORD })
  const bob = await signUp(t, { email: 'bob@example.com', password: PASSWORD, tokenName: MACHINE })
  return { t, ada, bob: { ...bob, token: bob.token! } }
}

const login = (t: TestApp, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.call('auth.login', { body: { email: 'ada@example.com', password: PASSWORD, ...body } }, { headers })

/** The ids of the accounts withAccount made (every account of a test). */
async function accountIds(t: TestApp): Promise<string[]> {
  return Promise.all(
    ['ada@example.com', 'bob@example.com'].map(async (email) => (await t.ctx.storage.users.byEmail(email))!.id),
  )
}

/** `{id, name, userId}` of every stored token, oldest first. */
async function storedTokens(t: TestApp) {
  const rows = (await Promise.all((await accountIds(t)).map((id) => t.ctx.storage.auth.tokens(id)))).flat()
  rows.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  return rows.map((row) => ({ id: row.id, name: row.name, userId: row.userId }))
}

/** How many sessions every account has. */
const sessionCount = async (t: TestApp) =>
  (await Promise.all((await accountIds(t)).map((id) => t.ctx.storage.auth.sessions(id)))).flat().length

const status = (t: TestApp, token: string) => t.call('auth.status', {}, { token })

describe('a login token replaces the earlier one of its name (replaceToken)', () => {
  test('password login: the new token works, the old one is revoked, other names and accounts are untouched', async () => {
    const { t, ada, bob } = await withAccount()
    const first = await login(t, { tokenName: MACHINE, replaceToken: true })
    expect(first.body).toEqual({
      code: 200,
      data: {
        user: ada.user,
        token: { ...tokenInfo(MACHINE, iso(0)), token: expect.stringMatching(/^svc_pat_/) },
        replacedTokens: [],
      },
    })
    const ci = await t.call(
      'tokens.create',
      { body: { name: 'ci', currentPassword: PASSWORD } },
      { token: first.body.data.token!.token },
    )
    t.clock.advance(60_000)

    const second = await login(t, { tokenName: MACHINE, replaceToken: true })
    expect(second.status).toBe(200)
    const { token: _secret, ...firstInfo } = first.body.data.token!
    expect(second.body).toEqual({
      code: 200,
      data: {
        user: ada.user,
        token: { ...tokenInfo(MACHINE, iso(60_000)), token: expect.stringMatching(/^svc_pat_/) },
        replacedTokens: [{ ...firstInfo, lastUsedAt: iso(0) }],
      },
    })
    expect<unknown>((await status(t, first.body.data.token!.token)).body).toEqual(REVOKED)
    expect((await status(t, second.body.data.token!.token)).status).toBe(200)
    expect((await status(t, ci.body.data.token)).status).toBe(200)
    expect((await status(t, bob.token)).status).toBe(200)
    expect(await storedTokens(t)).toEqual([
      { id: bob.res.body.data.token!.id, name: MACHINE, userId: bob.user.id },
      { id: ci.body.data.id, name: 'ci', userId: ada.user.id },
      { id: second.body.data.token!.id, name: MACHINE, userId: ada.user.id },
    ])
    expect(
      t.logs.some(
        (line) => line.includes('login replaced access tokens') && line.includes(first.body.data.token!.prefix),
      ),
    ).toBe(true)
  })

  test('code log-in replaces too; every earlier token of the name goes, also one made with POST /tokens', async () => {
    const { t, ada } = await withAccount()
    const plain = await login(t, { tokenName: MACHINE })
    const explicit = await t.call(
      'tokens.create',
      { body: { name: MACHINE, currentPassword: PASSWORD } },
      { token: plain.body.data.token!.token },
    )
    // Explicit creation never revokes: both namesakes live.
    expect((await storedTokens(t)).filter((row) => row.userId === ada.user.id).map((row) => row.name)).toEqual([
      MACHINE,
      MACHINE,
    ])
    expect((await status(t, plain.body.data.token!.token)).status).toBe(200)

    await t.call('auth.sendCode', { body: { email: 'ada@example.com' } })
    const res = await t.call('auth.verifyCode', {
      body: { email: 'ada@example.com', code: lastCode(t), tokenName: MACHINE, replaceToken: true },
    })
    expect(res.status).toBe(200)
    expect(res.body.data.replacedTokens!.map((token: { id: string }) => token.id).sort()).toEqual(
      [plain.body.data.token!.id, explicit.body.data.id].sort(),
    )
    expect((await storedTokens(t)).filter((row) => row.userId === ada.user.id)).toEqual([
      { id: res.body.data.token!.id, name: MACHINE, userId: ada.user.id },
    ])
  })

  test('without replaceToken a login only adds a token; without tokenName (the admin page) it makes none', async () => {
    const { t, ada } = await withAccount()
    await login(t, { tokenName: MACHINE })
    await login(t, { tokenName: MACHINE, replaceToken: false })
    const admin = await login(t, {}, SAME_ORIGIN)
    expect(admin.body).toEqual({ code: 200, data: { user: ada.user } })
    expect((await storedTokens(t)).filter((row) => row.userId === ada.user.id).map((row) => row.name)).toEqual([
      MACHINE,
      MACHINE,
    ])
  })

  test('replaceToken without tokenName is a 422 that spends no code; a non-boolean is a 422', async () => {
    const { t } = await withAccount()
    const problem = {
      path: 'replaceToken',
      message: 'needs tokenName: name the access token that replaces the earlier ones of that name',
    }
    expect<unknown>((await login(t, { replaceToken: true })).body).toEqual(validationBody(problem))
    expect<unknown>((await login(t, { tokenName: MACHINE, replaceToken: 'yes' })).body).toEqual(
      validationBody({ path: 'replaceToken', message: 'must be true or false' }),
    )
    await t.call('auth.sendCode', { body: { email: 'ada@example.com' } })
    const refused = await t.call('auth.verifyCode', {
      body: { email: 'ada@example.com', code: lastCode(t), replaceToken: true },
    })
    expect(refused.status).toBe(422)
    expect<unknown>(refused.body).toEqual(validationBody(problem))
    expect(await t.ctx.storage.auth.emailCodes('ada@example.com')).toEqual([expect.objectContaining({ attempts: 0 })])
  })
})

describe('POST /api/v3/auth/logout with a bearer token', () => {
  test('revokes exactly that token; sessions and other tokens stay', async () => {
    const { t, ada, bob } = await withAccount()
    const mine = await login(t, { tokenName: MACHINE })
    const other = await login(t, { tokenName: 'desk' })
    t.clock.advance(120_000)
    const sessionsBefore = await sessionCount(t)

    const res = await t.call('auth.logout', {}, { token: mine.body.data.token!.token })
    expect(res.status).toBe(200)
    const { token: _secret, ...info } = mine.body.data.token!
    expect(res.body).toEqual({ code: 200, data: { loggedOut: true, revoked: info } })
    expect(res.headers.get('set-cookie')).toBeNull()
    expect<unknown>((await status(t, mine.body.data.token!.token)).body).toEqual(REVOKED)
    expect((await status(t, other.body.data.token!.token)).status).toBe(200)
    expect((await t.call('auth.status', {}, { cookie: ada.cookie })).status).toBe(200)
    expect(await sessionCount(t)).toBe(sessionsBefore)
    expect((await storedTokens(t)).map((row) => row.id)).toEqual([
      bob.res.body.data.token!.id,
      other.body.data.token!.id,
    ])
  })

  test('a revoked, unknown or malformed token is a 401 and changes nothing', async () => {
    const { t } = await withAccount()
    const mine = await login(t, { tokenName: MACHINE })
    expect((await t.call('auth.logout', {}, { token: mine.body.data.token!.token })).status).toBe(200)
    const before = await storedTokens(t)
    for (const token of [mine.body.data.token!.token, 'svc_pat_unknown', 'not-a-token']) {
      const again = await t.call('auth.logout', {}, { token })
      expect(again.status).toBe(401)
      expect<unknown>(again.body).toEqual({
        code: 401,
        error: {
          type: 'unauthorized',
          message: 'The access token is invalid or was already revoked; nothing to log out',
        },
      })
    }
    const malformed = await t.call('auth.logout', {}, { headers: { authorization: 'Basic abc' } })
    expect<unknown>(malformed.body).toEqual({
      code: 401,
      error: { type: 'unauthorized', message: 'The Authorization header must be "Bearer <access token>"' },
    })
    expect(await storedTokens(t)).toEqual(before)
  })
})

describe('DELETE /api/v3/auth/tokens', () => {
  test('with a token: revokes every other token of the account, newest first, and keeps the caller', async () => {
    const { t, ada, bob } = await withAccount()
    const keep = await login(t, { tokenName: MACHINE })
    t.clock.advance(1000)
    const old = await login(t, { tokenName: 'old laptop' })
    t.clock.advance(1000)
    const ci = await t.call(
      'tokens.create',
      { body: { name: 'ci', currentPassword: PASSWORD } },
      { token: keep.body.data.token!.token },
    )

    const res = await t.call('tokens.revokeAll', {}, { token: keep.body.data.token!.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      code: 200,
      data: {
        revoked: [
          { ...tokenInfo('ci', iso(2000)), id: ci.body.data.id },
          { ...tokenInfo('old laptop', iso(1000)), id: old.body.data.token!.id },
        ],
        kept: keep.body.data.token!.id,
      },
    })
    expect(await storedTokens(t)).toEqual([
      { id: bob.res.body.data.token!.id, name: MACHINE, userId: bob.user.id },
      { id: keep.body.data.token!.id, name: MACHINE, userId: ada.user.id },
    ])
    expect((await status(t, ci.body.data.token)).status).toBe(401)
    expect((await status(t, keep.body.data.token!.token)).status).toBe(200)
    // Nothing left to revoke.
    expect((await t.call('tokens.revokeAll', {}, { token: keep.body.data.token!.token })).body).toEqual({
      code: 200,
      data: { revoked: [], kept: keep.body.data.token!.id },
    })
  })

  test('from the admin session: revokes them all; cross-site it is refused', async () => {
    const { t, ada, bob } = await withAccount()
    await login(t, { tokenName: MACHINE })
    const foreign = await t.call(
      'tokens.revokeAll',
      {},
      { cookie: ada.cookie, headers: { 'sec-fetch-site': 'cross-site' } },
    )
    expect(foreign.status).toBe(403)
    expect(await storedTokens(t)).toHaveLength(2)
    const res = await t.call('tokens.revokeAll', {}, { cookie: ada.cookie, headers: SAME_ORIGIN })
    expect(res.body).toEqual({ code: 200, data: { revoked: [tokenInfo(MACHINE, iso(0))], kept: null } })
    expect(await storedTokens(t)).toEqual([{ id: bob.res.body.data.token!.id, name: MACHINE, userId: bob.user.id }])
  })

  test('without credentials it is a 401', async () => {
    const { t } = await withAccount()
    const res = await t.call('tokens.revokeAll')
    expect(res.status).toBe(401)
    expect(await storedTokens(t)).toHaveLength(1)
  })
})

describe('a password reset ends every session and lists the tokens that still work', () => {
  test('sessions all end; the answer lists the other tokens with a warning; the reset token replaced its namesake', async () => {
    const { t, ada } = await withAccount()
    const laptop = await login(t, { tokenName: MACHINE, replaceToken: true })
    const ci = await t.call(
      'tokens.create',
      { body: { name: 'ci', currentPassword: PASSWORD } },
      { token: laptop.body.data.token!.token },
    )
    t.clock.advance(5 * 60_000)
    expect((await status(t, ci.body.data.token)).status).toBe(200)
    const browser = await login(t, {}, SAME_ORIGIN)
    const adaSessions = () => t.ctx.storage.auth.sessions(ada.user.id)
    // Sign-up, the CLI login and the browser login each started a session.
    expect(await adaSessions()).toHaveLength(3)

    await t.call('auth.sendCode', { body: { email: 'ada@example.com' } })
    const res = await t.call('auth.resetPassword', {
      body: {
        email: 'ada@example.com',
        code: lastCode(t),
        newPassword: 'a brand new password',
        tokenName: MACHINE,
        replaceToken: true,
      },
    })
    expect(res.status).toBe(200)
    const { token: _secret, ...laptopInfo } = laptop.body.data.token!
    expect(res.body).toEqual({
      code: 200,
      data: {
        user: ada.user,
        token: { ...tokenInfo(MACHINE, iso(5 * 60_000)), token: expect.stringMatching(/^svc_pat_/) },
        replacedTokens: [{ ...laptopInfo, lastUsedAt: iso(0) }],
        endedSessions: 3,
        tokens: [{ ...tokenInfo('ci', iso(0), iso(5 * 60_000)), id: ci.body.data.id }],
        warnings: [tokensStillWork(1)],
      },
    })
    expect(tokensStillWork(1)).toBe(
      '1 access token made before the reset still works: revoke any you do not recognise (svc-cli auth token revoke <id>, ' +
        "or every token but the CLI's own with svc-cli auth token revoke --all; DELETE /api/v3/auth/tokens/{id} or DELETE /api/v3/auth/tokens over HTTP; " +
        'or Account → Access Tokens in the admin page), or keep it if it is yours',
    )
    // Only the reset's own session is left; the old cookies are dead.
    expect(await adaSessions()).toHaveLength(1)
    for (const cookie of [ada.cookie, sessionCookieOf(browser)])
      expect((await t.call('auth.status', {}, { cookie })).status).toBe(401)
    expect((await t.call('auth.status', {}, { cookie: sessionCookieOf(res) })).status).toBe(200)

    // One command later only the reset's token is left.
    const cleaned = await t.call('tokens.revokeAll', {}, { token: res.body.data.token!.token })
    expect(cleaned.body.data.revoked.map((token: { id: string }) => token.id)).toEqual([ci.body.data.id])
    expect((await storedTokens(t)).filter((row) => row.userId === ada.user.id)).toEqual([
      { id: res.body.data.token!.id, name: MACHINE, userId: ada.user.id },
    ])
  })
})
