/**
 * Owner record routes: pages in both orders, one record, delete one or a selection with
 * renumbering (paging afterwards sees no gap or repeat), marking spam and not spam,
 * counters, ownership and auth.
 */
import { describe, expect, test } from 'bun:test'
import { getSummary } from '../../server/core/stats/summary.ts'
import { insertRecords, makeEndpoint, numberedRecords, numbering } from '../support/records.ts'
import { testApp, type TestApp, type TestResponse } from '../support/http.ts'
import { makeUser } from '../support/users.ts'
import { invalid, type ErrorEnvelope } from '../support/call.ts'

const START = Date.UTC(2026, 0, 1)

/** 30 records n=1…30, every 5th flagged spam (24 kept, 6 spam). */
async function setup() {
  const t = testApp({ rateLimit: null })
  const owner = await makeUser(t.ctx)
  const endpoint = await makeEndpoint(t.ctx, owner.user.id, { reads: 'records' })
  const ids = await insertRecords(
    t.ctx,
    endpoint.appId,
    numberedRecords(30, (n) => n % 5 === 0),
  )
  const record = (n: number) => ({
    id: ids[n - 1],
    data: { n },
    meta: {},
    ...(n % 5 === 0 ? { spam: true } : {}),
    createdAt: new Date(START + n - 1).toISOString(),
  })
  const stats = async () => {
    const { seq, kept, spam } = (await t.ctx.storage.stats.counters(endpoint.appId))!
    return { seq, kept, spam }
  }
  return { ...t, owner, token: owner.token, endpoint, appId: endpoint.appId, ids, record, stats }
}

const nums = (...list: number[]) => list

describe('GET /api/v3/apps/:id/records', () => {
  const cases: Array<[string, number[], number, number, number]> = [
    ['', nums(1, 2, 3, 4, 6, 7, 8, 9, 11, 12, 13, 14, 16, 17, 18, 19, 21, 22, 23, 24, 26, 27, 28, 29), 1, 100, 24],
    ['?size=4&page=2', nums(6, 7, 8, 9), 2, 4, 24],
    ['?order=desc&size=4', nums(29, 28, 27, 26), 1, 4, 24],
    ['?order=desc&size=4&page=2', nums(24, 23, 22, 21), 2, 4, 24],
    ['?order=desc&size=5&page=5', nums(4, 3, 2, 1), 5, 5, 24],
    ['?order=desc&size=5&page=6', [], 6, 5, 24],
    ['?order=asc&size=5&page=5', nums(26, 27, 28, 29), 5, 5, 24],
    ['?spam=include&order=desc&size=3', nums(30, 29, 28), 1, 3, 30],
    ['?spam=include&order=desc&size=7&page=5', nums(2, 1), 5, 7, 30],
    ['?spam=only', nums(5, 10, 15, 20, 25, 30), 1, 100, 6],
    ['?spam=only&order=desc&size=4', nums(30, 25, 20, 15), 1, 4, 6],
    ['?spam=only&order=desc&size=4&page=2', nums(10, 5), 2, 4, 6],
  ]
  test.each(cases)('records%s', async (query, numbers, page, size, total) => {
    const { call, appId, token, record } = await setup()
    const res = await call(
      'records.list',
      { params: { id: appId }, query: Object.fromEntries(new URLSearchParams(query)) },
      { token },
    )
    expect(res.status).toBe(200)
    expect(res.body as unknown).toEqual({ code: 200, records: numbers.map(record), page, size, total })
  })

  test.each([
    ['order=up', 'order must be one of asc, desc, got "up"'],
    [
      'size=1001',
      'size must be a whole number from 1 to 1000, got "1001"; to read every record use size=1000 and stop at the first page with fewer records',
    ],
  ])('?%s is a 400', async (query, message) => {
    const { call, appId, token } = await setup()
    const res = await call(
      'records.list',
      { params: { id: appId }, query: Object.fromEntries(new URLSearchParams(query)) },
      { token },
    )
    expect(res.status).toBe(400)
    expect(res.body as ErrorEnvelope).toEqual({ code: 400, error: { type: 'bad_request', message } })
  })

  test('reads switched off do not stop the owner', async () => {
    const t = testApp({ rateLimit: null })
    const owner = await makeUser(t.ctx)
    const endpoint = await makeEndpoint(t.ctx, owner.user.id, { reads: 'off', published: false })
    await insertRecords(t.ctx, endpoint.appId, [{ data: { a: 1 } }])
    const res = await t.call('records.list', { params: { id: endpoint.appId } }, { token: owner.token })
    expect(res.status).toBe(200)
    expect(res.body.total).toBe(1)
  })
})

