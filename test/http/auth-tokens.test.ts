import { describe, expect, test } from 'bun:test'
import { invalid } from '../support/call.ts'
import { testApp } from '../support/http.ts'
import { makeUser } from '../support/users.ts'
import { signUp, T0 } from './auth-fixtures.ts'
import { SCOPES } from '../../server/contract/access/roles.ts'

const PASSWORD = 'correct horse battery'

/** An account with a password and an access token named "test", as `svc-cli auth login` leaves one. */
async function passwordUser(t: ReturnType<typeof testApp>, email = 'owner@example.com') {
  const { user, token } = await signUp(t, { email, password: PASSWORD, tokenName: 'test' })
  return { user, token: token! }
}

const REVOKED = {
  code: 401,
  error: {
    type: 'unauthorized',
    message: 'The access token is invalid or was revoked; create a new one in the admin page (Account → Access Tokens)',
  },
}

describe('access tokens: tokens.create, tokens.list, tokens.revoke', () => {
  test('create shows the token once; the list shows name, prefix and last use but never the secret', async () => {
    const t = testApp()
    const { token, user } = await passwordUser(t)
    const created = await t.call(
      'tokens.create',
      { body: { name: '  deploy bot ', currentPassword: PASSWORD } },
      { token },
    )
    expect(created.status).toBe(200)
    expect(created.headers.get('cache-control')).toBe('no-store')
    const secret: string = created.body.data.token
    expect(created.body).toEqual({
      code: 200,
      data: {
        id: expect.any(String),
        name: 'deploy bot',
        prefix: secret.slice(0, 14),
        createdAt: T0,
        lastUsedAt: null,
        scopes: [...SCOPES],
        apps: null,
        expiresAt: null,
        token: expect.stringMatching(/^svc_pat_[A-Za-z0-9_-]{32}$/),
      },
    })
    t.clock.advance(5 * 60_000)
    expect((await t.call('auth.status', {}, { token: secret })).status).toBe(200)

    const list = await t.call('tokens.list', {}, { token })
    expect(list.status).toBe(200)
    const [newest, older] = list.body.data.tokens
    expect(list.body).toEqual({
      code: 200,
      data: {
        tokens: [
          {
            id: created.body.data.id,
            name: 'deploy bot',
            prefix: secret.slice(0, 14),
            createdAt: T0,
            lastUsedAt: '2026-01-01T00:05:00.000Z',
            scopes: [...SCOPES],
            apps: null,
            expiresAt: null,
          },
          {
            id: expect.any(String),
            name: 'test',
            prefix: token.slice(0, 14),
            createdAt: T0,
            lastUsedAt: '2026-01-01T00:05:00.000Z',
            scopes: [...SCOPES],
            apps: null,
            expiresAt: null,
          },
        ],
      },
    })
    expect(newest.id).not.toBe(older.id)
    expect(list.text).not.toContain(secret)
    expect(
      (await t.ctx.storage.auth.tokens(user.id)).some((row) => row.hash === secret || row.hash.includes(secret)),
    ).toBe(false)
  })

  test('a revoked token fails on the very next request', async () => {
    const t = testApp()
    const { token } = await passwordUser(t)
    const { body } = await t.call(
      'tokens.create',
      { body: { name: 'short-lived', currentPassword: PASSWORD } },
      { token },
    )
    expect((await t.call('auth.status', {}, { token: body.data.token })).status).toBe(200)
    const revoked = await t.call('tokens.revoke', { params: { id: body.data.id } }, { token })
    expect(revoked.status).toBe(200)
    expect(revoked.body).toEqual({ code: 200, data: { revoked: true, id: body.data.id } })
    const after = await t.call('auth.status', {}, { token: body.data.token })
    expect(after.status).toBe(401)
    expect<unknown>(after.body).toEqual(REVOKED)
    const again = await t.call('tokens.revoke', { params: { id: body.data.id } }, { token })
    expect(again.status).toBe(404)
    expect<unknown>(again.body).toEqual({ code: 404, error: { type: 'not_found', message: 'Access token not found' } })
  })

  test('a token can revoke itself', async () => {
    const t = testApp()
    const { token } = await makeUser(t.ctx)
    const [{ id }] = (await t.call('tokens.list', {}, { token })).body.data.tokens
    expect((await t.call('tokens.revoke', { params: { id } }, { token })).status).toBe(200)
    expect<unknown>((await t.call('tokens.list', {}, { token })).body).toEqual(REVOKED)
  })

  test("another account's token id is a 404 and the token keeps working", async () => {
    const t = testApp()
    const mallory = await makeUser(t.ctx)
    const alice = await makeUser(t.ctx)
    const [aliceToken] = (await t.call('tokens.list', {}, { token: alice.token })).body.data.tokens
    const res = await t.call('tokens.revoke', { params: { id: aliceToken.id } }, { token: mallory.token })
    expect(res.status).toBe(404)
    expect<unknown>(res.body).toEqual({ code: 404, error: { type: 'not_found', message: 'Access token not found' } })
    expect((await t.call('auth.status', {}, { token: alice.token })).status).toBe(200)
    expect((await t.call('tokens.list', {}, { token: mallory.token })).body.data.tokens).toHaveLength(1)
  })

  test('an unknown token id is a 404', async () => {
    const t = testApp()
    const { token } = await makeUser(t.ctx)
    const res = await t.call('tokens.revoke', { params: { id: '0190-no-such-id' } }, { token })
    expect(res.status).toBe(404)
    expect(res.body.error).toEqual({ type: 'not_found', message: 'Access token not found' })
  })

  test.each([
    ['no name', {}, { path: 'name', message: 'is required: give a name for the access token, e.g. "laptop"' }],
    ['a blank name', { name: '   ' }, { path: 'name', message: 'give the access token a name, e.g. "laptop"' }],
    [
      'a number',
      { name: 7 },
      { path: 'name', message: 'must be a string: a name for the access token, e.g. "laptop"' },
    ],
    ['an over-long name', { name: 'x'.repeat(101) }, { path: 'name', message: 'must be at most 100 characters' }],
    [
      'a name with a tab',
      { name: 'a\tb' },
      { path: 'name', message: 'must not contain control characters (line breaks, tabs)' },
    ],
  ])('create: 422 for %s', async (_case, body, problem) => {
    const t = testApp()
    const { token, user } = await makeUser(t.ctx)
    const res = await t.call('tokens.create', { body: invalid(body) }, { token })
    expect(res.status).toBe(422)
    expect<unknown>(res.body).toEqual({
      code: 422,
      error: { type: 'validation', message: `name: ${problem.message}`, details: { problems: [problem] } },
    })
    expect(await t.ctx.storage.auth.tokens(user.id)).toHaveLength(1)
  })

  test.each([
    ['tokens.list', {}],
    ['tokens.create', { body: { name: 'x' } }],
    ['tokens.revoke', { params: { id: 'x' } }],
  ] as const)('%s without credentials is 401', async (name, input) => {
    const t = testApp()
    const res = await t.call(name, invalid(input))

    expect(res.status).toBe(401)
    expect(res.body.error!.type).toBe('unauthorized')
  })
})
