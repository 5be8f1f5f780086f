/**
 * Duplicate posts (share settings `dedupeSeconds`, `dedupeJson`): the same data from the
 * same client within the window is answered like the first post, with its id, and stored
 * once; form posts by default, JSON only with dedupeJson, batches never. Time is the
 * test's clock. On the suite's backend.
 */
import { describe, expect, test } from 'bun:test'
import { canonicalJson } from '../../server/core/collect/dedupe.ts'
import { makeEndpoint, storedRecords } from '../core/collect/fixtures.ts'
import { testApp, validationBody } from '../support/http.ts'

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const STRANGER = '203.0.113.7'

async function setup(settings: Record<string, unknown> = {}) {
  const t = testApp({ rateLimit: null })
  const endpoint = await makeEndpoint(t.ctx)
  if (Object.keys(settings).length > 0) {
    const set = await t.call(
      'share.update',
      { params: { id: endpoint.appId }, body: settings as never },
      { token: endpoint.ownerToken },
    )
    expect(set.status).toBe(200)
  }
  const form = (raw: string, from = STRANGER) =>
    t.request('POST', `${endpoint.path}/form`, { raw, headers: FORM, from })
  const json = (body: unknown, from = STRANGER) => t.request('POST', endpoint.path, { body, from })
  const count = async () => (await storedRecords(t.ctx, endpoint.appId)).length
  return { t, endpoint, form, json, count }
}

describe('dedupeSeconds on form posts', () => {
  test('the same data again within the window gets the first answer and is stored once', async () => {
    const { t, form, count } = await setup()
    const first = await form('name=Ada&n=1')
    expect(first.status).toBe(200)
    t.clock.advance(599_999)
    // The same data in another order is the same data.
    const again = await form('n=1&name=Ada')
    expect(again.status).toBe(200)
    expect(again.body).toEqual(first.body)
    expect(await count()).toBe(1)
  })

  test('after the window, from another client, or with other data: stored again', async () => {
    const { t, form, count } = await setup()
    const first = await form('name=Ada')
    const other = await form('name=Ada', '198.51.100.9')
    const changed = await form('name=Grace')
    t.clock.advance(600_000)
    const later = await form('name=Ada')
    const ids = [first, other, changed, later].map((res) => (res.body as { data: { id: string } }).data.id)
    expect(new Set(ids).size).toBe(4)
    expect(await count()).toBe(4)
  })

  test('the window follows the setting; 0 turns it off', async () => {
    const { t, form, count, endpoint } = await setup({ dedupeSeconds: 5 })
    await form('name=Ada')
    t.clock.advance(5000)
    await form('name=Ada')
    expect(await count()).toBe(2)
    await t.call(
      'share.update',
      { params: { id: endpoint.appId }, body: { dedupeSeconds: 0 } },
      { token: endpoint.ownerToken },
    )
    await form('name=Bo')
    await form('name=Bo')
    expect(await count()).toBe(4)
  })

  test('the fill-in page: a double submit makes one record, both answered with its id', async () => {
    const { t, endpoint, count } = await setup()
    const post = () =>
      t.request('POST', `/f/${endpoint.token}`, {
        raw: 'name=Ada',
        headers: { ...FORM, accept: 'application/json' },
        from: STRANGER,
      })
    const [a, b] = await Promise.all([post(), post()])
    expect([a.status, b.status]).toEqual([200, 200])
    expect(b.body).toEqual(a.body)
    expect(await count()).toBe(1)
  })
})

describe('dedupeJson', () => {
  test('JSON posts are not deduplicated by default (devices send one reading twice)', async () => {
    const { json, count } = await setup()
    const a = await json({ t: 21.5 })
    const b = await json({ t: 21.5 })
    expect(a.body).not.toEqual(b.body)
    expect(await count()).toBe(2)
  })

  test('with dedupeJson, a JSON repeat gets the first answer; batches are never deduplicated', async () => {
    const { t, endpoint, json, count } = await setup({ dedupeJson: true })
    const a = await json({ t: 21.5, where: { room: 1, floor: 2 } })
    const b = await json({ where: { floor: 2, room: 1 }, t: 21.5 })
    expect(a.status).toBe(200)
    expect(b.body).toEqual(a.body)
    expect(await count()).toBe(1)
    for (let i = 0; i < 2; i++)
      expect((await t.request('POST', `${endpoint.path}/batch`, { body: [{ t: 1 }], from: STRANGER })).status).toBe(200)
    expect(await count()).toBe(3)
  })

  test('a JSON post with its own Idempotency-Key is answered by that key', async () => {
    const { t, endpoint, count } = await setup({ dedupeJson: true })
    const post = (key: string) =>
      t.request('POST', endpoint.path, { body: { t: 1 }, headers: { 'idempotency-key': key }, from: STRANGER })
    await post('one')
    await post('two')
    expect(await count()).toBe(2)
  })
})

describe('the settings', () => {
  test('default 600 and false; bounded', async () => {
    const { t, endpoint } = await setup()
    const got = await t.call('share.get', { params: { id: endpoint.appId } }, { token: endpoint.ownerToken })
    expect([got.body.data.dedupeSeconds, got.body.data.dedupeJson]).toEqual([600, false])
    const res = await t.call(
      'share.update',
      { params: { id: endpoint.appId }, body: { dedupeSeconds: 86_401 } },
      { token: endpoint.ownerToken },
    )
    expect(res.status).toBe(422)
    expect(res.body as unknown).toEqual(
      validationBody({ path: 'dedupeSeconds', message: 'can be at most 86400 seconds (a day)' }),
    )
  })

  test('the hash is of the data with sorted keys', () => {
    expect(canonicalJson({ b: [1, { d: 1, c: 2 }], a: 'x' })).toBe('{"a":"x","b":[1,{"c":2,"d":1}]}')
  })
})
