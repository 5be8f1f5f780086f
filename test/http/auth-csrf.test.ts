import { describe, expect, test } from 'bun:test'
import { invalid } from '../support/call.ts'
import { testApp } from '../support/http.ts'
import { makeUser } from '../support/users.ts'
import { SAME_ORIGIN, signUp } from './auth-fixtures.ts'

const CROSS_SITE = {
  code: 403,
  error: {
    type: 'forbidden',
    message: 'Cross-site request refused: the admin session only works from the admin page itself',
  },
}

async function loggedIn() {
  const t = testApp()
  const { cookie } = await signUp(t, { email: 'owner@example.com' })
  return { t, cookie }
}

describe('CSRF: cookie-authenticated changes must come from the admin page', () => {
  test.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
    ['Origin: https://evil.example', { origin: 'https://evil.example' }],
    ['Origin: null', { origin: 'null' }],
    ['neither header (not a browser we can trust with a cookie)', {}],
  ])('cookie + POST with %s → 403 and nothing created', async (_case, headers) => {
    const { t, cookie } = await loggedIn()
    const res = await t.call('tokens.create', { body: { name: 'stolen' } }, { cookie, headers })
    expect(res.status).toBe(403)
    expect<unknown>(res.body).toEqual(CROSS_SITE)
    const list = await t.call('tokens.list', {}, { cookie, headers: SAME_ORIGIN })
    expect(list.body).toEqual({ code: 200, data: { tokens: [] } })
  })

  test.each([
    ['profile.update', { name: 'Mallory' }],
    ['profile.setPassword', { newPassword: 'attacker-chosen' }],
    ['profile.delete', { confirm: 'owner@example.com' }],
  ] as const)('cookie + cross-site %s → 403', async (name, body) => {
    const { t, cookie } = await loggedIn()
    const res = await t.call(name, invalid({ body }), { cookie, headers: { 'sec-fetch-site': 'cross-site' } })
    expect(res.status).toBe(403)
    expect<unknown>(res.body).toEqual(CROSS_SITE)
    const profile = await t.call('profile.get', {}, { cookie })
    expect(profile.body.data).toMatchObject({ name: '', hasPassword: false })
  })

  test.each([
    ['Sec-Fetch-Site: same-origin', SAME_ORIGIN],
    ['Sec-Fetch-Site: none (typed into the address bar)', { 'sec-fetch-site': 'none' }],
    ['Origin of the server itself', { origin: 'http://localhost:8787' }],
  ])('cookie + POST with %s works', async (_case, headers) => {
    const { t, cookie } = await loggedIn()
    const res = await t.call('tokens.create', { body: { name: 'mine' } }, { cookie, headers })
    expect(res.status).toBe(200)
    expect(res.body.data.name).toBe('mine')
  })

  test('a cookie-authenticated GET from anywhere is fine (it changes nothing)', async () => {
    const { t, cookie } = await loggedIn()
    const res = await t.call(
      'auth.status',
      {},
      { cookie, headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' } },
    )
    expect(res.status).toBe(200)
  })

  test('a bearer token works from anywhere: no cookie is involved', async () => {
    const t = testApp()
    const { token } = await makeUser(t.ctx)
    const res = await t.call(
      'apps.create',
      { body: { name: 'from a page' } },
      { token, headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' } },
    )
    expect(res.status).toBe(200)
    expect(res.body.data.name).toBe('from a page')
  })

  test('a bearer token wins over a cookie sent along with it', async () => {
    const t = testApp()
    const { cookie } = await signUp(t, { email: 'owner@example.com' })
    const { token } = await makeUser(t.ctx)
    const res = await t.call('auth.status', {}, { token, cookie })
    expect(res.body.data.method).toBe('token')
  })
})

describe('CORS: control-plane routes are same-origin only', () => {
  test('a request from another origin gets no Access-Control-* headers', async () => {
    const t = testApp()
    const { token } = await makeUser(t.ctx)
    for (const name of ['auth.options', 'auth.status', 'profile.get'] as const) {
      const res = await t.call(name, {}, { token, headers: { origin: 'https://evil.example' } })

      expect(res.status).toBe(200)
      expect([...res.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([])
    }
  })

  // A control-plane path takes no OPTIONS: the preflight is the 405 of any method a path does not take.
  test('a preflight gets no allow headers, only the 405 of a method the path does not take', async () => {
    const t = testApp()
    const cases = [
      ['/api/v3/auth/login', 'POST', 'POST'],
      ['/api/v3/auth/tokens', 'GET, HEAD, POST, DELETE', 'GET, HEAD, POST or DELETE'],
      ['/api/v3/profile', 'GET, HEAD, PATCH, DELETE', 'GET, HEAD, PATCH or DELETE'],
    ]
    for (const [path, allow, alternatives] of cases) {
      const res = await t.request('OPTIONS', path, {
        headers: {
          origin: 'https://evil.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type, authorization',
        },
      })
      expect([...res.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([])
      expect({ status: res.status, allow: res.headers.get('allow'), body: res.body }).toEqual({
        status: 405,
        allow,
        body: {
          code: 405,
          error: {
            type: 'method_not_allowed',
            message: `${path} takes ${alternatives}, not OPTIONS; the API is described at /api/v3/openapi.json`,
          },
        },
      })
    }
  })
})
