/**
 * The audit log through the API: one entry per change, written with the change (a refused
 * or failed change leaves none), exports, log-ins, failed log-ins and a token's new address;
 * the app's log for its admins and owner, the account's for its holder, with filters and
 * pages; nothing secret in any entry; entries past their days deleted.
 */
import { describe, expect, test } from 'bun:test'
import { pruneAudit } from '../../server/core/audit/retention.ts'
import { testApp, type TestApp } from '../support/http.ts'
import { insertRecords } from '../support/records.ts'
import { SAME_ORIGIN, sessionCookieOf, signUp } from './auth-fixtures.ts'

const PASSWORD = 'correct horse battery'
const ADA = '198.51.100.7'
const iso = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
const id = expect.any(String)

/** A server, its owner (a token named laptop) and an app made by the owner from ADA. */
async function setup() {
  const t = testApp({ signup: 'first' })
  const { user, token } = await signUp(t, { email: 'ada@example.com', password: PASSWORD, tokenName: 'laptop' })
  const made = await t.call('apps.create', { body: { name: 'Survey' } }, { token: token!, from: ADA })
  if (made.status !== 200) throw new Error(made.text)
  return { t, ada: { user, token: token! }, appId: made.body.data.id as string }
}

async function appLog(t: TestApp, token: string, appId: string, query = '') {
  const res = await t.request('GET', `/api/v3/apps/${appId}/audit${query}`, { token })
  if (res.status !== 200) throw new Error(`audit.app: ${res.status} ${res.text}`)
  return (res.body as { data: { entries: Array<Record<string, unknown>>; nextCursor: string | null } }).data
}

const actions = async (t: TestApp, token: string, appId: string) =>
  (await appLog(t, token, appId)).entries.map((entry) => entry.action)

/** Every stored entry as text, for looking for secrets. */
async function everyEntryText(t: TestApp): Promise<string> {
  return JSON.stringify(await t.ctx.storage.audit.list({ after: null, limit: 10_000 }))
}

/** Invites `email` as `role` and accepts as a new account; its token. */
async function member(t: TestApp, ownerToken: string, appId: string, email: string, role: string) {
  const invited = await t.call(
    'members.invite',
    { params: { id: appId }, body: { email, role } as never },
    { token: ownerToken },
  )
  const link = (invited.body.data.url as string).split('/').at(-1)!
  const accepted = await t.call('invitations.accept', { params: { token: link }, body: { password: PASSWORD } })
  const cookie = sessionCookieOf(accepted)
  const made = await t.call('tokens.create', { body: { name: 'cli' } }, { cookie, headers: SAME_ORIGIN })
  return { token: made.body.data.token as string, userId: accepted.body.data.login!.user.id, link }
}

