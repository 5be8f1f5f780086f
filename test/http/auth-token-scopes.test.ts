/**
 * Scoped, expiring access tokens: a token may be limited to some scopes, some apps and a
 * time; the policy holds it to them on every operation and on the share endpoint's reads,
 * an expired one is 401 token_expired, and only a person (password, code or a fresh
 * session) creates one — never another token alone.
 */
import { describe, expect, test } from 'bun:test'
import { SCOPES } from '../../server/contract/access/roles.ts'
import { queueExpiryNotices } from '../../server/core/auth/token-expiry.ts'
import { testApp, type TestApp } from '../support/http.ts'
import { makeEndpoint } from '../support/records.ts'
import { signUp, T0 } from './auth-fixtures.ts'

const PASSWORD = 'correct horse battery'
const DAY = 24 * 60 * 60 * 1000

/** An owner with a password, two published apps (reads off) and a full token. */
async function setup() {
  const t = testApp()
  const { user, token } = await signUp(t, { email: 'ada@example.com', password: PASSWORD, tokenName: 'laptop' })
  const survey = await makeEndpoint(t.ctx, user.id, { name: 'Survey', fields: [{ name: 'email' }] })
  const other = await makeEndpoint(t.ctx, user.id, { name: 'Other' })
  return { t, user, owner: token!, survey, other }
}

/** Creates a token with `body` using the owner's full token and password; the secret. */
async function tokenWith(t: TestApp, owner: string, body: Record<string, unknown>): Promise<string> {
  const res = await t.call(
    'tokens.create',
    { body: { name: 'ci', currentPassword: PASSWORD, ...body } },
    { token: owner },
  )
  if (res.status !== 200) throw new Error(`tokens.create: ${res.status} ${res.text}`)
  return res.body.data.token
}

const forbiddenScope = (permission: string, scope: string) => ({
  code: 403,
  error: {
    type: 'forbidden',
    message: `This access token lacks the scope ${scope} (permission ${permission}); create a token with it: svc-cli auth token create --scopes ${scope}`,
    details: { permission, scope },
  },
})

const APP_NOT_FOUND = { code: 404, error: { type: 'not_found', message: 'App not found' } }

