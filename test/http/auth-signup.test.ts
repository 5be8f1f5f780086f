import { describe, expect, test } from 'bun:test'
import { AUTH } from '../../server/contract/limits.ts'
import { invalid } from '../support/call.ts'
import { testApp } from '../support/http.ts'
import { sessionCookieOf, signUp, T0 } from './auth-fixtures.ts'
import type { JsonDocument } from '../support/contract.ts'
import { SCOPES } from '../../server/contract/access/roles.ts'

const COOKIE = /^svc_session=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Strict; Path=\/; Max-Age=2592000$/

describe('GET /api/v3/auth/options', () => {
  test('reports the policy and whether sign-up is possible now', async () => {
    const t = testApp()
    const first = await t.call('auth.options')
    expect(first.status).toBe(200)
    expect(first.body).toEqual({
      code: 200,
      data: { signup: 'first', signupAllowed: true, passwordLogin: true, codeLogin: true, smtp: false },
    })
    await signUp(t, { email: 'owner@example.com' })
    expect((await t.call('auth.options')).body.data.signupAllowed).toBe(false)
  })

  test.each([
    ['open', true],
    ['closed', false],
  ] as const)('policy %s', async (signup, allowed) => {
    const t = testApp({ signup, smtpUrl: 'smtp://mail.example.com:587' })
    expect((await t.call('auth.options')).body).toEqual({
      code: 200,
      data: { signup, signupAllowed: allowed, passwordLogin: true, codeLogin: true, smtp: true },
    })
  })
})