describe('one entry per change', () => {
  test('each change is one entry saying who, how, from where, what and the settings before and after', async () => {
    const { t, ada, appId } = await setup()
    const updated = await t.call(
      'share.update',
      { params: { id: appId }, body: { honeypot: '_trap', thankYouMessage: 'Thanks!' } },
      { token: ada.token, from: ADA },
    )
    expect(updated.status).toBe(200)
    const log = await appLog(t, ada.token, appId)
    expect(log).toEqual({
      entries: [
        {
          id,
          at: iso,
          appId,
          actor: { userId: ada.user.id, email: 'ada@example.com' },
          via: 'token laptop',
          address: ADA,
          action: 'share.update',
          target: null,
          before: { honeypot: '_gotcha', thankYouMessage: '' },
          after: { honeypot: '_trap', thankYouMessage: 'Thanks!' },
        },
        {
          id,
          at: iso,
          appId,
          actor: { userId: ada.user.id, email: 'ada@example.com' },
          via: 'token laptop',
          address: ADA,
          action: 'apps.create',
          target: 'Survey',
          before: null,
          after: { name: 'Survey', description: '' },
        },
      ],
      nextCursor: null,
    })
  })

  test('fields, webhooks, members and deletes each leave one entry naming what they touched', async () => {
    const { t, ada, appId } = await setup()
    const token = ada.token
    const params = { id: appId }
    expect((await t.call('fields.add', { params, body: { name: 'email', type: 'email' } }, { token })).status).toBe(200)
    expect(
      (await t.call('fields.update', { params: { id: appId, field: 'email' }, body: { required: true } }, { token }))
        .status,
    ).toBe(200)
    const hook = await t.call(
      'webhooks.add',
      { params, body: { url: 'https://hooks.example.com/in?key=abc' } },
      { token },
    )
    expect(hook.status).toBe(200)
    const grace = await member(t, token, appId, 'grace@example.com', 'viewer')
    expect(
      (
        await t.call(
          'members.update',
          { params: { id: appId, user: grace.userId }, body: { role: 'editor' } },
          { token },
        )
      ).status,
    ).toBe(200)
    expect((await t.call('members.remove', { params: { id: appId, user: grace.userId } }, { token })).status).toBe(200)
    expect(await actions(t, token, appId)).toEqual([
      'members.remove',
      'members.update',
      'invitations.accept',
      'members.invite',
      'webhooks.add',
      'fields.update',
      'fields.add',
      'apps.create',
    ])
    const entries = (await appLog(t, token, appId)).entries
    const of = (action: string) => entries.find((entry) => entry.action === action)!
    expect(of('fields.add')).toMatchObject({ target: 'email', after: { type: 'email' } })
    expect(of('fields.update')).toMatchObject({ target: 'email' })
    expect(of('webhooks.add')).toMatchObject({
      target: hook.body.data.id,
      after: { host: 'hooks.example.com', events: expect.any(Array) },
    })
    expect(of('members.invite')).toMatchObject({ target: 'grace@example.com', after: { role: 'viewer' } })
    expect(of('invitations.accept')).toMatchObject({
      actor: { userId: grace.userId, email: 'grace@example.com' },
      via: 'invitation',
      target: 'grace@example.com',
      after: { role: 'viewer' },
    })
    expect(of('members.update')).toMatchObject({
      target: 'grace@example.com',
      before: { role: 'viewer' },
      after: { role: 'editor' },
    })
    expect(of('members.remove')).toMatchObject({ target: 'grace@example.com', before: { role: 'editor' } })

    // The app's log outlives the app: its entries stay, and so does the deletion's.
    expect((await t.call('apps.delete', { params }, { token })).status).toBe(200)
    const account = await t.call('audit.account', { query: { app: appId } }, { token })
    expect(account.body.data.entries[0]).toMatchObject({ action: 'apps.delete', appId, target: 'Survey' })
  })

  test('a refused or failed change leaves no entry, and neither does a change of nothing', async () => {
    const { t, ada, appId } = await setup()
    const token = ada.token
    const params = { id: appId }
    await t.call('fields.add', { params, body: { name: 'email' } }, { token })
    const before = await actions(t, token, appId)
    // Refused inside the store's transaction: a honeypot named like a field.
    expect((await t.call('share.update', { params, body: { honeypot: 'email' } }, { token })).status).toBe(422)
    // Refused by core: a field that exists already; by the contract: a bad body.
    expect((await t.call('fields.add', { params, body: { name: 'email' } }, { token })).status).toBe(409)
    expect((await t.call('apps.update', { params, body: { name: '' } }, { token })).status).toBe(422)
    // Refused by the policy: a viewer may not change settings.
    const viewer = await member(t, token, appId, 'grace@example.com', 'viewer')
    const withMember = await actions(t, token, appId)
    expect((await t.call('share.update', { params, body: { honeypot: '_x' } }, { token: viewer.token })).status).toBe(
      403,
    )
    // Asks for nothing new.
    expect((await t.call('apps.update', { params, body: { name: 'Survey' } }, { token })).status).toBe(200)
    expect((await t.call('share.update', { params, body: { autoCreate: true } }, { token })).status).toBe(200)
    expect(await actions(t, token, appId)).toEqual(withMember)
    expect(withMember.slice(2)).toEqual(before)
  })

  test('exports, token changes and a token used from a new address are recorded', async () => {
    const { t, ada, appId } = await setup()
    const token = ada.token
    expect((await t.request('GET', `/api/v3/apps/${appId}/export.csv`, { token, from: ADA })).status).toBe(200)
    expect((await appLog(t, token, appId)).entries[0]).toMatchObject({
      action: 'records.exportCsv',
      via: 'token laptop',
      address: ADA,
    })
    const made = await t.call(
      'tokens.create',
      { body: { name: 'ci export', scopes: ['records:read'], currentPassword: PASSWORD } },
      { token },
    )
    expect(made.status).toBe(200)
    const ci = made.body.data.token as string
    await t.call('apps.list', {}, { token: ci, from: '203.0.113.1' })
    await t.call('apps.list', {}, { token: ci, from: '203.0.113.1' })
    await t.call('apps.list', {}, { token: ci, from: '203.0.113.2' })
    expect((await t.call('tokens.revoke', { params: { id: made.body.data.id } }, { token })).status).toBe(200)
    const account = (await t.call('audit.account', { query: { action: 'token.' } }, { token })).body.data.entries
    expect(account.map((entry) => [entry.action, entry.target, entry.address, entry.after])).toEqual([
      ['token.newAddress', 'ci export', '203.0.113.2', { previous: '203.0.113.1' }],
      ['token.newAddress', 'ci export', '203.0.113.1', { previous: null }],
      // The owner's own token, first used to make the app.
      ['token.newAddress', 'laptop', ADA, { previous: null }],
    ])
    const tokens = (await t.call('audit.account', { query: { action: 'tokens.' } }, { token })).body.data.entries
    expect(tokens.map((entry) => [entry.action, entry.target])).toEqual([
      ['tokens.revoke', 'ci export'],
      ['tokens.create', 'ci export'],
    ])
    expect(tokens[1].after).toEqual({
      prefix: ci.slice(0, 14),
      scopes: ['records:read'],
      apps: 'all',
      expiresAt: null,
    })
  })
})