describe('tokens.create with scopes, apps and expiresAt', () => {
  test('the answer, the list and auth.status show what the token is limited to', async () => {
    const { t, owner, survey } = await setup()
    const expiresAt = '2026-04-01T00:00:00.000Z'
    const res = await t.call(
      'tokens.create',
      {
        body: {
          name: 'export job',
          scopes: ['records:read'],
          apps: [survey.appId],
          expiresAt: '2026-04-01T02:00:00+02:00',
          currentPassword: PASSWORD,
        },
      },
      { token: owner },
    )
    expect(res.status).toBe(200)
    const listed = {
      id: res.body.data.id,
      name: 'export job',
      prefix: res.body.data.token.slice(0, 14),
      createdAt: T0,
      lastUsedAt: null,
      scopes: ['records:read'],
      apps: [survey.appId],
      expiresAt,
    }
    expect<unknown>(res.body).toEqual({ code: 200, data: { ...listed, token: expect.stringMatching(/^svc_pat_/) } })
    const status = await t.call('auth.status', {}, { token: res.body.data.token })
    expect<unknown>(status.body).toEqual({
      code: 200,
      data: {
        authenticated: true,
        method: 'token',
        user: expect.objectContaining({ email: 'ada@example.com' }),
        token: { ...listed, lastUsedAt: T0 },
      },
    })
    const list = await t.call('tokens.list', {}, { token: owner })
    expect<unknown>(list.body.data.tokens[0]).toEqual({ ...listed, lastUsedAt: T0 })
  })

  test('another token alone creates nothing: 403 reauth_required, no token stored', async () => {
    const { t, user, owner } = await setup()
    const res = await t.call('tokens.create', { body: { name: 'successor' } }, { token: owner })
    expect<unknown>(res.body).toEqual({
      code: 403,
      error: {
        type: 'reauth_required',
        message:
          'Creating an access token with another access token needs your current password: send it as "currentPassword"',
        details: { method: 'password' },
      },
    })
    expect((await t.ctx.storage.auth.tokens(user.id)).map((row) => row.name)).toEqual(['laptop'])
  })

  test.each([
    [
      'an app that is not the caller’s',
      { apps: ['no-such-app'] },
      { path: 'apps.0', message: '"no-such-app" is not an app of yours: svc-cli app list shows their ids' },
    ],
    [
      'an expiry in the past',
      { expiresAt: '2025-12-31T23:59:59Z' },
      { path: 'expiresAt', message: 'must be in the future (it is 2026-01-01T00:00:00.000Z now)' },
    ],
    [
      'an unknown scope',
      { scopes: ['records:read', 'everything'] },
      {
        path: 'scopes.1',
        message: 'must be one of records:read, records:write, apps:write, share:write, members:write, account',
      },
    ],
    ['a scope twice', { scopes: ['account', 'account'] }, { path: 'scopes', message: 'names a scope twice' }],
    [
      'an expiry without its zone',
      { expiresAt: '2027-01-01T00:00:00' },
      {
        path: 'expiresAt',
        message: 'must be a date and time with its zone, e.g. 2027-03-01T00:00:00Z, or null for never',
      },
    ],
  ])('422 for %s, nothing stored', async (_case, limits, problem) => {
    const { t, user, owner } = await setup()
    const res = await t.call(
      'tokens.create',
      { body: { name: 'ci', currentPassword: PASSWORD, ...(limits as object) } },
      { token: owner },
    )
    expect<unknown>(res.body).toEqual({
      code: 422,
      error: { type: 'validation', message: `${problem.path}: ${problem.message}`, details: { problems: [problem] } },
    })
    expect(await t.ctx.storage.auth.tokens(user.id)).toHaveLength(1)
  })
})

describe('a records:read token for one app', () => {
  test('reads that app; is refused on its fields, on the other app and on creating tokens', async () => {
    const { t, owner, survey, other } = await setup()
    await t.call('ingest.post', { params: { token: survey.token }, body: { email: 'x@example.com' } })
    const reader = await tokenWith(t, owner, { scopes: ['records:read'], apps: [survey.appId] })

    const records = await t.call('records.list', { params: { id: survey.appId } }, { token: reader })
    expect(records.status).toBe(200)
    expect(records.body.records.map((record: { data: unknown }) => record.data)).toEqual([{ email: 'x@example.com' }])

    const field = await t.call(
      'fields.add',
      { params: { id: survey.appId }, body: { name: 'age', type: 'number' } },
      { token: reader },
    )
    expect<unknown>(field.body).toEqual(forbiddenScope('apps:write', 'apps:write'))
    expect((await t.ctx.storage.fields.list(survey.appId)).map((f) => f.name)).toEqual(['email'])

    expect<unknown>((await t.call('records.list', { params: { id: other.appId } }, { token: reader })).body).toEqual(
      APP_NOT_FOUND,
    )
    expect<unknown>((await t.call('apps.get', { params: { id: other.appId } }, { token: reader })).body).toEqual(
      APP_NOT_FOUND,
    )

    const minted = await t.call(
      'tokens.create',
      { body: { name: 'more', currentPassword: PASSWORD } },
      { token: reader },
    )
    expect<unknown>(minted.body).toEqual(forbiddenScope('account', 'account'))
  })

  test('the app list holds only its app; creating an app is refused', async () => {
    const { t, owner, survey } = await setup()
    const reader = await tokenWith(t, owner, { scopes: ['records:read', 'apps:write'], apps: [survey.appId] })
    const list = await t.call('apps.list', {}, { token: reader })
    expect(list.body.data.apps.map((app: { id: string; role: string }) => [app.id, app.role])).toEqual([
      [survey.appId, 'owner'],
    ])
    const made = await t.call('apps.create', { body: { name: 'Sneaky' } }, { token: reader })
    expect<unknown>(made.body).toEqual({
      code: 403,
      error: {
        type: 'forbidden',
        message:
          'This access token is limited to some apps, and this (permission apps:create) reaches beyond them; use a token for every app',
        details: { permission: 'apps:create' },
      },
    })
  })

  test('on the share endpoint it reads its app with reads off; for another app it counts as no token', async () => {
    const { t, owner, survey, other } = await setup()
    const reader = await tokenWith(t, owner, { scopes: ['records:read'], apps: [survey.appId] })
    const writer = await tokenWith(t, owner, { scopes: ['records:write'] })
    expect((await t.call('reads.query', { params: { token: survey.token } }, { token: reader })).status).toBe(200)
    for (const [endpoint, token] of [
      [other, reader],
      [survey, writer],
    ] as const) {
      const res = await t.call('reads.query', { params: { token: endpoint.token } }, { token })
      expect(res.status).toBe(403)
      expect((res.body as { error: { type: string } }).error.type).toBe('disabled')
    }
  })
})

