/**
 * Filtering the owner's record pages (`?filter=`), on whichever store the suite runs on
 * (SQLite, or PostgreSQL with DATABASE_URL): each filter's matches over one set of records
 * whose values are chosen to tell the semantics apart (case, text versus number, missing,
 * arrays, LIKE's wildcards taken literally, spam), with paging, order and totals, and the
 * refusals.
 */
import { describe, expect, test } from 'bun:test'
import { insertRecords, makeEndpoint } from '../support/records.ts'
import { testApp } from '../support/http.ts'
import { makeUser } from '../support/users.ts'
import type { ErrorEnvelope } from '../support/call.ts'

const START = Date.UTC(2026, 0, 1)
const at = (n: number) => new Date(START + n - 1).toISOString()

// Record n arrives at START + n − 1 ms; 4 is spam.
const RECORDS: Array<Record<string, unknown>> = [
  { city: 'Paris', age: 30, consent: true, tags: ['a', 'b'], note: 'Hello World' },
  { city: 'paris', age: 17, consent: false, tags: ['b'] },
  { city: 'Berlin', age: '42', note: '' },
  { city: 'Paris', age: null, tags: [] },
  { city: 'Zürich', age: 65.5, consent: true, note: '50% off_now' },
  {},
  { city: 'Paris', age: 18 },
]

async function setup() {
  const t = testApp({ rateLimit: null })
  const owner = await makeUser(t.ctx)
  const endpoint = await makeEndpoint(t.ctx, owner.user.id, {
    fields: [
      { name: 'city', type: 'text' },
      { name: 'age', type: 'number' },
      { name: 'consent', type: 'boolean' },
      { name: 'tags', type: 'multichoice', options: ['a', 'b'] },
      { name: 'note', type: 'text' },
    ],
  })
  const ids = await insertRecords(
    t.ctx,
    endpoint.appId,
    RECORDS.map((data, i) => ({ data, spam: i === 3 })),
  )
  const page = (query: Record<string, string>) =>
    t.call('records.list', { params: { id: endpoint.appId }, query }, { token: owner.token })
  const numbers = async (query: Record<string, string>) => {
    const res = await page(query)
    expect(res.status).toBe(200)
    return { n: res.body.records.map((r: { id: string }) => ids.indexOf(r.id) + 1), total: res.body.total }
  }
  return { ...t, ids, page, numbers, endpoint, token: owner.token }
}

const cases: Array<[string, number[], Record<string, string>?]> = [
  ["city = 'Paris'", [1, 7]],
  ["city ~ 'paris'", [1, 2, 7]],
  ["city != 'Paris'", [2, 3, 5, 6]],
  ['age >= 18', [1, 5, 7]],
  ['age < 18', [2]],
  ['age = 65.5', [5]],
  ["age = '42'", [3]],
  ['age = null', [6]],
  ['age = null', [4, 6], { spam: 'include' }],
  ['note = null', [2, 3, 6, 7]],
  ['note != null', [1, 5]],
  ["tags = 'b'", [1, 2]],
  ["tags ~ 'A'", [1]],
  ['consent = true', [1, 5]],
  ['consent != true', [2, 3, 6, 7]],
  ['consent = false', [2]],
  ["note ~ '50%'", [5]],
  ["note ~ 'o_f'", []],
  ["note ~ 'world'", [1]],
  ["city > 'P'", [1, 2, 5, 7]],
  // By code point: 'p' comes after 'Z'.
  ["city >= 'Zürich'", [2, 5]],
  ["created < '2026-01-01T00:00:00.003Z'", [1, 2, 3]],
  ["created >= '2026-01-01T00:00:00.004Z' && age >= 18", [5, 7]],
  ["(city = 'Paris' || age < 18) && consent = true", [1]],
  ["city = 'Paris' || city = 'Berlin'", [1, 3, 7]],
  ["city = 'Paris'", [4], { spam: 'only' }],
  ["city ~ 'a'", [7, 2], { order: 'desc', size: '2' }],
  ["city ~ 'a'", [1], { order: 'desc', size: '2', page: '2' }],
  ["city ~ 'a'", [], { size: '2', page: '3' }],
  ["created >= '2027-01-01'", []],
]

describe('GET /api/v3/apps/:id/records?filter=', () => {
  test.each(cases)('%s %j → %j', async (filter, expected, extra = {}) => {
    const { numbers } = await setup()
    const { n, total } = await numbers({ filter, ...extra })
    expect(n).toEqual(expected)
    if (!extra.size) expect(total).toBe(expected.length)
  })

  test('the whole page: records as unfiltered pages show them, with the total of matches', async () => {
    const { page, ids } = await setup()
    const res = await page({ filter: "city = 'Paris' && age >= 18", size: '1' })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      code: 200,
      records: [{ id: ids[0], data: RECORDS[0], meta: {}, createdAt: at(1) }],
      page: 1,
      size: 1,
      total: 2,
    })
  })

  test('a filter by id finds the record, spam or not with spam=include', async () => {
    const { numbers, ids } = await setup()
    expect(await numbers({ filter: `id = '${ids[4]}'` })).toEqual({ n: [5], total: 1 })
    expect(await numbers({ filter: `id = '${ids[3]}'` })).toEqual({ n: [], total: 0 })
    expect(await numbers({ filter: `id = '${ids[3]}'`, spam: 'include' })).toEqual({ n: [4], total: 1 })
  })

  test('an empty filter is no filter', async () => {
    const { numbers } = await setup()
    expect(await numbers({ filter: '  ' })).toEqual({ n: [1, 2, 3, 5, 6, 7], total: 6 })
  })

  test.each([
    [
      'ag = 1',
      'filter: this app has no field "ag"; its fields: city, age, consent, tags, note (and created, id) (at character 1)',
    ],
    ["city = 'Paris", "filter: the text starting with ' has no closing ' (at character 8)"],
  ])('%p is a 400 naming what to fix', async (filter, message) => {
    const { page } = await setup()
    const res = await page({ filter })
    expect(res.status).toBe(400)
    expect(res.body as ErrorEnvelope).toEqual({ code: 400, error: { type: 'bad_request', message } })
  })

  test('two filters are a 400, not a guess', async () => {
    const { call, endpoint, token } = await setup()
    const res = await call(
      'records.list',
      { params: { id: endpoint.appId }, query: { filter: ['age=1', 'age=2'] } },
      { token },
    )
    expect(res.status).toBe(400)
    expect(res.body as ErrorEnvelope).toEqual({
      code: 400,
      error: { type: 'bad_request', message: 'filter must be given once, as one filter text' },
    })
  })

  test('the public /query refuses a filter rather than ignoring it', async () => {
    const { call, ctx } = await setup()
    const open = await makeEndpoint(ctx, (await makeUser(ctx)).user.id, { reads: 'records' })
    const res = await call('reads.query', { params: { token: open.token }, query: { filter: "city = 'Paris'" } })
    expect(res.status).toBe(400)
    expect(res.body as ErrorEnvelope).toEqual({
      code: 400,
      error: {
        type: 'bad_request',
        message:
          "filter is not taken here: the owner's GET /api/v3/apps/<app id>/records (and svc-cli share query --filter) filters records",
      },
    })
  })
})