describe('POST /api/v3/auth/signup', () => {
  test('the first account signs up, gets a session cookie, and is stored with an argon2id hash', async () => {
    const t = testApp()
    const res = await t.call('auth.signup', {
      body: { email: '  Owner@Example.COM ', password: 'correct horse', name: ' Ada ' },
    })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      code: 200,
      data: {
        user: { id: expect.any(String), email: 'owner@example.com', name: 'Ada', hasPassword: true, createdAt: T0 },
      },
    })
    expect(res.headers.get('set-cookie')).toMatch(COOKIE)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const row = (await t.ctx.storage.users.byId(res.body.data.user.id))!
    expect(row.email).toBe('owner@example.com')
    expect(row.passwordHash).toStartWith('$argon2id$')
    const status = await t.call('auth.status', {}, { cookie: sessionCookieOf(res) })
    expect(status.body).toEqual({
      code: 200,
      data: { authenticated: true, method: 'session', user: res.body.data.user },
    })
  })

  test('without a password the account has none; with tokenName an access token is returned once', async () => {
    const t = testApp()
    const res = await t.call('auth.signup', { body: { email: 'cli@example.com', tokenName: 'laptop' } })
    expect(res.status).toBe(200)
    const { user, token } = res.body.data
    expect(user).toEqual({
      id: expect.any(String),
      email: 'cli@example.com',
      name: '',
      hasPassword: false,
      createdAt: T0,
    })
    expect(token).toEqual({
      id: expect.any(String),
      name: 'laptop',
      prefix: token!.token.slice(0, 14),
      createdAt: T0,
      lastUsedAt: null,
      scopes: [...SCOPES],
      apps: null,
      expiresAt: null,
      token: expect.stringMatching(/^svc_pat_[A-Za-z0-9_-]{32}$/),
    })
    const status = await t.call('auth.status', {}, { token: token!.token })
    const { token: _secret, ...listed } = token!
    expect(status.body).toEqual({
      code: 200,
      data: { authenticated: true, method: 'token', user, token: { ...listed, lastUsedAt: T0 } },
    })
  })

  test('the cookie is Secure when the base URL is https', async () => {
    const t = testApp({ baseUrl: 'https://svc.example.com' })
    const res = await t.call('auth.signup', { body: { email: 'a@example.com' } })
    expect(res.headers.get('set-cookie')).toMatch(
      /^svc_session=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Strict; Path=\/; Max-Age=2592000; Secure$/,
    )
  })

  test('policy first: a second sign-up is refused and nothing is stored', async () => {
    const t = testApp()
    await signUp(t, { email: 'owner@example.com' })
    const res = await t.call('auth.signup', { body: { email: 'second@example.com', password: 'password123' } })
    expect(res.status).toBe(403)
    expect<unknown>(res.body).toEqual({
      code: 403,
      error: {
        type: 'forbidden',
        message:
          'Sign-up is closed: this server already has its owner account; ask the owner for an account (or to set SVC_SIGNUP=open)',
      },
    })
    expect(res.headers.get('set-cookie')).toBeNull()
    expect(await t.ctx.storage.users.count()).toBe(1)
    expect(await t.ctx.storage.users.byEmail('owner@example.com')).not.toBeNull()
  })

  test('policy closed: nobody signs up', async () => {
    const t = testApp({ signup: 'closed' })
    const res = await t.call('auth.signup', { body: { email: 'a@example.com' } })
    expect(res.status).toBe(403)
    expect<unknown>(res.body).toEqual({
      code: 403,
      error: { type: 'forbidden', message: 'Sign-up is closed on this server; ask its owner for an account' },
    })
    expect(await t.ctx.storage.users.count()).toBe(0)
  })

  test('policy open: anyone signs up, but an e-mail is taken once (any case)', async () => {
    const t = testApp({ signup: 'open' })
    await signUp(t, { email: 'a@example.com' })
    await signUp(t, { email: 'b@example.com' })
    const res = await t.call('auth.signup', { body: { email: 'A@EXAMPLE.com' } })
    expect(res.status).toBe(409)
    expect<unknown>(res.body).toEqual({
      code: 409,
      error: { type: 'conflict', message: 'An account with e-mail a@example.com already exists; log in instead' },
    })
    expect(await t.ctx.storage.users.count()).toBe(2)
  })

  test('concurrent first sign-ups: exactly one becomes the owner', async () => {
    const t = testApp()
    const answers = await Promise.all(
      ['one@example.com', 'two@example.com'].map((email) =>
        t.call('auth.signup', { body: { email, password: 'password123' } }),
      ),
    )
    expect(answers.map((r) => r.status).sort()).toEqual([200, 403])
    expect(await t.ctx.storage.users.count()).toBe(1)
  })

  const long = (n: number) => 'x'.repeat(n)
  test.each([
    [
      'missing e-mail',
      {},
      [{ path: 'email', message: 'is required: give an e-mail address such as name@example.com' }],
    ],
    [
      'e-mail of the wrong type',
      { email: 42 },
      [{ path: 'email', message: 'must be a string: an e-mail address such as name@example.com' }],
    ],
    [
      'not an e-mail',
      { email: 'someone' },
      [{ path: 'email', message: 'must be an e-mail address such as name@example.com' }],
    ],
    [
      'blank e-mail',
      { email: '   ' },
      [{ path: 'email', message: 'must be an e-mail address such as name@example.com' }],
    ],
    [
      'over-long e-mail',
      { email: `${long(250)}@x.io` },
      [{ path: 'email', message: 'must be at most 254 characters' }],
    ],
    [
      'short password',
      { email: 'a@b.io', password: 'short' },
      [{ path: 'password', message: 'must be at least 8 characters' }],
    ],
    [
      'over-long password',
      { email: 'a@b.io', password: long(AUTH.maxPasswordLength + 1) },
      [{ path: 'password', message: 'must be at most 256 characters' }],
    ],
    [
      'password of the wrong type',
      { email: 'a@b.io', password: 12345678 },
      [{ path: 'password', message: 'must be a string: a password of 8–256 characters' }],
    ],
    [
      'over-long name',
      { email: 'a@b.io', name: long(101) },
      [{ path: 'name', message: 'must be at most 100 characters' }],
    ],
    [
      'name with a line break',
      { email: 'a@b.io', name: 'a\nb' },
      [{ path: 'name', message: 'must not contain control characters (line breaks, tabs)' }],
    ],
    [
      'empty token name',
      { email: 'a@b.io', tokenName: ' ' },
      [{ path: 'tokenName', message: 'give the access token a name, e.g. "laptop"' }],
    ],
    [
      'misspelt key',
      { email: 'a@b.io', passwrod: 'password123' },
      [{ path: '', message: 'unknown key "passwrod": allowed keys are email, password, name, tokenName' }],
    ],
    [
      'an array',
      [{ email: 'a@b.io' }],
      [{ path: '', message: 'the body must be a JSON object with email, password, name, tokenName' }],
    ],
    [
      'every problem at once',
      { email: 'nope', password: 'short', name: long(101) },
      [
        { path: 'email', message: 'must be an e-mail address such as name@example.com' },
        { path: 'password', message: 'must be at least 8 characters' },
        { path: 'name', message: 'must be at most 100 characters' },
      ],
    ],
  ])('422 for %s', async (_case, body, problems) => {
    const t = testApp()
    const res = await t.call('auth.signup', { body: invalid(body) })
    expect(res.status).toBe(422)
    const message =
      problems.length === 1
        ? `${problems[0].path ? `${problems[0].path}: ` : ''}${problems[0].message}`
        : problems.map((p) => `${p.path}: ${p.message}`).join('; ')
    expect<unknown>(res.body).toEqual({ code: 422, error: { type: 'validation', message, details: { problems } } })
    expect(await t.ctx.storage.users.count()).toBe(0)
  })

  test.each([
    ['broken JSON', '{"email":', 'application/json'],
    ['an empty body', '', 'application/json'],
    ['a form body', 'email=a%40b.io', 'application/x-www-form-urlencoded'],
  ])('400 bad_json for %s', async (_case, raw, type) => {
    const t = testApp()
    const res = await t.call('auth.signup', {}, { raw, headers: { 'content-type': type } })
    expect(res.status).toBe(400)
    expect<unknown>(res.body).toEqual({
      code: 400,
      error: {
        type: 'bad_json',
        message: 'The request body could not be parsed: send valid JSON with Content-Type: application/json',
      },
    })
  })
})

