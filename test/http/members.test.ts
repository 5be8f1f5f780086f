/**
 * Members and invitations through the API: an invitation is mailed and given back as a link
 * that works once for 7 days; accepting makes the account even where sign-up is closed, or
 * adds the signed-in account with the invited address (another address is refused); roles
 * take effect on the next request; admins manage only below admin; the owner hands the app
 * over; members leave.
 */
import { describe, expect, test } from 'bun:test'
import { testApp, type TestApp } from '../support/http.ts'
import { makeEndpoint } from '../support/records.ts'
import { SAME_ORIGIN, sessionCookieOf, signUp } from './auth-fixtures.ts'

const PASSWORD = 'correct horse battery'
const DAY = 86_400_000
const iso = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)

/** A server where only the first account may sign up, its owner, and a published app. */
async function setup() {
  const t = testApp({ signup: 'first' })
  const { user, token } = await signUp(t, { email: 'ada@example.com', password: PASSWORD, tokenName: 'laptop' })
  const survey = await makeEndpoint(t.ctx, user.id, { name: 'Survey', fields: [{ name: 'email' }] })
  return { t, owner: { user, token: token! }, appId: survey.appId, endpointToken: survey.token }
}

async function invite(t: TestApp, token: string, appId: string, email: string, role: string) {
  const res = await t.call('members.invite', { params: { id: appId }, body: { email, role } as never }, { token })
  if (res.status !== 200) throw new Error(`members.invite: ${res.status} ${res.text}`)
  return res.body.data
}

const linkToken = (url: string) => url.split('/').at(-1)!

/** Accepts by making the account; its session cookie and a token made from it. */
async function acceptAsNew(t: TestApp, url: string) {
  const res = await t.call('invitations.accept', { params: { token: linkToken(url) }, body: { password: PASSWORD } })
  if (res.status !== 200) throw new Error(`invitations.accept: ${res.status} ${res.text}`)
  const cookie = sessionCookieOf(res)
  const token = await t.call('tokens.create', { body: { name: 'cli' } }, { cookie, headers: SAME_ORIGIN })
  return { res, cookie, token: token.body.data.token as string, userId: res.body.data.login!.user.id }
}