describe('records and settings in the log', () => {
  test('spam marks and deletes say how many records were chosen, never their values; redirect origins are lists', async () => {
    const { t, ada, appId } = await setup()
    const token = ada.token
    const ids = await insertRecords(t.ctx, appId, [
      { data: { email: 'grace@example.com' } },
      { data: { email: 'x@y.z' } },
    ])
    await t.call('records.spam', { params: { id: appId }, body: { ids, spam: true } }, { token })
    await t.call('records.deleteMany', { params: { id: appId }, body: { ids: [ids[0]] } }, { token })
    await t.call('share.update', { params: { id: appId }, body: { redirectOrigins: ['https://a.example'] } }, { token })
    const entries = (await appLog(t, token, appId)).entries
    expect(entries.slice(0, 3).map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['share.update', { redirectOrigins: [] }, { redirectOrigins: ['https://a.example'] }],
      ['records.deleteMany', null, { selected: 1 }],
      ['records.spam', null, { spam: true, selected: 2 }],
    ])
    expect(await everyEntryText(t)).not.toContain('grace@example.com')
  })
})

describe("a token's new address", () => {
  test('a token used where it was made is at no new address; elsewhere it is', async () => {
    const { t, ada } = await setup()
    const made = await t.call(
      'tokens.create',
      { body: { name: 'desk', currentPassword: PASSWORD } },
      { token: ada.token, from: '203.0.113.9' },
    )
    const desk = made.body.data.token as string
    await t.call('apps.list', {}, { token: desk, from: '203.0.113.9' })
    await t.call('apps.list', {}, { token: desk, from: '198.51.100.99' })
    const entries = (await t.call('audit.account', { query: { action: 'token.' } }, { token: ada.token })).body.data
      .entries
    expect(entries.filter((entry) => entry.target === 'desk').map((entry) => [entry.address, entry.after])).toEqual([
      ['198.51.100.99', { previous: '203.0.113.9' }],
    ])
  })
})

