import { describe, expect, test } from 'bun:test'
import { testApp, type TestApp } from '../support/http.ts'
import { insertRecords, numbering } from '../support/records.ts'
import { makeUser } from '../support/users.ts'
import { lastCode, SAME_ORIGIN, sessionCookieOf, signUp, T0 } from './auth-fixtures.ts'
import { invalid, type ErrorEnvelope } from '../support/call.ts'
import { SCOPES } from '../../server/contract/access/roles.ts'

async function withOwner(body: Record<string, unknown> = { email: 'ada@example.com', name: 'Ada', tokenName: 'cli' }) {
  const t = testApp({ signup: 'open' })
  const signed = await signUp(t, body)
  return { t, ...signed }
}

/** An owner with a password, as most accounts are. */
const WITH_PASSWORD = { email: 'ada@example.com', name: 'Ada', tokenName: 'cli', password: 'old password' }

const login = (t: TestApp, email: string, password: string) => t.call('auth.login', { body: { email, password } })

/** An app with a field, a published endpoint, a record and its counters, written through the storage. */
async function insertApp(t: TestApp, ownerId: string, id: string): Promise<void> {
  const now = t.clock.now()
  await t.ctx.storage.apps.create({
    app: { id, ownerId, name: `app ${id}`, description: '', createdAt: now, updatedAt: now },
    endpoint: { tokenHash: `${id}-hash`, published: true },
  })
  const field = {
    id: `${id}-f`,
    appId: id,
    name: 'email',
    type: 'email',
    label: '',
    required: false,
    options: null,
    settings: null,
    form: null,
    autoCreated: false,
    createdAt: now,
    updatedAt: now,
  }
  expect((await t.ctx.storage.fields.add(id, () => field)).ok).toBe(true)
  await insertRecords(t.ctx, id, [{ data: { email: 'x@y.z' } }])
}

/** What is left of an app: its row, field ids, endpoint, counters (through the list view), record count. */
async function remains(t: TestApp, id: string) {
  return {
    app: (await t.ctx.storage.apps.byId(id))?.id ?? null,
    fields: (await t.ctx.storage.fields.list(id)).map((field) => field.id),
    endpoint: (await t.ctx.storage.share.endpoint(id))?.appId ?? null,
    // Read for nobody in particular: only the counters matter here.
    kept: (await t.ctx.storage.apps.listed(id, ''))?.kept ?? null,
    records: (await numbering(t.ctx, id)).length,
  }
}

describe('GET and PATCH /api/v3/profile', () => {
  test('GET shows the account', async () => {
    const { t, token, user } = await withOwner()
    const res = await t.call('profile.get', {}, { token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      code: 200,
      data: { id: user.id, email: 'ada@example.com', name: 'Ada', hasPassword: false, createdAt: T0 },
    })
  })

  test('PATCH changes the name at once, by access token, with no password (the e-mail is profile-email-change.test.ts)', async () => {
    const { t, token, user } = await withOwner()
    t.clock.advance(1000)
    const res = await t.call('profile.update', { body: { name: ' Ada L. ', email: ' ADA@example.com ' } }, { token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ code: 200, data: { ...user, name: 'Ada L.' } })
    expect(await t.ctx.storage.users.byId(user.id)).toMatchObject({
      email: 'ada@example.com',
      name: 'Ada L.',
      updatedAt: Date.parse(T0) + 1000,
    })
  })

  test('PATCH with only one key leaves the other; an empty body changes nothing', async () => {
    const { t, token, user } = await withOwner()
    expect((await t.call('profile.update', { body: { name: '' } }, { token })).body.data).toEqual({
      ...user,
      name: '',
    })
    expect((await t.call('profile.update', { body: {} }, { token })).body.data).toEqual({ ...user, name: '' })
  })

  test('PATCH to an e-mail another account has is a 409; its own e-mail is fine', async () => {
    const { t, token, user } = await withOwner()
    await signUp(t, { email: 'bob@example.com' })
    const res = await t.call('profile.update', { body: { email: 'BOB@example.com' } }, { token })
    expect(res.status).toBe(409)
    expect(res.body as ErrorEnvelope).toEqual({
      code: 409,
      error: {
        type: 'conflict',
        message: 'Another account already uses e-mail bob@example.com; choose a different address',
      },
    })
    expect((await t.call('profile.update', { body: { email: 'ADA@example.com' } }, { token })).body.data).toEqual(user)
  })

  test.each([
    [
      'a bad e-mail',
      { email: 'ada@' },
      [{ path: 'email', message: 'must be an e-mail address such as name@example.com' }],
    ],
    ['an over-long name', { name: 'x'.repeat(101) }, [{ path: 'name', message: 'must be at most 100 characters' }]],
    ['a null name', { name: null }, [{ path: 'name', message: 'must be a string: a display name' }]],
    [
      'an unknown key',
      { nmae: 'x' },
      [{ path: '', message: 'unknown key "nmae": allowed keys are name, email, currentPassword, code' }],
    ],
  ])('PATCH: 422 for %s', async (_case, body, problems) => {
    const { t, token, user } = await withOwner()
    const res = await t.call('profile.update', { body: invalid(body) }, { token })
    expect(res.status).toBe(422)
    expect(res.body.error?.type).toBe('validation')
    expect(res.body.error?.details).toEqual({ problems })
    expect((await t.call('profile.get', {}, { token })).body.data).toEqual(user)
  })

  test('without credentials: 401', async () => {
    const t = testApp()
    const answers = [
      await t.call('profile.get'),
      await t.call('profile.update', { body: {} }),
      await t.call('profile.delete', { body: invalid({}) }),
    ]
    expect(answers.map((res) => res.status)).toEqual([401, 401, 401])
  })
})

