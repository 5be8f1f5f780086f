/**
 * GET /api/v3/auth/session, the admin page's check when it loads: it answers 200 whether
 * or not someone is signed in (a signed-out visit is no error in the browser's console),
 * drops the cookie of a session that ended, and never reads an access token.
 */
import { describe, expect, test } from 'bun:test'
import { AUTH } from '../../server/contract/limits.ts'
import { testApp } from '../support/http.ts'
import { SAME_ORIGIN, signUp } from './auth-fixtures.ts'

const CLEARED = 'svc_session=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0'
const NOBODY = { code: 200, data: { authenticated: false } } as const

async function withOwner() {
  const t = testApp({ signup: 'open' })
  const owner = await signUp(t, {
    email: 'owner@example.com',
    password: 'correct horse',
    name: 'Ada Lovelace',
    tokenName: 'ci',
  })
  return { t, owner }
}

describe('GET /api/v3/auth/session', () => {
  test('with the session cookie: the signed-in account, nothing set', async () => {
    const { t, owner } = await withOwner()
    const res = await t.call('auth.session', {}, { cookie: owner.cookie })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ code: 200, data: { authenticated: true, user: owner.user } })
    expect(owner.user.name).toBe('Ada Lovelace')
    expect(res.headers.get('set-cookie')).toBeNull()
  })

  test('without a cookie: 200 and nobody, nothing set', async () => {
    const { t } = await withOwner()
    const res = await t.call('auth.session')
    expect(res.status).toBe(200)
    expect(res.body).toEqual(NOBODY)
    expect(res.headers.get('set-cookie')).toBeNull()
  })

  test('with an unknown cookie: 200, nobody, and the cookie is cleared', async () => {
    const { t } = await withOwner()
    const res = await t.call('auth.session', {}, { cookie: 'svc_session=forged' })
    expect(res.body).toEqual(NOBODY)
    expect(res.headers.get('set-cookie')).toBe(CLEARED)
  })

  test('a session that was logged out or ran out: nobody, and the cookie is cleared', async () => {
    const { t, owner } = await withOwner()
    const second = await signUp(t, { email: 'second@example.com', password: 'correct horse' })
    await t.call('auth.logout', {}, { cookie: owner.cookie, headers: SAME_ORIGIN })
    const loggedOut = await t.call('auth.session', {}, { cookie: owner.cookie })
    expect(loggedOut.body).toEqual(NOBODY)
    expect(loggedOut.headers.get('set-cookie')).toBe(CLEARED)

    t.clock.advance(AUTH.sessionTtlMs + 1)
    const expired = await t.call('auth.session', {}, { cookie: second.cookie })
    expect(expired.body).toEqual(NOBODY)
    expect(expired.headers.get('set-cookie')).toBe(CLEARED)
  })

  test('an access token is not a session: nobody (auth.status is where tokens are checked)', async () => {
    const { t, owner } = await withOwner()
    const res = await t.call('auth.session', {}, { token: owner.token })
    expect(res.body).toEqual(NOBODY)
    expect((await t.call('auth.status', {}, { token: owner.token })).status).toBe(200)
    expect((await t.call('auth.status')).status).toBe(401)
  })
})