describe('GET /api/v3/apps/:id/records/:recordId', () => {
  test('a record, spam included, with its (empty) history of edits', async () => {
    const { call, appId, token, record, ids } = await setup()
    for (const n of [1, 5]) {
      const res = await call('records.get', { params: { id: appId, recordId: ids[n - 1] } }, { token })
      expect(res.status).toBe(200)
      expect(res.body as unknown).toEqual({ code: 200, data: { ...record(n), history: [], edits: 0 } })
    }
  })

  test('a record of another app is a 404', async () => {
    const { call, ctx, appId, token, owner } = await setup()
    const other = await makeEndpoint(ctx, owner.user.id)
    const [foreign] = await insertRecords(ctx, other.appId, [{ data: { x: 1 } }])
    const res = await call('records.get', { params: { id: appId, recordId: foreign } }, { token })
    expect(res.status).toBe(404)
    expect(res.body as ErrorEnvelope).toEqual({
      code: 404,
      error: { type: 'not_found', message: `Record "${foreign}" in this app not found` },
    })
  })
})

describe('deleting records', () => {
  test('DELETE one record renumbers later records and counters; paging sees no gap or repeat', async () => {
    const { call, ctx, appId, token, ids, record, endpoint, stats } = await setup()
    const res = await call('records.delete', { params: { id: appId, recordId: ids[2] } }, { token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ code: 200, data: { deleted: 1 } })
    expect(await stats()).toEqual({ seq: 29, kept: 23, spam: 6 })
    const expected = Array.from({ length: 30 }, (_, i) => i + 1).filter((n) => n !== 3)
    let pos = 0
    expect(await numbering(ctx, endpoint.appId)).toEqual(expected.map((n, i) => [i + 1, n % 5 === 0 ? null : ++pos, n]))
    const pages = []
    for (let page = 1; page <= 5; page++) {
      const body = (await call('reads.query', { params: { token: endpoint.token }, query: { size: 5, page: page } }))
        .body
      expect(body.total).toBe(23)
      pages.push(...body.records)
    }
    expect(pages as unknown).toEqual(expected.filter((n) => n % 5 !== 0).map(record))
    const again = await call('records.delete', { params: { id: appId, recordId: ids[2] } }, { token })
    expect(again.status).toBe(404)
    expect(again.body as ErrorEnvelope).toEqual({
      code: 404,
      error: { type: 'not_found', message: `Record "${ids[2]}" in this app not found` },
    })
  })

  test('POST /records/delete removes a selection (spam and not, repeats and strangers skipped)', async () => {
    const { call, ctx, appId, token, ids, record, endpoint, stats } = await setup()
    const gone = [1, 5, 12, 13, 30]
    const res = await call(
      'records.deleteMany',
      { params: { id: appId }, body: { ids: [...gone.map((n) => ids[n - 1]), ids[0], 'not-a-record'] } },
      { token },
    )
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ code: 200, data: { deleted: 5 } })
    expect(await stats()).toEqual({ seq: 25, kept: 21, spam: 4 })
    const left = Array.from({ length: 30 }, (_, i) => i + 1).filter((n) => !gone.includes(n))
    let pos = 0
    expect(await numbering(ctx, endpoint.appId)).toEqual(left.map((n, i) => [i + 1, n % 5 === 0 ? null : ++pos, n]))
    const all = await call(
      'records.list',
      { params: { id: appId }, query: { spam: 'include', size: '7', page: '4' } },
      { token },
    )
    expect(all.body as unknown).toEqual({
      code: 200,
      records: left.slice(21, 28).map(record),
      page: 4,
      size: 7,
      total: 25,
    })
    // The aggregates were rebuilt: the summary counts what is left.
    expect(await getSummary(ctx, endpoint.appId)).toMatchObject({ total: 21, spam: 4 })
  })

  test('deleting everything leaves an empty app that numbers new records from 1', async () => {
    const { call, ctx, appId, token, ids, endpoint, stats } = await setup()
    const res = await call('records.deleteMany', { params: { id: appId }, body: { ids } }, { token })
    expect(res.body).toEqual({ code: 200, data: { deleted: 30 } })
    expect(await stats()).toEqual({ seq: 0, kept: 0, spam: 0 })
    const post = await call('ingest.post', { params: { token: endpoint.token }, body: { after: true } })
    expect(post.status).toBe(200)
    expect(await numbering(ctx, endpoint.appId)).toEqual([[1, 1, undefined]])
  })

  test('records posted after a delete continue the numbering without a gap', async () => {
    const { call, ctx, appId, token, ids, endpoint } = await setup()
    await call('records.deleteMany', { params: { id: appId }, body: { ids: [ids[0], ids[9]] } }, { token })
    const post = await call('ingest.post', { params: { token: endpoint.token }, body: { n: 31 } })
    expect(post.status).toBe(200)
    const rows = await numbering(ctx, endpoint.appId)
    // 28 records were left (23 kept): the new one is seq 29, pos 24.
    expect(rows.at(-1)).toEqual([29, 24, 31])
    const last = await call('reads.query', { params: { token: endpoint.token }, query: { size: 12, page: 2 } })
    expect(last.body.records.map((r) => r.data.n)).toEqual([17, 18, 19, 21, 22, 23, 24, 26, 27, 28, 29, 31])
    expect(last.body.total).toBe(24)
  })

  const bad: Array<[string, unknown, string, Array<{ path: string; message: string }>]> = [
    [
      'no ids',
      { ids: [] },
      'ids: name at least one record id',
      [{ path: 'ids', message: 'name at least one record id' }],
    ],
    [
      'ids not an array',
      { ids: 'abc' },
      'ids: must be an array of record ids',
      [{ path: 'ids', message: 'must be an array of record ids' }],
    ],
    [
      '1001 ids',
      { ids: Array.from({ length: 1001 }, (_, i) => `id${i}`) },
      'ids: at most 1000 ids per request; send several requests for more',
      [{ path: 'ids', message: 'at most 1000 ids per request; send several requests for more' }],
    ],
    [
      'an unknown property',
      { ids: ['a'], all: true },
      'unknown properties "all"; allowed: ids',
      [{ path: '', message: 'unknown properties "all"; allowed: ids' }],
    ],
  ]
  test.each(bad)('POST /records/delete with %s → 422', async (_label, body, message, problems) => {
    const { call, appId, token, stats } = await setup()
    const res = await call('records.deleteMany', { params: { id: appId }, body: invalid(body) }, { token })
    expect(res.status).toBe(422)
    expect(res.body as ErrorEnvelope).toEqual({
      code: 422,
      error: { type: 'validation', message, details: { problems } },
    })
    expect(await stats()).toEqual({ seq: 30, kept: 24, spam: 6 })
  })
})