describe('inviting and accepting', () => {
  test('the invitation is mailed and given back; accepting makes the account although sign-up is closed', async () => {
    const { t, owner, appId } = await setup()
    const made = await invite(t, owner.token, appId, '  Grace@Example.com ', 'viewer')
    expect(made).toEqual({
      invitation: {
        id: expect.any(String),
        email: 'grace@example.com',
        role: 'viewer',
        invitedBy: 'ada@example.com',
        createdAt: iso,
        expiresAt: new Date(t.clock.now() + 7 * DAY).toISOString(),
      },
      url: expect.stringMatching(/^http:\/\/localhost:8787\/admin\/#\/invitation\/svc_inv_[\w-]{32}$/),
      mailed: false,
    })
    const mail = t.mails.find((m) => m.to === 'grace@example.com')!
    expect(mail.subject).toBe('svc: ada@example.com invites you to "Survey"')
    expect(mail.text).toContain(`\n    ${made.url}\n`)
    // Sign-up is closed to strangers…
    expect((await t.call('auth.signup', { body: { email: 'grace@example.com', password: PASSWORD } })).status).toBe(403)

    const view = await t.call('invitations.get', { params: { token: linkToken(made.url) } })
    expect(view.body).toEqual({
      code: 200,
      data: {
        app: { id: appId, name: 'Survey' },
        email: 'grace@example.com',
        role: 'viewer',
        invitedBy: 'ada@example.com',
        expiresAt: made.invitation.expiresAt,
        accountExists: false,
      },
    })
    // …but the invitation lets her in.
    const grace = await acceptAsNew(t, made.url)
    expect(grace.res.body.data).toMatchObject({
      app: { id: appId, name: 'Survey' },
      role: 'viewer',
      login: { user: { email: 'grace@example.com', hasPassword: true } },
    })
    const apps = await t.call('apps.list', { query: {} }, { token: grace.token })
    expect(apps.body.data.apps.map((app) => [app.name, app.role])).toEqual([['Survey', 'viewer']])
    const list = await t.call('members.list', { params: { id: appId } }, { token: owner.token })
    expect(list.body.data).toEqual({
      members: [
        { userId: owner.user.id, email: 'ada@example.com', name: '', role: 'owner', since: iso },
        { userId: grace.userId, email: 'grace@example.com', name: '', role: 'viewer', since: iso },
      ],
      invitations: [],
    })
  })

  test('a link works once and for 7 days; a withdrawn one stops at once', async () => {
    const { t, owner, appId } = await setup()
    const gone = {
      code: 404,
      error: {
        type: 'not_found',
        message:
          'This invitation is unknown, was already used or withdrawn, or has expired; ask whoever invited you for a new one',
      },
    }
    const used = await invite(t, owner.token, appId, 'grace@example.com', 'viewer')
    await acceptAsNew(t, used.url)
    const again = await t.call('invitations.accept', {
      params: { token: linkToken(used.url) },
      body: { password: PASSWORD },
    })
    expect<unknown>(again.body).toEqual(gone)

    const late = await invite(t, owner.token, appId, 'late@example.com', 'viewer')
    t.clock.advance(7 * DAY)
    expect<unknown>((await t.call('invitations.get', { params: { token: linkToken(late.url) } })).body).toEqual(gone)
    const lateTry = await t.call('invitations.accept', {
      params: { token: linkToken(late.url) },
      body: { password: PASSWORD },
    })
    expect<unknown>(lateTry.body).toEqual(gone)

    const withdrawn = await invite(t, owner.token, appId, 'bob@example.com', 'editor')
    const waiting = await t.call('members.list', { params: { id: appId } }, { token: owner.token })
    expect(waiting.body.data.invitations.map((i) => i.email)).toEqual(['bob@example.com'])
    const revoked = await t.call(
      'invitations.revoke',
      { params: { id: appId, invitation: withdrawn.invitation.id } },
      { token: owner.token },
    )
    expect(revoked.body).toEqual({ code: 200, data: { revoked: true, id: withdrawn.invitation.id } })
    expect<unknown>((await t.call('invitations.get', { params: { token: linkToken(withdrawn.url) } })).body).toEqual(
      gone,
    )
    // A new invitation to the same address replaces the waiting one.
    const first = await invite(t, owner.token, appId, 'carol@example.com', 'viewer')
    await invite(t, owner.token, appId, 'carol@example.com', 'editor')
    expect((await t.call('invitations.get', { params: { token: linkToken(first.url) } })).status).toBe(404)
  })

  test('an address with an account signs in first; another account is refused; the right one is added', async () => {
    const { t, owner, appId } = await setup()
    const other = await makeEndpoint(t.ctx, owner.user.id, { name: 'Other' })
    // Grace joins Other first, so she has an account.
    const grace = await acceptAsNew(t, (await invite(t, owner.token, other.appId, 'grace@example.com', 'viewer')).url)
    const made = await invite(t, owner.token, appId, 'grace@example.com', 'editor')
    const token = linkToken(made.url)
    expect((await t.call('invitations.get', { params: { token } })).body.data.accountExists).toBe(true)
    const anonymous = await t.call('invitations.accept', { params: { token }, body: { password: PASSWORD } })
    expect<unknown>(anonymous.body).toEqual({
      code: 401,
      error: {
        type: 'unauthorized',
        message:
          'grace@example.com has an account on this server: sign in as grace@example.com, then accept the invitation',
      },
    })
    const wrong = await t.call('invitations.accept', { params: { token }, body: {} }, { token: owner.token })
    expect<unknown>(wrong.body).toEqual({
      code: 403,
      error: {
        type: 'forbidden',
        message:
          'This invitation is for grace@example.com, and you are signed in as ada@example.com; sign in as grace@example.com to accept it',
      },
    })
    const right = await t.call(
      'invitations.accept',
      { params: { token }, body: {} },
      { cookie: grace.cookie, headers: SAME_ORIGIN },
    )
    expect(right.body).toEqual({ code: 200, data: { app: { id: appId, name: 'Survey' }, role: 'editor' } })
    const apps = await t.call('apps.list', { query: {} }, { token: grace.token })
    expect(apps.body.data.apps.map((app) => [app.name, app.role]).sort()).toEqual([
      ['Other', 'viewer'],
      ['Survey', 'editor'],
    ])
  })

  test('a new account needs a password; inviting someone already on the app is a conflict', async () => {
    const { t, owner, appId } = await setup()
    const made = await invite(t, owner.token, appId, 'grace@example.com', 'viewer')
    const bare = await t.call('invitations.accept', { params: { token: linkToken(made.url) }, body: {} })
    expect<unknown>(bare.body).toEqual({
      code: 422,
      error: {
        type: 'validation',
        message: 'password: is required: choose a password for the account this makes',
        details: {
          problems: [{ path: 'password', message: 'is required: choose a password for the account this makes' }],
        },
      },
    })
    await acceptAsNew(t, made.url)
    const twice = await t.call(
      'members.invite',
      { params: { id: appId }, body: { email: 'grace@example.com', role: 'editor' } },
      { token: owner.token },
    )
    expect<unknown>(twice.body).toEqual({
      code: 409,
      error: {
        type: 'conflict',
        message:
          'grace@example.com already works on this app as viewer; change the role with members.update (svc-cli app member update)',
      },
    })
  })
})

describe('roles take effect on the next request', () => {
  test('a viewer reads but does not change; raised to editor it may; removed, the app is gone', async () => {
    const { t, owner, appId, endpointToken } = await setup()
    const grace = await acceptAsNew(t, (await invite(t, owner.token, appId, 'grace@example.com', 'viewer')).url)
    // The share endpoint's reads are off: a member's token reads them all the same.
    expect((await t.call('reads.query', { params: { token: endpointToken } }, { token: grace.token })).status).toBe(200)
    const addField = () =>
      t.call('fields.add', { params: { id: appId }, body: { name: 'age', type: 'number' } }, { token: grace.token })
    expect((await t.call('records.list', { params: { id: appId }, query: {} }, { token: grace.token })).status).toBe(
      200,
    )
    expect<unknown>((await addField()).body).toEqual({
      code: 403,
      error: {
        type: 'forbidden',
        message:
          "This needs the editor role in the app (permission apps:write); you are viewer. Ask the app's owner or an admin",
        details: { permission: 'apps:write', role: 'editor' },
      },
    })
    const raised = await t.call(
      'members.update',
      { params: { id: appId, user: grace.userId }, body: { role: 'editor' } },
      { token: owner.token },
    )
    expect(raised.body.data).toEqual({
      userId: grace.userId,
      email: 'grace@example.com',
      name: '',
      role: 'editor',
      since: iso,
    })
    expect((await addField()).status).toBe(200)
    const removed = await t.call(
      'members.remove',
      { params: { id: appId, user: grace.userId } },
      { token: owner.token },
    )
    expect(removed.body).toEqual({ code: 200, data: { removed: true, userId: grace.userId } })
    expect<unknown>((await t.call('apps.get', { params: { id: appId } }, { token: grace.token })).body).toEqual({
      code: 404,
      error: { type: 'not_found', message: 'App not found' },
    })
    expect(
      (await t.call('apps.get', { params: { id: appId } }, { cookie: grace.cookie, headers: SAME_ORIGIN })).status,
    ).toBe(404)
  })

  test('an admin manages only those below admin', async () => {
    const { t, owner, appId } = await setup()
    const admin = await acceptAsNew(t, (await invite(t, owner.token, appId, 'admin@example.com', 'admin')).url)
    const peer = await acceptAsNew(t, (await invite(t, owner.token, appId, 'peer@example.com', 'admin')).url)
    const editor = await acceptAsNew(t, (await invite(t, admin.token, appId, 'ed@example.com', 'editor')).url)
    const asAdmin = { token: admin.token }
    const onlyOwner = (what: string) => ({
      code: 403,
      error: {
        type: 'forbidden',
        message: `Only the app's owner may ${what}; you are admin`,
        details: { permission: 'members:write', role: 'owner' },
      },
    })
    expect<unknown>(
      (
        await t.call(
          'members.invite',
          { params: { id: appId }, body: { email: 'x@example.com', role: 'admin' } },
          asAdmin,
        )
      ).body,
    ).toEqual(onlyOwner('invite an admin'))
    expect<unknown>(
      (await t.call('members.update', { params: { id: appId, user: peer.userId }, body: { role: 'viewer' } }, asAdmin))
        .body,
    ).toEqual(onlyOwner('change an admin'))
    expect<unknown>(
      (await t.call('members.update', { params: { id: appId, user: editor.userId }, body: { role: 'admin' } }, asAdmin))
        .body,
    ).toEqual(onlyOwner('make someone an admin'))
    expect<unknown>(
      (await t.call('members.remove', { params: { id: appId, user: peer.userId } }, asAdmin)).body,
    ).toEqual(onlyOwner('remove an admin'))
    expect(
      (await t.call('members.remove', { params: { id: appId, user: owner.user.id } }, asAdmin)).body.error?.type,
    ).toBe('forbidden')
    const lowered = await t.call(
      'members.update',
      { params: { id: appId, user: editor.userId }, body: { role: 'viewer' } },
      asAdmin,
    )
    expect(lowered.body.data?.role).toBe('viewer')
    expect((await t.call('members.remove', { params: { id: appId, user: editor.userId } }, asAdmin)).status).toBe(200)
    // A viewer cannot see the members at all (settings:read is an admin's).
    const viewer = await acceptAsNew(t, (await invite(t, admin.token, appId, 'v@example.com', 'viewer')).url)
    expect((await t.call('members.list', { params: { id: appId } }, { token: viewer.token })).status).toBe(403)
  })
})

describe('handing over and leaving', () => {
  test('the owner hands the app to a member, who becomes owner; the old owner stays as admin', async () => {
    const { t, owner, appId } = await setup()
    const grace = await acceptAsNew(t, (await invite(t, owner.token, appId, 'grace@example.com', 'editor')).url)
    const handover = await invite(t, owner.token, appId, 'grace@example.com', 'owner')
    const accepted = await t.call(
      'invitations.accept',
      { params: { token: linkToken(handover.url) }, body: {} },
      { cookie: grace.cookie, headers: SAME_ORIGIN },
    )
    expect(accepted.body).toEqual({ code: 200, data: { app: { id: appId, name: 'Survey' }, role: 'owner' } })
    const list = await t.call('members.list', { params: { id: appId } }, { token: grace.token })
    expect(list.body.data.members.map((m) => [m.email, m.role])).toEqual([
      ['grace@example.com', 'owner'],
      ['ada@example.com', 'admin'],
    ])
    expect((await t.call('apps.get', { params: { id: appId } }, { token: owner.token })).body.data?.role).toBe('admin')
    // The new owner's right: delete the app. The old owner no longer may.
    expect((await t.call('apps.delete', { params: { id: appId } }, { token: owner.token })).status).toBe(403)
  })

  test('a member leaves; the owner cannot', async () => {
    const { t, owner, appId } = await setup()
    const grace = await acceptAsNew(t, (await invite(t, owner.token, appId, 'grace@example.com', 'viewer')).url)
    const left = await t.call('members.leave', { params: { id: appId } }, { token: grace.token })
    expect(left.body).toEqual({ code: 200, data: { removed: true, userId: grace.userId } })
    expect((await t.call('apps.list', { query: {} }, { token: grace.token })).body.data.apps).toEqual([])
    const ownerLeaves = await t.call('members.leave', { params: { id: appId } }, { token: owner.token })
    expect<unknown>(ownerLeaves.body).toEqual({
      code: 409,
      error: {
        type: 'conflict',
        message:
          'The owner cannot leave the app: hand it over first (svc-cli app member add --role owner), or delete it',
      },
    })
  })

  test('an admin sees an invitation only an owner may withdraw, and only the owner invites an owner', async () => {
    const { t, owner, appId } = await setup()
    const admin = await acceptAsNew(t, (await invite(t, owner.token, appId, 'admin@example.com', 'admin')).url)
    const handover = await invite(t, owner.token, appId, 'admin@example.com', 'owner')
    const refused = await t.call(
      'invitations.revoke',
      { params: { id: appId, invitation: handover.invitation.id } },
      { token: admin.token },
    )
    expect(refused.body.error?.message).toBe(
      "Only the app's owner may withdraw the invitation of an owner; you are admin",
    )
    const asOwner = await t.call(
      'members.invite',
      { params: { id: appId }, body: { email: 'x@example.com', role: 'owner' } },
      { token: admin.token },
    )
    expect<unknown>(asOwner.body).toEqual({
      code: 403,
      error: {
        type: 'forbidden',
        message: "Only the app's owner may invite an owner; you are admin",
        details: { permission: 'members:write', role: 'owner' },
      },
    })
    const waiting = await t.call('members.list', { params: { id: appId } }, { token: owner.token })
    expect(waiting.body.data.invitations.map((i) => [i.email, i.role])).toEqual([['admin@example.com', 'owner']])
  })

  test('an admin changes the share settings but only the owner opens reads to strangers', async () => {
    const { t, owner, appId } = await setup()
    const admin = await acceptAsNew(t, (await invite(t, owner.token, appId, 'admin@example.com', 'admin')).url)
    const share = (body: Record<string, unknown>, token: string) =>
      t.call('share.update', { params: { id: appId }, body: body as never }, { token })
    expect((await share({ thankYouMessage: 'Thanks!' }, admin.token)).status).toBe(200)
    expect<unknown>((await share({ reads: 'summary' }, admin.token)).body).toEqual({
      code: 403,
      error: {
        type: 'forbidden',
        message: `Only the app's owner may open reads to strangers (reads "summary"); you are admin`,
        details: { permission: 'share:open', role: 'owner' },
      },
    })
    expect((await share({ reads: 'records' }, owner.token)).status).toBe(200)
    // Closing again is an admin's to do.
    expect((await share({ reads: 'off' }, admin.token)).body).toMatchObject({ code: 200, data: { reads: 'off' } })
    expect((await share({ summaryMinRespondents: 3 }, admin.token)).status).toBe(403)
    expect((await share({ summaryMinRespondents: 9 }, admin.token)).status).toBe(200)
  })
})