describe('PUT /api/v3/profile/password', () => {
  test('an account without a password sets one with a code mailed to its address; by token, every session ends', async () => {
    const { t, token, cookie } = await withOwner()
    const missing = await t.call('profile.setPassword', { body: { newPassword: 'brand new pass' } }, { token })
    expect(missing.status).toBe(403)
    expect(missing.body as ErrorEnvelope).toEqual({
      code: 403,
      error: {
        type: 'reauth_required',
        message:
          'Setting a password needs a login code mailed to your current address: ask for one with POST /api/v3/auth/code {"email": "ada@example.com"} and send it as "code"',
        details: { method: 'code' },
      },
    })
    await t.call('auth.sendCode', { body: { email: 'ada@example.com' } })
    const code = lastCode(t, 'ada@example.com')
    const wrong = await t.call(
      'profile.setPassword',
      { body: { code: code === '000000' ? '111111' : '000000', newPassword: 'brand new pass' } },
      { token },
    )
    expect(wrong.status).toBe(403)
    expect(wrong.body as ErrorEnvelope).toEqual({
      code: 403,
      error: {
        type: 'wrong_code',
        message:
          'That code is not the one mailed to ada@example.com for you: it is mistyped, expired (codes last 10 minutes) or used; ' +
          'ask for a new one with POST /api/v3/auth/code; the password was not changed',
      },
    })
    expect((await t.call('profile.get', {}, { token })).body.data.hasPassword).toBe(false)

    const res = await t.call('profile.setPassword', { body: { code, newPassword: 'brand new pass' } }, { token })
    expect(res.status).toBe(200)
    // Access tokens keep working after a password change: the answer lists them (the mail too: test/mail/account-alerts.test.ts).
    expect(res.body).toEqual({
      code: 200,
      data: {
        changed: true,
        tokens: [
          {
            id: expect.any(String),
            name: expect.any(String),
            prefix: token!.slice(0, 14),
            createdAt: expect.any(String),
            lastUsedAt: expect.any(String),
            scopes: [...SCOPES],
            apps: null,
            expiresAt: null,
          },
        ],
      },
    })
    expect((await t.call('auth.status', {}, { cookie })).status).toBe(401)
    expect((await t.call('auth.status', {}, { token })).status).toBe(200)
    expect((await t.call('profile.get', {}, { token })).body.data.hasPassword).toBe(true)
    expect((await login(t, 'ada@example.com', 'brand new pass')).status).toBe(200)
  })

  test('with a password: the current one is required and checked; other sessions end, this one stays', async () => {
    const { t, cookie, user } = await withOwner({ email: 'ada@example.com', password: 'old password' })
    const other = sessionCookieOf(await login(t, 'ada@example.com', 'old password'))

    const missing = await t.call(
      'profile.setPassword',
      { body: { newPassword: 'new password' } },
      { cookie, headers: SAME_ORIGIN },
    )
    expect(missing.status).toBe(403)
    expect(missing.body as ErrorEnvelope).toEqual({
      code: 403,
      error: {
        type: 'reauth_required',
        message: 'Changing the password needs your current password: send it as "currentPassword"',
        details: { method: 'password' },
      },
    })
    const wrong = await t.call(
      'profile.setPassword',
      { body: { currentPassword: 'not it', newPassword: 'new password' } },
      { cookie, headers: SAME_ORIGIN },
    )
    expect(wrong.status).toBe(403)
    expect(wrong.body as ErrorEnvelope).toEqual({
      code: 403,
      error: { type: 'wrong_password', message: 'The current password is wrong; the password was not changed' },
    })
    expect((await login(t, 'ada@example.com', 'old password')).status).toBe(200)

    const ok = await t.call(
      'profile.setPassword',
      { body: { currentPassword: 'old password', newPassword: 'new password' } },
      { cookie, headers: SAME_ORIGIN },
    )
    expect(ok.body).toEqual({ code: 200, data: { changed: true, tokens: expect.any(Array) } })
    expect((await login(t, 'ada@example.com', 'old password')).status).toBe(401)
    expect((await t.call('auth.status', {}, { cookie })).status).toBe(200)
    expect((await t.call('auth.status', {}, { cookie: other })).status).toBe(401)
    expect(await t.ctx.storage.auth.sessions(user.id)).toHaveLength(1)
    expect((await login(t, 'ada@example.com', 'new password')).status).toBe(200)
  })

  test.each([
    [
      'a short new password',
      { newPassword: 'short' },
      [{ path: 'newPassword', message: 'must be at least 8 characters' }],
    ],
    [
      'an over-long new password',
      { newPassword: 'x'.repeat(257) },
      [{ path: 'newPassword', message: 'must be at most 256 characters' }],
    ],
    ['no new password', {}, [{ path: 'newPassword', message: 'is required: give a password of 8–256 characters' }]],
    [
      'a numeric current password',
      { currentPassword: 1, newPassword: 'new password' },
      [{ path: 'currentPassword', message: 'must be a string: the password' }],
    ],
  ])('422 for %s', async (_case, body, problems) => {
    const { t, token } = await withOwner()
    const res = await t.call('profile.setPassword', { body: invalid(body) }, { token })
    expect(res.status).toBe(422)
    expect(res.body.error?.details).toEqual({ problems })
    expect((await t.call('profile.get', {}, { token })).body.data.hasPassword).toBe(false)
  })
})

