/**
 * Issue 31, "strangers can post, and that is all they can do": the keys a stranger posts
 * never reshape the owner's public form (row 1), and no client can use up an app's fields
 * (row 2). Strangers are requests without the owner's access token, each from the socket
 * peer address it names; time is the context's hand-moved clock. Runs on every backend.
 */
import { describe, expect, test } from 'bun:test'
import { LIMITS } from '../../server/contract/limits.ts'
import {
  fieldProposers,
  makeEndpoint,
  storedFields,
  storedRecords,
  type EndpointOptions,
} from '../core/collect/fixtures.ts'
import { testApp } from '../support/http.ts'
import { invalid, type ErrorEnvelope } from '../support/call.ts'

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const BANK = 'Your bank password (required to verify)'
const HOUR = 60 * 60 * 1000

async function setup(options: EndpointOptions = {}) {
  const t = testApp({ rateLimit: null })
  const endpoint = await makeEndpoint(t.ctx, options)
  const owner = { token: endpoint.ownerToken }
  const appId = endpoint.appId
  return {
    ...t,
    endpoint,
    appId,
    /** A stranger's JSON post from `from`. */
    post: (from: string, body: Record<string, unknown>) =>
      t.call('ingest.post', { params: { token: endpoint.token }, body }, { from }),
    /** A stranger's HTML-form post (fetch, JSON answers) from `from`. */
    postForm: (from: string, pairs: Record<string, string>) =>
      t.call(
        'ingest.form',
        { params: { token: endpoint.token } },
        { from, raw: new URLSearchParams(pairs), headers: FORM },
      ),
    /** The hosted fill-in page. */
    page: async () => (await t.request('GET', `/f/${endpoint.token}`)).text,
    help: async () => (await t.request('GET', `${endpoint.path}?help`)).text,
    /** The owner's field list: `[name, type, proposed]`. */
    listed: async () =>
      (
        (await t.call('fields.list', { params: { id: appId } }, owner)).body.data.fields as Array<{
          name: string
          type: string
          proposed: boolean
        }>
      ).map((f) => [f.name, f.type, f.proposed]),
    accept: (body: unknown) => t.call('fields.accept', { params: { id: appId }, body: invalid(body) }, owner),
    /** The names of the owner's unlisted keys, as the field list shows them. */
    unlistedNames: async () =>
      (
        (await t.call('fields.list', { params: { id: appId } }, owner)).body.data.unlisted as Array<{ name: string }>
      ).map((key) => key.name),
    owner,
  }
}

