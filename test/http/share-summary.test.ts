import { describe, expect, test } from 'bun:test'
import { LIMITS } from '../../server/contract/limits.ts'
import { makeEndpoint, type EndpointOptions } from '../core/collect/fixtures.ts'
import { testApp } from '../support/http.ts'
import { makeUser } from '../support/users.ts'
import { disabledBody } from '../support/reads.ts'
import type { BodyOf, ErrorEnvelope } from '../support/call.ts'

const DAY = 86_400_000

/** A published endpoint whose summary anyone with the link reads, unless `options.reads` says otherwise. */
async function setup(options: EndpointOptions = {}) {
  const t = testApp({ rateLimit: null })
  const endpoint = await makeEndpoint(t.ctx, { reads: 'summary', ...options })
  return { ...t, endpoint }
}

/** The 30 days ending at `now`, with counts for the given dates. */
function days(now: number, counts: Record<string, number>) {
  return Array.from({ length: LIMITS.summaryDays }, (_, i) => {
    const date = new Date(now - (LIMITS.summaryDays - 1 - i) * DAY).toISOString().slice(0, 10)
    return { date, count: counts[date] ?? 0 }
  })
}

describe('GET /:token/summary (rule 12)', () => {
  test('an app without records', async () => {
    const { call, clock, endpoint } = await setup({
      fields: [
        { name: 'age', type: 'number' },
        { name: 'ok', type: 'boolean' },
        { name: 'tags', type: 'multichoice', options: ['a'] },
        { name: 'name' },
        { name: 'blob', type: 'json' },
      ],
    })
    const res = await call('reads.summary', { params: { token: endpoint.token } })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.body).toEqual({
      code: 200,
      total: 0,
      spam: 0,
      firstAt: null,
      lastAt: null,
      fields: {
        age: { type: 'number', count: 0, missing: 0, min: null, max: null, mean: null, sum: 0 },
        ok: { type: 'boolean', count: 0, missing: 0, true: 0, false: 0 },
        tags: { type: 'multichoice', count: 0, missing: 0, items: { top: [], other: 0 } },
        name: { type: 'text', count: 0, missing: 0, top: [], other: 0 },
        blob: { type: 'json', count: 0, missing: 0 },
      },
      days: days(clock.now(), {}),
      minRespondents: 5,
    })
  })

  // The aggregates themselves, as the owner's token reads them (every value; the public rules are below).
  test('numbers, texts, booleans, arrays, missing values and days', async () => {
    const { call, clock, endpoint } = await setup({
      fields: [{ name: 'tags', type: 'multichoice', options: ['a', 'b', 'c'] }],
    })
    const owner = { token: endpoint.ownerToken }
    const start = clock.now()
    await call('ingest.post', {
      params: { token: endpoint.token },
      body: { age: 30, city: 'Oslo', ok: true, tags: ['a', 'b'] },
    })
    await call('ingest.post', {
      params: { token: endpoint.token },
      body: { age: 40, city: 'Oslo', ok: false, tags: ['a'] },
    })
    clock.advance(2 * DAY)
    await call('ingest.post', { params: { token: endpoint.token }, body: { age: 5, city: 'Lima', ok: true, tags: [] } })
    await call('ingest.post', { params: { token: endpoint.token }, body: { city: '', note: null } })
    const res = await call('reads.summary', { params: { token: endpoint.token } }, owner)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      code: 200,
      total: 4,
      spam: 0,
      firstAt: new Date(start).toISOString(),
      lastAt: new Date(start + 2 * DAY).toISOString(),
      fields: {
        tags: {
          type: 'multichoice',
          count: 3,
          missing: 1,
          items: {
            top: [
              { value: 'a', count: 2 },
              { value: 'b', count: 1 },
            ],
            other: 0,
          },
        },
        age: { type: 'number', count: 3, missing: 1, min: 5, max: 40, mean: 25, sum: 75 },
        city: {
          type: 'text',
          count: 3,
          missing: 1,
          top: [
            { value: 'Oslo', count: 2 },
            { value: 'Lima', count: 1 },
          ],
          other: 0,
        },
        ok: { type: 'boolean', count: 3, missing: 1, true: 2, false: 1 },
        note: { type: 'json', count: 0, missing: 4 },
      },
      days: days(clock.now(), {
        [new Date(start).toISOString().slice(0, 10)]: 2,
        [new Date(start + 2 * DAY).toISOString().slice(0, 10)]: 2,
      }),
    })
  })

  test('top 20 values with the rest in other; values past the tracking bound count as other', async () => {
    const { call, endpoint } = await setup()
    const batch: Array<{ v: string }> = []
    // v0 ×30, v1 ×29, … so the order is known; then more distinct values than are tracked.
    for (let i = 0; i < 25; i++) for (let n = 0; n < 30 - i; n++) batch.push({ v: `v${i}` })
    for (let i = 0; i < LIMITS.summaryTrackedValues; i++) batch.push({ v: `rare${i}` })
    batch.push({ v: 'x'.repeat(LIMITS.summaryValueLength + 1) })
    expect((await call('ingest.batch', { params: { token: endpoint.token }, body: batch })).status).toBe(200)
    const res = await call('reads.summary', { params: { token: endpoint.token } }, { token: endpoint.ownerToken })
    const v = res.body.fields.v
    expect(v.count).toBe(batch.length)
    expect(v.top).toEqual(Array.from({ length: 20 }, (_, i) => ({ value: `v${i}`, count: 30 - i })))
    const shown = v.top!.reduce((sum: number, t: { count: number }) => sum + t.count, 0)
    expect(v.other).toBe(batch.length - shown)
    // v20…v24 (10+9+8+7+6), the rare values (tracked or not) and the over-long text.
    expect(v.other).toBe(40 + LIMITS.summaryTrackedValues + 1)
  })

  test('spam is kept apart: excluded by default, ?spam=include and ?spam=only', async () => {
    const { call, endpoint } = await setup()
    await call('ingest.post', { params: { token: endpoint.token }, body: { n: 1 } })
    await call('ingest.post', { params: { token: endpoint.token }, body: { n: 2 } })
    await call(
      'ingest.form',
      { params: { token: endpoint.token } },
      { raw: 'n=100&_gotcha=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    )
    const pick = (body: BodyOf<'reads.summary'>) => [body.total, body.spam, body.fields.n]
    const owner = { token: endpoint.ownerToken }
    expect(pick((await call('reads.summary', { params: { token: endpoint.token } }, owner)).body)).toEqual([
      2,
      1,
      { type: 'number', count: 2, missing: 0, min: 1, max: 2, mean: 1.5, sum: 3 },
    ])
    expect(
      pick(
        (await call('reads.summary', { params: { token: endpoint.token }, query: { spam: 'include' } }, owner)).body,
      ),
    ).toEqual([3, 1, { type: 'number', count: 3, missing: 0, min: 1, max: 100, mean: 103 / 3, sum: 103 }])
    expect(
      pick((await call('reads.summary', { params: { token: endpoint.token }, query: { spam: 'only' } }, owner)).body),
    ).toEqual([1, 1, { type: 'number', count: 1, missing: 0, min: 100, max: 100, mean: 100, sum: 100 }])
    const bad = await call('reads.summary', { params: { token: endpoint.token }, query: { spam: 'yes' } })
    expect(bad.status).toBe(400)
    expect(bad.body as ErrorEnvelope).toEqual({
      code: 400,
      error: {
        type: 'bad_request',
        message: 'spam must be "include" or "only" (or left out to exclude spam), got "yes"',
      },
    })
  })

  test('UTF-8 and prototype names round-trip as keys and values', async () => {
    const { call, endpoint } = await setup()
    await call(
      'ingest.post',
      { params: { token: endpoint.token } },
      {
        raw: '{"名前":"😀 e\u0301","__proto__":"x","constructor":"constructor"}',
        headers: { 'content-type': 'application/json' },
      },
    )
    const res = await call('reads.summary', { params: { token: endpoint.token } }, { token: endpoint.ownerToken })
    expect(Object.keys(res.body.fields)).toEqual(['名前', '__proto__', 'constructor'])
    expect(res.text).toContain(
      '"__proto__":{"type":"text","count":1,"missing":0,"top":[{"value":"x","count":1}],"other":0}',
    )
    expect(res.body.fields.名前.top).toEqual([{ value: '😀 e\u0301', count: 1 }])
    expect(new Map(Object.entries(res.body.fields)).get('constructor')?.top).toEqual([
      { value: 'constructor', count: 1 },
    ])
  })

  test('reads off → 403 disabled naming the switch and how the owner reads; writes still work', async () => {
    const { call, endpoint } = await setup({ reads: 'off' })
    expect((await call('ingest.post', { params: { token: endpoint.token }, body: { a: 1 } })).status).toBe(200)
    const res = await call('reads.summary', { params: { token: endpoint.token } })
    expect(res.status).toBe(403)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.body as unknown).toEqual(disabledBody('off /summary'))
  })

  test('unknown token → 404; ?help answers Markdown', async () => {
    const { request, endpoint } = await setup()
    for (const path of [
      '/api/v3/share/AAAAAAAAAAAAAAAAAAAAAAAAAAAA/summary',
      '/api/v3/share/%ZZ/summary',
      '/api/v3/share/%ZZ/summary?help',
    ]) {
      expect((await request('GET', path)).status).toBe(404)
    }
    const help = await request('GET', `${endpoint.path}/summary?help`)
    expect(help.status).toBe(200)
    expect(help.headers.get('content-type')).toBe('text/markdown; charset=utf-8')
  })

  test('reads are rate limited separately from writes', async () => {
    const t = testApp()
    const endpoint = await makeEndpoint(t.ctx, { reads: 'summary', rateLimit: '1/s,2' })
    expect((await t.call('ingest.post', { params: { token: endpoint.token }, body: { a: 1 } })).status).toBe(200)
    expect((await t.call('reads.summary', { params: { token: endpoint.token } })).status).toBe(200)
    expect((await t.call('reads.summary', { params: { token: endpoint.token } })).status).toBe(200)
    const res = await t.call('reads.summary', { params: { token: endpoint.token } })
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('1')
    expect((await t.call('ingest.post', { params: { token: endpoint.token }, body: { a: 2 } })).status).toBe(200)
  })
})

describe('GET /api/v3/apps/:id/summary (owner)', () => {
  test('the owner reads it even when public reads are off; others get 404, anonymous 401', async () => {
    const { call, ctx, endpoint } = await setup({ reads: 'off' })
    await call('ingest.post', { params: { token: endpoint.token }, body: { n: 1 } })
    const res = await call('records.summary', { params: { id: endpoint.appId } }, { token: endpoint.ownerToken })
    expect(res.status).toBe(200)
    expect(res.body.total).toBe(1)
    expect(res.body.fields).toEqual({ n: { type: 'number', count: 1, missing: 0, min: 1, max: 1, mean: 1, sum: 1 } })
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
    const stranger = await makeUser(ctx)
    const other = await call('records.summary', { params: { id: endpoint.appId } }, { token: stranger.token })
    expect(other.status).toBe(404)
    expect(other.body as ErrorEnvelope).toEqual({ code: 404, error: { type: 'not_found', message: 'App not found' } })
    expect((await call('records.summary', { params: { id: endpoint.appId } })).status).toBe(401)
  })
})