/** The parts of the OpenAPI document the test below reads (the operation declares a plain JSON object). */
interface OpenApiDocument {
  paths: Record<string, JsonDocument>
  components: { schemas: Record<string, unknown> }
}

test('the OpenAPI document shows the auth and profile routes with their body schemas', async () => {
  const t = testApp()
  const doc = (await t.call('openapi.get')).body as unknown as OpenApiDocument
  expect(
    Object.keys(doc.paths)
      .filter((path: string) => /\/(auth|profile)\b/.test(path))
      .sort(),
  ).toEqual([
    '/api/v3/auth/code',
    '/api/v3/auth/code/verify',
    '/api/v3/auth/login',
    '/api/v3/auth/logout',
    '/api/v3/auth/options',
    '/api/v3/auth/password/reset',
    '/api/v3/auth/session',
    '/api/v3/auth/signup',
    '/api/v3/auth/status',
    '/api/v3/auth/tokens',
    '/api/v3/auth/tokens/{id}',
    '/api/v3/profile',
    '/api/v3/profile/email',
    '/api/v3/profile/email/confirm',
    '/api/v3/profile/password',
  ])
  const body = doc.paths['/api/v3/auth/signup'].post.requestBody.content['application/json'].schema
  expect(body).toEqual({ $ref: '#/components/schemas/AuthSignupBody' })
  const schema = doc.components.schemas.AuthSignupBody
  expect(schema).toMatchObject({
    type: 'object',
    required: ['email'],
    additionalProperties: false,
    properties: {
      email: { type: 'string', maxLength: 254 },
      password: { type: 'string', minLength: AUTH.minPasswordLength, maxLength: AUTH.maxPasswordLength },
      name: { type: 'string', maxLength: 100 },
      tokenName: { type: 'string', minLength: 1, maxLength: 100 },
    },
  })
})