describe('marking records spam or not spam', () => {
  const allNumbers = Array.from({ length: 30 }, (_, i) => i + 1)

  test('POST /records/spam with spam:true moves records out of pages, totals and /summary; positions stay dense', async () => {
    const { call, ctx, appId, token, ids, record, endpoint, stats } = await setup()
    const marked = [2, 3, 17, 5]
    const res = await call(
      'records.spam',
      { params: { id: appId }, body: { ids: [...marked.map((n) => ids[n - 1]), ids[1], 'not-a-record'], spam: true } },
      { token },
    )
    expect(res.status).toBe(200)
    // 5 was spam already: three changed.
    expect(res.body).toEqual({ code: 200, data: { changed: 3, spam: true } })
    expect(await stats()).toEqual({ seq: 30, kept: 21, spam: 9 })
    const isSpam = (n: number) => n % 5 === 0 || marked.includes(n)
    let pos = 0
    expect(await numbering(ctx, endpoint.appId)).toEqual(allNumbers.map((n) => [n, isSpam(n) ? null : ++pos, n]))
    const kept = allNumbers.filter((n) => !isSpam(n))
    const asSpam = (n: number) => ({ ...record(n), spam: true })
    const page = await call('records.list', { params: { id: appId }, query: { size: '5', page: '2' } }, { token })
    expect(page.body as unknown).toEqual({
      code: 200,
      records: kept.slice(5, 10).map(record),
      page: 2,
      size: 5,
      total: 21,
    })
    const spamOnly = await call('records.list', { params: { id: appId }, query: { spam: 'only' } }, { token })
    expect(spamOnly.body as unknown).toEqual({
      code: 200,
      records: allNumbers.filter(isSpam).map(asSpam),
      page: 1,
      size: 100,
      total: 9,
    })
    const summary = await call('reads.summary', { params: { token: endpoint.token } }, { token })
    // 30 is spam now: the last non-spam record is 29.
    expect(summary.body).toMatchObject({
      total: 21,
      spam: 9,
      firstAt: new Date(START).toISOString(),
      lastAt: new Date(START + 28).toISOString(),
    })
  })

  test('spam:false puts records back in their place by time of arrival', async () => {
    const { call, ctx, appId, token, ids, endpoint, stats } = await setup()
    const res = await call(
      'records.spam',
      { params: { id: appId }, body: { ids: [ids[29], ids[4], ids[14], ids[0]], spam: false } },
      { token },
    )
    expect(res.body).toEqual({ code: 200, data: { changed: 3, spam: false } })
    expect(await stats()).toEqual({ seq: 30, kept: 27, spam: 3 })
    const isSpam = (n: number) => n === 10 || n === 20 || n === 25
    let pos = 0
    expect(await numbering(ctx, endpoint.appId)).toEqual(allNumbers.map((n) => [n, isSpam(n) ? null : ++pos, n]))
    const plain = (n: number) => ({
      id: ids[n - 1],
      data: { n },
      meta: {},
      createdAt: new Date(START + n - 1).toISOString(),
    })
    const last = await call('reads.query', { params: { token: endpoint.token }, query: { size: 10, page: 3 } })
    expect(last.body).toEqual({
      code: 200,
      records: [23, 24, 26, 27, 28, 29, 30].map(plain),
      page: 3,
      size: 10,
      total: 27,
    })
    const summary = await call(
      'reads.summary',
      { params: { token: endpoint.token }, query: { spam: 'only' } },
      { token },
    )
    expect(summary.body).toMatchObject({
      total: 3,
      firstAt: new Date(START + 9).toISOString(),
      lastAt: new Date(START + 24).toISOString(),
    })
  })

  test('marking and unmarking again gives back the numbering and summary it started from', async () => {
    const { call, ctx, appId, token, ids, endpoint, stats } = await setup()
    const before = {
      numbering: await numbering(ctx, endpoint.appId),
      summary: (await call('reads.summary', { params: { token: endpoint.token } }, { token })).body,
    }
    const some = [ids[0], ids[6], ids[7], ids[28]]
    expect(
      (await call('records.spam', { params: { id: appId }, body: { ids: some, spam: true } }, { token })).body.data
        .changed,
    ).toBe(4)
    expect(
      (await call('records.spam', { params: { id: appId }, body: { ids: some, spam: false } }, { token })).body.data
        .changed,
    ).toBe(4)
    expect(await stats()).toEqual({ seq: 30, kept: 24, spam: 6 })
    expect(await numbering(ctx, endpoint.appId)).toEqual(before.numbering)
    expect((await call('reads.summary', { params: { token: endpoint.token } }, { token })).body).toEqual(before.summary)
  })

  const bad: Array<[string, unknown, string, Array<{ path: string; message: string }>]> = [
    [
      'no spam flag',
      { ids: ['a'] },
      'spam: must be true (mark as spam) or false (not spam)',
      [{ path: 'spam', message: 'must be true (mark as spam) or false (not spam)' }],
    ],
    [
      'a spam flag as text',
      { ids: ['a'], spam: 'yes' },
      'spam: must be true (mark as spam) or false (not spam)',
      [{ path: 'spam', message: 'must be true (mark as spam) or false (not spam)' }],
    ],
    [
      'no ids',
      { ids: [], spam: true },
      'ids: name at least one record id',
      [{ path: 'ids', message: 'name at least one record id' }],
    ],
    [
      'an unknown property',
      { ids: ['a'], spam: true, all: true },
      'unknown properties "all"; allowed: ids, spam',
      [{ path: '', message: 'unknown properties "all"; allowed: ids, spam' }],
    ],
  ]
  test.each(bad)('POST /records/spam with %s → 422, nothing changes', async (_label, body, message, problems) => {
    const { call, appId, token, stats } = await setup()
    const res = await call('records.spam', { params: { id: appId }, body: invalid(body) }, { token })
    expect(res.status).toBe(422)
    expect(res.body as ErrorEnvelope).toEqual({
      code: 422,
      error: { type: 'validation', message, details: { problems } },
    })
    expect(await stats()).toEqual({ seq: 30, kept: 24, spam: 6 })
  })
})