describe('DELETE /api/v3/profile', () => {
  test('deletes the account and, by cascade, its apps, fields, endpoints, records, stats, tokens and sessions', async () => {
    const { t, token, cookie, user } = await withOwner(WITH_PASSWORD)
    const bystander = await makeUser(t.ctx, 'bob@example.com')
    await insertApp(t, user.id, 'app-1')
    await insertApp(t, user.id, 'app-2')
    await insertApp(t, bystander.user.id, 'app-bob')
    const dropped: string[] = []
    t.ctx.changes.subscribe((appId, kind) => dropped.push(`${appId}:${kind}`))

    const res = await t.call(
      'profile.delete',
      { body: { confirm: ' ADA@example.com', currentPassword: 'old password' } },
      { cookie, headers: SAME_ORIGIN },
    )
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ code: 200, data: { deleted: true } })
    expect(res.headers.get('set-cookie')).toBe('svc_session=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0')
    expect(dropped.sort()).toEqual(['app-1:deleted', 'app-2:deleted'])

    expect(await t.ctx.storage.users.count()).toBe(1)
    expect(await t.ctx.storage.users.byId(user.id)).toBeNull()
    expect((await t.ctx.storage.users.byId(bystander.user.id))?.email).toBe('bob@example.com')
    const gone = { app: null, fields: [], endpoint: null, kept: null, records: 0 }
    expect(await remains(t, 'app-1')).toEqual(gone)
    expect(await remains(t, 'app-2')).toEqual(gone)
    expect(await remains(t, 'app-bob')).toEqual({
      app: 'app-bob',
      fields: ['app-bob-f'],
      endpoint: 'app-bob',
      kept: 1,
      records: 1,
    })
    expect(await t.ctx.storage.auth.tokens(user.id)).toEqual([])
    expect((await t.ctx.storage.auth.tokens(bystander.user.id)).map((row) => row.userId)).toEqual([bystander.user.id])
    expect(await t.ctx.storage.auth.sessions(user.id)).toEqual([])
    expect(await t.ctx.storage.auth.sessions(bystander.user.id)).toEqual([])

    expect((await t.call('profile.get', {}, { token })).status).toBe(401)
    expect((await t.call('profile.get', {}, { cookie })).status).toBe(401)
    expect((await t.call('profile.get', {}, { token: bystander.token })).status).toBe(200)
  })

  test('the password is asked for and checked, like a new e-mail or password; nothing is deleted without it', async () => {
    const { t, token, user } = await withOwner(WITH_PASSWORD)
    await insertApp(t, user.id, 'app-1')
    const missing = await t.call('profile.delete', { body: { confirm: 'ada@example.com' } }, { token })
    expect(missing.status).toBe(403)
    expect(missing.body as ErrorEnvelope).toEqual({
      code: 403,
      error: {
        type: 'reauth_required',
        message: 'Deleting the account needs your current password: send it as "currentPassword"',
        details: { method: 'password' },
      },
    })
    const wrong = await t.call(
      'profile.delete',
      { body: { confirm: 'ada@example.com', currentPassword: 'not it' } },
      { token },
    )
    expect(wrong.status).toBe(403)
    expect(wrong.body as ErrorEnvelope).toEqual({
      code: 403,
      error: { type: 'wrong_password', message: 'The current password is wrong; nothing was deleted' },
    })
    expect(await remains(t, 'app-1')).toEqual({
      app: 'app-1',
      fields: ['app-1-f'],
      endpoint: 'app-1',
      kept: 1,
      records: 1,
    })
    expect((await t.call('profile.get', {}, { token })).status).toBe(200)
  })

  test('an account without a password proves itself with a code mailed to its address', async () => {
    const { t, token, user } = await withOwner()
    const missing = await t.call('profile.delete', { body: { confirm: 'ada@example.com' } }, { token })
    expect(missing.status).toBe(403)
    expect(missing.body.error?.type).toBe('reauth_required')
    expect(missing.body.error?.details).toEqual({ method: 'code' })
    await t.call('auth.sendCode', { body: { email: 'ada@example.com' } })
    const res = await t.call(
      'profile.delete',
      { body: { confirm: 'ada@example.com', code: lastCode(t, 'ada@example.com') } },
      { token },
    )
    expect(res.body).toEqual({ code: 200, data: { deleted: true } })
    expect(await t.ctx.storage.users.byId(user.id)).toBeNull()
  })

  test.each([
    [
      'another e-mail',
      { confirm: 'bob@example.com' },
      [{ path: 'confirm', message: "must be this account's e-mail address (ada@example.com) to confirm the deletion" }],
    ],
    ['no confirm', {}, [{ path: 'confirm', message: "is required: give your account's e-mail address, to confirm" }]],
    [
      'confirm: true',
      { confirm: true },
      [{ path: 'confirm', message: "must be a string: your account's e-mail address, to confirm" }],
    ],
  ])('422 for %s and nothing deleted', async (_case, body, problems) => {
    const { t, token, user } = await withOwner()
    await insertApp(t, user.id, 'app-1')
    const res = await t.call('profile.delete', { body: invalid(body) }, { token })
    expect(res.status).toBe(422)
    expect(res.body.error?.details).toEqual({ problems })
    expect((await t.ctx.storage.apps.list(user.id, { limit: 100, after: null })).map((row) => row.app.id)).toEqual([
      'app-1',
    ])
    expect((await t.call('profile.get', {}, { token })).status).toBe(200)
  })

  test('without a body: 401 without credentials (not a 400 about the body), 422 with them', async () => {
    const { t, token } = await withOwner()
    const stranger = await t.call('profile.delete')
    expect(stranger.status).toBe(401)
    expect(stranger.body.error?.type).toBe('unauthorized')
    const owner = await t.call('profile.delete', {}, { token })
    expect(owner.status).toBe(422)
    expect(owner.body.error?.type).toBe('validation')
    expect((await t.call('profile.get', {}, { token })).status).toBe(200)
  })
})