describe('log-ins', () => {
  test("the account's log holds its log-ins and the failed tries on it, not tries on unknown addresses", async () => {
    const { t, ada } = await setup()
    const from = '192.0.2.44'
    expect(
      (await t.call('auth.login', { body: { email: 'ada@example.com', password: 'wrong password' } }, { from })).status,
    ).toBe(401)
    expect(
      (await t.call('auth.login', { body: { email: 'ada@example.com', password: PASSWORD } }, { from })).status,
    ).toBe(200)
    expect(
      (await t.call('auth.login', { body: { email: 'nobody@example.com', password: PASSWORD } }, { from })).status,
    ).toBe(401)
    const entries = (await t.call('audit.account', { query: { action: 'auth.' } }, { token: ada.token })).body.data
      .entries
    expect(entries).toEqual([
      {
        id,
        at: iso,
        appId: null,
        actor: { userId: ada.user.id, email: 'ada@example.com' },
        via: 'password',
        address: from,
        action: 'auth.login',
        target: null,
        before: null,
        after: null,
      },
      {
        id,
        at: iso,
        appId: null,
        actor: null,
        via: 'password',
        address: from,
        action: 'auth.loginFailed',
        target: 'ada@example.com',
        before: null,
        after: null,
      },
      expect.objectContaining({ action: 'auth.login', via: 'signup' }),
    ])
    expect(await everyEntryText(t)).not.toContain('nobody@example.com')
  })
})

describe('who reads which log', () => {
  test('admins and the owner read the app log; a viewer is refused; a stranger is not told the app exists', async () => {
    const { t, ada, appId } = await setup()
    const viewer = await member(t, ada.token, appId, 'grace@example.com', 'viewer')
    const admin = await member(t, ada.token, appId, 'alan@example.com', 'admin')
    expect((await t.call('audit.app', { params: { id: appId } }, { token: admin.token })).status).toBe(200)
    const refused = await t.call('audit.app', { params: { id: appId } }, { token: viewer.token })
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({
      code: 403,
      error: { type: 'forbidden', details: { permission: 'settings:read' } },
    })
    t.ctx.config.signup = 'open'
    const stranger = await signUp(t, { email: 'eve@example.com', password: PASSWORD, tokenName: 'x' })
    const hidden = await t.call('audit.app', { params: { id: appId } }, { token: stranger.token! })
    expect(hidden.status).toBe(404)
    // Each account's own log holds only its own doings.
    const eve = (await t.call('audit.account', {}, { token: stranger.token! })).body.data.entries
    expect(eve.map((entry) => entry.actor?.email ?? null)).toEqual(['eve@example.com'])
  })
})

describe('filters and pages', () => {
  test('by actor, action, time; a page at a time with its cursor; bad parameters are 400 saying what to send', async () => {
    const { t, ada, appId } = await setup()
    const token = ada.token
    for (const name of ['a', 'b', 'c', 'd']) {
      t.clock.advance(60_000)
      await t.call('fields.add', { params: { id: appId }, body: { name } }, { token })
    }
    const admin = await member(t, token, appId, 'alan@example.com', 'admin')
    await t.call('share.update', { params: { id: appId }, body: { honeypot: '_alan' } }, { token: admin.token })

    const byAlan = await appLog(t, token, appId, '?actor=ALAN@example.com')
    expect(byAlan.entries.map((entry) => entry.action)).toEqual(['share.update', 'invitations.accept'])
    expect((await appLog(t, token, appId, `?actor=${ada.user.id}&action=fields.`)).entries).toHaveLength(4)
    expect((await appLog(t, token, appId, '?action=fields')).entries).toHaveLength(0)
    const since = new Date(Date.parse('2026-01-01T00:02:00.000Z')).toISOString()
    const until = new Date(Date.parse('2026-01-01T00:04:00.000Z')).toISOString()
    expect(
      (await appLog(t, token, appId, `?action=fields.add&since=${since}&until=${until}`)).entries.map(
        (entry) => (entry.after as { name?: string } | null)?.name ?? entry.target,
      ),
    ).toHaveLength(2)

    const first = await appLog(t, token, appId, '?limit=3')
    expect(first.entries).toHaveLength(3)
    const second = await appLog(t, token, appId, `?limit=3&cursor=${first.nextCursor}`)
    const third = await appLog(t, token, appId, `?limit=3&cursor=${second.nextCursor}`)
    const all = (await appLog(t, token, appId)).entries
    expect([...first.entries, ...second.entries, ...third.entries]).toEqual(all)
    expect(third.nextCursor).toBeNull()

    for (const [query, message] of [
      ['?cursor=nonsense', 'cursor is not one this server gave out'],
      ['?since=yesterday', 'since must be an ISO 8601 date or date-time such as 2026-12-01T00:00:00Z, got "yesterday"'],
      ['?limit=0', 'limit must be a whole number from 1 to 500, got "0"'],
    ] as const) {
      const res = await t.request('GET', `/api/v3/apps/${appId}/audit${query}`, { token })
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({
        code: 400,
        error: { type: 'bad_request', message: expect.stringContaining(message) },
      })
    }
  })
})