describe('an expiring token', () => {
  test('works until its time, then is 401 token_expired on the control plane and no token on the share endpoint', async () => {
    const { t, owner, survey } = await setup()
    const token = await tokenWith(t, owner, { expiresAt: '2026-01-31T00:00:00Z' })
    t.clock.advance(30 * DAY - 1)
    expect((await t.call('auth.status', {}, { token })).status).toBe(200)
    t.clock.advance(1)
    expect<unknown>((await t.call('auth.status', {}, { token })).body).toEqual({
      code: 401,
      error: {
        type: 'token_expired',
        message:
          'The access token "ci" expired at 2026-01-31T00:00:00.000Z; create a new one with `svc-cli auth token create` or in the admin page (Account → Access Tokens)',
      },
    })
    const read = await t.call('reads.query', { params: { token: survey.token } }, { token })
    expect(read.status).toBe(403)
  })

  test('its owner is told once, 7 days before; a token made to live less than that is not announced', async () => {
    const { t, user, owner } = await setup()
    await tokenWith(t, owner, { name: 'quarterly', expiresAt: '2026-04-01T00:00:00Z' })
    await tokenWith(t, owner, { name: 'tomorrow', expiresAt: '2026-01-02T00:00:00Z' })
    const expiring = async () =>
      (await t.ctx.storage.alerts.claimDue({ now: t.clock.now(), dueAt: t.clock.now(), leaseUntil: t.clock.now() + 1 }))
        .flat()
        .map((row) => JSON.parse(row.detail))
        .filter((alert) => alert.kind === 'token.expiring')
    expect(await queueExpiryNotices(t.ctx)).toBe(0)
    t.clock.advance(Date.parse('2026-03-25T00:00:00Z') - t.clock.now() - 1)
    expect(await queueExpiryNotices(t.ctx)).toBe(0)
    t.clock.advance(1)
    expect(await queueExpiryNotices(t.ctx)).toBe(1)
    expect(await queueExpiryNotices(t.ctx)).toBe(0)
    const [notice] = await expiring()
    expect(notice).toEqual({
      kind: 'token.expiring',
      token: { id: expect.any(String), name: 'quarterly', prefix: expect.stringMatching(/^svc_pat_/) },
      expiresAt: Date.parse('2026-04-01T00:00:00Z'),
    })
    expect((await t.ctx.storage.auth.tokens(user.id)).map((row) => row.name).sort()).toEqual([
      'laptop',
      'quarterly',
      'tomorrow',
    ])
  })

  test('a token made without scopes or apps lists every scope and every app', async () => {
    const { t, owner } = await setup()
    const token = await tokenWith(t, owner, {})
    const status = await t.call('auth.status', {}, { token })
    expect(status.body.data.token).toMatchObject({ scopes: [...SCOPES], apps: null, expiresAt: null })
  })
})