describe('ownership and authentication', () => {
  type Caller = (
    app: TestApp,
    id: string,
    recordId: string,
    options: { token?: string },
  ) => Promise<TestResponse<Partial<ErrorEnvelope>>>
  const routes: Array<[string, Caller]> = [
    ['records.list', (app, id, _recordId, options) => app.call('records.list', { params: { id } }, options)],
    ['records.get', (app, id, recordId, options) => app.call('records.get', { params: { id, recordId } }, options)],
    [
      'records.delete',
      (app, id, recordId, options) => app.call('records.delete', { params: { id, recordId } }, options),
    ],
    [
      'records.deleteMany',
      (app, id, recordId, options) =>
        app.call('records.deleteMany', { params: { id }, body: { ids: [recordId] } }, options),
    ],
    [
      'records.spam',
      (app, id, recordId, options) =>
        app.call('records.spam', { params: { id }, body: { ids: [recordId], spam: true } }, options),
    ],
    ['records.exportCsv', (app, id, _recordId, options) => app.call('records.exportCsv', { params: { id } }, options)],
    [
      'records.exportJsonl',
      (app, id, _recordId, options) => app.call('records.exportJsonl', { params: { id } }, options),
    ],
  ]
  test.each(routes)("%s of another account's app is a 404 and changes nothing", async (_name, call) => {
    const s = await setup()
    const stranger = await makeUser(s.ctx)
    const res = await call(s, s.appId, s.ids[0], { token: stranger.token })
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ code: 404, error: { type: 'not_found', message: 'App not found' } })
    expect(await s.stats()).toEqual({ seq: 30, kept: 24, spam: 6 })
  })

  test.each(routes)('%s without credentials is a 401', async (_name, call) => {
    const s = await setup()
    const res = await call(s, s.appId, s.ids[0], {})
    expect(res.status).toBe(401)
    expect(res.body.error?.type).toBe('unauthorized')
  })
})