describe('nothing secret', () => {
  test('no password, token, secret or invitation link appears in any entry', async () => {
    const { t, ada, appId } = await setup()
    const token = ada.token
    const params = { id: appId }
    const hook = await t.call(
      'webhooks.add',
      { params, body: { url: 'https://hooks.example.com/T0/B0/s3cr3tpath?token=abc123' } },
      { token },
    )
    const rotated = await t.call(
      'webhooks.update',
      { params: { id: appId, webhook: hook.body.data.id }, body: { rotateSecret: true } },
      { token },
    )
    const sender = await t.call(
      'senders.add',
      { params, body: { name: 'shop', kind: 'github', secret: 'sender-secret-42' } },
      { token },
    )
    expect(sender.status).toBe(200)
    const made = await t.call('tokens.create', { body: { name: 'ci', currentPassword: PASSWORD } }, { token })
    const invited = await t.call(
      'members.invite',
      { params, body: { email: 'grace@example.com', role: 'viewer' } },
      { token },
    )
    await t.call('share.publish', { params }, { token })
    const rotatedEndpoint = await t.call('share.rotate', { params }, { token })
    await t.call(
      'profile.setPassword',
      { body: { currentPassword: PASSWORD, newPassword: 'another long password' } },
      { token },
    )
    await t.call('auth.login', { body: { email: 'ada@example.com', password: 'a wrong password here' } })

    const text = await everyEntryText(t)
    const secrets = [
      PASSWORD,
      'another long password',
      'a wrong password here',
      token,
      hook.body.data.secret,
      (rotated.body.data as { secret?: string }).secret,
      'sender-secret-42',
      made.body.data.token,
      (invited.body.data.url as string).split('/').at(-1),
      rotatedEndpoint.body.data.token,
      's3cr3tpath',
      'abc123',
    ]
    for (const secret of secrets) {
      expect(typeof secret).toBe('string')
      expect(text).not.toContain(secret as string)
    }
    // The changes themselves are there.
    expect(await actions(t, token, appId)).toEqual(
      expect.arrayContaining(['webhooks.add', 'webhooks.update', 'senders.add', 'members.invite', 'share.rotate']),
    )
  })
})

describe('retention', () => {
  test('entries older than SVC_AUDIT_DAYS are deleted, newer ones kept', async () => {
    const { t, ada, appId } = await setup()
    t.ctx.config.auditDays = 30
    t.clock.advance(29 * 86_400_000)
    await t.call('fields.add', { params: { id: appId }, body: { name: 'late' } }, { token: ada.token })
    t.clock.advance(2 * 86_400_000)
    // The sign-up's log-in, the token's first address and the app's making are 31 days old; the field 2 days.
    expect(await pruneAudit(t.ctx)).toBe(3)
    expect(await actions(t, ada.token, appId)).toEqual(['fields.add'])
  })
})