/** `count` distinct keys `<prefix>0…` with the value 1. */
const junk = (prefix: string, count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}${i}`, 1]))

describe("row 1: a stranger's keys never reshape the owner's public form", () => {
  test("a stranger's keys are stored and proposed, but no question, snippet or ?help line shows them until the owner accepts", async () => {
    const { post, page, help, listed, accept, ctx, endpoint } = await setup({
      fields: [{ name: 'name', label: 'Your name' }],
    })
    const res = await post('203.0.113.9', { name: 'Ada', [BANK]: 'hunter2' })
    expect(res.body).toEqual({ code: 200, data: { id: expect.any(String) } })
    expect((await storedRecords(ctx, endpoint.appId)).map((r) => r.data)).toEqual([{ name: 'Ada', [BANK]: 'hunter2' }])
    expect(await listed()).toEqual([
      ['name', 'text', false],
      [BANK, 'text', true],
    ])
    expect(await fieldProposers(ctx, endpoint.appId)).toEqual([
      ['name', null],
      [BANK, '203.0.113.9'],
    ])
    const before = await page()
    expect(before).toContain('name="name"')
    expect(before).not.toContain('bank password')
    const helpText = await help()
    expect(helpText).not.toContain('bank password')
    expect(helpText).toContain('1 of 50 fields used.')

    const accepted = await accept({ names: [BANK] })
    expect(accepted.status).toBe(200)
    expect(accepted.body.data.fields).toMatchObject([{ name: BANK, type: 'text', proposed: false, autoCreated: false }])
    expect(await page()).toContain(`name="${BANK}"`)
    expect(await help()).toContain('2 of 50 fields used.')
  })

  test("the first stranger no longer chooses a field's type: it stays a proposal until accepted, and accepting settles it", async () => {
    const { post, postForm, page, listed, accept } = await setup()
    expect((await post('203.0.113.9', { email: 3 })).status).toBe(200)
    expect(await listed()).toEqual([['email', 'number', true]])
    expect(await page()).not.toContain('name="email"')
    // While proposed, its values are not checked against the guessed type.
    expect((await postForm('198.51.100.7', { email: 'ada@example.com' })).status).toBe(200)
    expect((await post('198.51.100.8', { email: 'grace@example.com' })).status).toBe(200)
    // Without a type the stored values settle it: they differ (a number, two strings), so text.
    expect((await accept({ all: true })).body.data.fields).toMatchObject([{ name: 'email', type: 'text' }])
    expect(await page()).toContain('type="text" name="email"')
  })

  test('the owner may pass the type when accepting; later values are checked against it', async () => {
    const { post, page, accept } = await setup()
    await post('203.0.113.9', { email: 3 })
    expect((await accept({ names: ['email'], type: 'email' })).body.data.fields).toMatchObject([
      { name: 'email', type: 'email', proposed: false },
    ])
    expect(await page()).toContain('type="email" name="email"')
    const refused = await post('203.0.113.9', { email: 4 })
    expect(refused.status).toBe(422)
    expect(refused.body.error?.type).toBe('invalid_value')
  })

  test('spam never creates fields: a honeypot hit is stored as spam with its keys, and answered like a success', async () => {
    const { post, postForm, ctx, endpoint } = await setup()
    expect((await post('203.0.113.9', { _gotcha: 'bot', offer: 'cheap pills' })).body).toEqual({
      code: 200,
      data: { id: expect.any(String) },
    })
    expect((await postForm('203.0.113.9', { _gotcha: 'bot', [BANK]: 'x' })).body as unknown).toEqual({
      code: 200,
      data: { id: expect.any(String) },
    })
    expect((await storedRecords(ctx, endpoint.appId)).map((r) => [r.spam, r.data])).toEqual([
      [true, { offer: 'cheap pills' }],
      [true, { [BANK]: 'x' }],
    ])
    expect(await storedFields(ctx, endpoint.appId)).toEqual([])
  })

  test('quick start still works: a fresh app takes {"name":"Ada"} and the owner reads it back with every key', async () => {
    const t = await setup()
    const res = await t.call(
      'ingest.post',
      { params: { token: t.endpoint.token } },
      { raw: '{"name":"Ada"}', headers: { 'content-type': 'application/json' } },
    )
    expect(res.status).toBe(200)
    const read = await t.call('reads.query', { params: { token: t.endpoint.token } }, t.owner)
    expect(read.body.records.map((r: { data: unknown }) => r.data)).toEqual([{ name: 'Ada' }])
    expect(await t.listed()).toEqual([['name', 'text', true]])
  })

  test("the owner's own posts (with the access token) make accepted fields, on the form at once", async () => {
    const { call, endpoint, page, listed, owner } = await setup()
    expect(
      (await call('ingest.post', { params: { token: endpoint.token }, body: { city: 'Paris' } }, owner)).status,
    ).toBe(200)
    expect(await listed()).toEqual([['city', 'text', false]])
    expect(await page()).toContain('name="city"')
  })

  test('accepting: unknown names are a 404, accepted ones are left as they are, and the 50 accepted fields are a hard limit', async () => {
    const { call, post, accept, appId, owner } = await setup({
      fields: Array.from({ length: 49 }, (_, i) => ({ name: `f${i}` })),
    })
    await post('203.0.113.9', { a: 1, b: 2 })
    expect(await accept({ names: ['nope'] })).toMatchObject({
      status: 404,
      body: { code: 404, error: { type: 'not_found', message: 'Field "nope" not found' } },
    })
    expect((await accept({ names: ['f0'] })).body).toEqual({ code: 200, data: { fields: [] } })
    const full = await accept({ all: true })
    expect(full.body as ErrorEnvelope).toEqual({
      code: 422,
      error: {
        type: 'field_limit',
        message:
          'This app has 49 of at most 50 fields, so 2 more cannot be accepted; nothing was accepted. Remove fields you do not need, or accept fewer',
        details: { limit: 50, existing: 49, accepting: 2 },
      },
    })
    expect((await accept({ names: ['a'] })).status).toBe(200)
    // The proposal left is deleted like any field.
    expect((await call('fields.remove', { params: { id: appId, field: 'b' } }, owner)).status).toBe(200)
    expect((await accept({ all: true })).body).toEqual({ code: 200, data: { fields: [] } })
  })

  test('adding a field named like a proposal says to accept that one', async () => {
    const { call, post, appId, owner } = await setup()
    await post('203.0.113.9', { email: 'ada@example.com' })
    expect(
      (await call('fields.add', { params: { id: appId }, body: { name: 'email', type: 'email' } }, owner))
        .body as ErrorEnvelope,
    ).toEqual({
      code: 409,
      error: {
        type: 'conflict',
        message:
          'A field named "email" is already proposed by an anonymous post; accept it (svc-cli field accept "email" --type <type>) or remove it first',
      },
    })
  })

  test('accept takes names or all, and no choice type (it needs options)', async () => {
    const { accept } = await setup()
    for (const body of [
      {},
      { names: ['a'], all: true },
      { all: true, type: 'number' },
      { names: ['a'], type: 'choice' },
    ]) {
      const res = await accept(body)
      expect([res.status, res.body.error?.type]).toEqual([422, 'validation'])
    }
  })

  test('a scale item can only use an accepted field', async () => {
    const { call, post, endpoint, owner, accept } = await setup()
    await post('203.0.113.9', { score: 3 })
    const scale = {
      key: 'total',
      name: 'Total',
      items: [{ field: 'score', min: 0, max: 10 }],
      levels: [{ key: 'all', label: 'All', min: 0, max: 10 }],
    }
    const refused = await call('scales.add', { params: { id: endpoint.appId }, body: scale }, owner)
    expect(refused.status).toBe(422)
    expect(refused.body.error?.message).toBe(
      'items.0.field: field "score" is only proposed (made by an anonymous submission): accept it first (svc-cli field accept)',
    )
    await accept({ names: ['score'] })
    const made = await call('scales.add', { params: { id: endpoint.appId }, body: scale }, owner)
    expect(made.body.error).toBeUndefined()
  })
})

describe('row 2: no client can use up the fields of an app, and no record is refused for them', () => {
  for (const shape of ['an app with owner fields', 'a fresh app'] as const) {
    test(`after a flood of junk keys, another client's ordinary submissions still succeed (${shape})`, async () => {
      const { call, post, postForm, appId, owner, ctx, endpoint, unlistedNames } = await setup(
        shape === 'a fresh app' ? {} : { fields: [{ name: 'name' }, { name: 'email', type: 'email' }] },
      )
      // One request with 50 new keys is stored whole: 10 keys become proposals, 40 stay unlisted.
      const flood = await post('203.0.113.66', junk('junk', 50))
      expect(flood.status).toBe(200)
      expect(await unlistedNames()).toEqual(Array.from({ length: 40 }, (_, i) => `junk${i + 10}`))
      // Its budget spent, the flooder's next new key is stored, unlisted.
      expect((await post('203.0.113.66', { more: 1 })).status).toBe(200)
      // A person at another address: known keys, and a few new ones, JSON and /form alike.
      const known: Record<string, string> =
        shape === 'a fresh app' ? { junk0: 'hello' } : { name: 'Ada', email: 'ada@example.com' }
      expect((await post('198.51.100.20', known)).status).toBe(200)
      expect((await post('198.51.100.20', { ...known, comment: 'hi', city: 'Paris' })).status).toBe(200)
      expect((await postForm('198.51.100.20', { ...known, phone: '555' })).status).toBe(200)
      // The owner's own field add is never blocked by strangers.
      const added = await call(
        'fields.add',
        { params: { id: appId }, body: { name: 'age', type: 'number' } },
        { ...owner },
      )
      expect(added.status).toBe(200)
      const records = await storedRecords(ctx, endpoint.appId)
      expect(records.length).toBe(5)
      expect(records[0].data).toEqual(junk('junk', 50))
      expect((await storedFields(ctx, endpoint.appId)).filter((f) => f.proposed).map((f) => f.name)).toEqual([
        ...Array.from({ length: 10 }, (_, i) => `junk${i}`),
        'comment',
        'city',
        'phone',
      ])
    })
  }

  test("a client's budget is per hour: the window slides with the clock, and keys past it are unlisted", async () => {
    const { post, clock, ctx, endpoint, unlistedNames } = await setup()
    expect((await post('203.0.113.66', junk('a', 6))).status).toBe(200)
    clock.advance(30 * 60 * 1000)
    expect((await post('203.0.113.66', junk('b', 4))).status).toBe(200)
    expect((await post('203.0.113.66', { c0: 1 })).status).toBe(200)
    expect(await unlistedNames()).toEqual(['c0'])
    // An hour after the first six, those no longer count: six more proposals, the seventh unlisted.
    clock.advance(HOUR - 30 * 60 * 1000)
    expect((await post('203.0.113.66', junk('c', 7))).status).toBe(200)
    expect(await unlistedNames()).toEqual(['c6'])
    expect((await storedFields(ctx, endpoint.appId)).map((f) => f.name)).toEqual([
      'a0',
      'a1',
      'a2',
      'a3',
      'a4',
      'a5',
      'b0',
      'b1',
      'b2',
      'b3',
      'c0',
      'c1',
      'c2',
      'c3',
      'c4',
      'c5',
    ])
  })

  test('proposals together never pass 40; later keys are stored unlisted, and the owner makes room by accepting or deleting', async () => {
    const { call, post, accept, appId, owner, ctx, endpoint, unlistedNames } = await setup({
      fields: Array.from({ length: 45 }, (_, i) => ({ name: `f${i}` })),
    })
    for (const client of ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4'])
      expect((await post(client, junk(`${client.slice(-1)}_`, 10))).status).toBe(200)
    expect((await post('192.0.2.5', { f0: 'x', fresh: 1 })).status).toBe(200)
    expect(await unlistedNames()).toEqual(['fresh'])
    expect((await post('192.0.2.5', { f0: 'x', '1_0': 'y' })).status).toBe(200)
    // The owner still adds fields up to 50 of their own.
    for (let i = 45; i < 50; i++)
      expect((await call('fields.add', { params: { id: appId }, body: { name: `f${i}` } }, owner)).status).toBe(200)
    expect((await call('fields.add', { params: { id: appId }, body: { name: 'f50' } }, owner)).body.error?.type).toBe(
      'field_limit',
    )
    expect((await call('fields.remove', { params: { id: appId, field: '1_0' } }, owner)).status).toBe(200)
    // With 50 accepted fields a proposal could never be accepted: a new key stays unlisted.
    expect((await post('192.0.2.5', { fresh2: 1 })).status).toBe(200)
    expect((await storedFields(ctx, endpoint.appId)).filter((f) => f.proposed).length).toBe(
      LIMITS.maxProposedFields - 1,
    )
    expect(await unlistedNames()).toEqual(['fresh', 'fresh2'])
    // Accepting at 50 accepted fields is refused (proposal or unlisted key); deleting one of the owner's makes room.
    expect((await accept({ names: ['fresh2'] })).body.error?.type).toBe('field_limit')
    expect((await accept({ names: ['fresh'] })).body.error?.type).toBe('field_limit')
    expect((await call('fields.remove', { params: { id: appId, field: 'f49' } }, owner)).status).toBe(200)
    expect((await accept({ names: ['fresh'] })).status).toBe(200)
    expect(await unlistedNames()).toEqual(['fresh2'])
    expect((await storedRecords(ctx, endpoint.appId)).length).toBe(7)
  })

  test('a batch is stored whole: its first new keys are proposals within the budget, the rest unlisted', async () => {
    const { call, endpoint, ctx, unlistedNames } = await setup()
    const res = await call(
      'ingest.batch',
      { params: { token: endpoint.token }, body: [junk('a', 6), junk('a', 6), junk('b', 5)] },
      { from: '203.0.113.66' },
    )
    expect(res.status).toBe(200)
    expect((await storedRecords(ctx, endpoint.appId)).map((record) => record.data)).toEqual([
      junk('a', 6),
      junk('a', 6),
      junk('b', 5),
    ])
    expect((await storedFields(ctx, endpoint.appId)).map((f) => f.name)).toEqual([
      'a0',
      'a1',
      'a2',
      'a3',
      'a4',
      'a5',
      'b0',
      'b1',
      'b2',
      'b3',
    ])
    expect(await unlistedNames()).toEqual(['b4'])
  })
})
