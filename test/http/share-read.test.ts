/**
 * GET /<token>/query (docs/design.md rules 3–5, 11, 13, 16): key-range pages across spam, size
 * limits (400, never clamped), totals, switches and CORS.
 */
import { describe, expect, test } from 'bun:test'
import { rotateToken } from '../../server/core/share/publish.ts'
import { insertRecords, makeEndpoint, numberedRecords } from '../support/records.ts'
import { testApp } from '../support/http.ts'
import { makeUser } from '../support/users.ts'
import { disabledBody } from '../support/reads.ts'
import type { ErrorEnvelope } from '../support/call.ts'

const START = Date.UTC(2026, 0, 1)

/** 250 records n=1…250, every 10th flagged spam: 225 kept, 25 spam. */
async function setup() {
  const t = testApp({ rateLimit: null })
  const { user } = await makeUser(t.ctx)
  const endpoint = await makeEndpoint(t.ctx, user.id, { reads: 'records' })
  const ids = await insertRecords(
    t.ctx,
    endpoint.appId,
    numberedRecords(250, (n) => n % 10 === 0),
  )
  /** The API record of n (1-based), as inserted at START + (n-1) ms; spam records say so. */
  const record = (n: number) => ({
    id: ids[n - 1],
    data: { n },
    meta: {},
    ...(n % 10 === 0 ? { spam: true } : {}),
    createdAt: new Date(START + n - 1).toISOString(),
  })
  return { ...t, user, endpoint, ids, record }
}

const range = (from: number, to: number, keep: (n: number) => boolean = () => true) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i).filter(keep)
const kept = (n: number) => n % 10 !== 0
const spam = (n: number) => n % 10 === 0

describe('GET /:token/query pages', () => {
  // [query, numbers expected on the page, page, size, total]
  const cases: Array<[string, number[], number, number, number]> = [
    ['', range(1, 111, kept), 1, 100, 225],
    ['?page=2', range(112, 222, kept), 2, 100, 225],
    ['?page=3', range(223, 250, kept), 3, 100, 225],
    ['?page=4', [], 4, 100, 225],
    ['?page=99999999', [], 99999999, 100, 225],
    ['?size=1', [1], 1, 1, 225],
    ['?size=9&page=2', range(11, 19), 2, 9, 225],
    ['?size=1000', range(1, 250, kept), 1, 1000, 225],
    ['?spam=exclude&size=5&page=2', [6, 7, 8, 9, 11], 2, 5, 225],
    ['?spam=include&page=2', range(101, 200), 2, 100, 250],
    ['?spam=include&page=3&size=100', range(201, 250), 3, 100, 250],
    ['?spam=only', range(1, 250, spam), 1, 100, 25],
    ['?spam=only&size=10&page=3', [210, 220, 230, 240, 250], 3, 10, 25],
    ['?spam=only&size=10&page=4', [], 4, 10, 25],
    ['?page=1&size=100&cachebust=1', range(1, 111, kept), 1, 100, 225],
  ]
  test.each(cases)('GET query%s', async (query, numbers, page, size, total) => {
    const { call, endpoint, record } = await setup()
    const res = await call('reads.query', {
      params: { token: endpoint.token },
      query: Object.fromEntries(new URLSearchParams(query)),
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(res.body as unknown).toEqual({ code: 200, records: numbers.map(record), page, size, total })
  })

  test('reading every page with size=1000 stops at the first short page and sees each record once', async () => {
    const t = testApp({ rateLimit: null })
    const { user } = await makeUser(t.ctx)
    const endpoint = await makeEndpoint(t.ctx, user.id, { reads: 'records' })
    await insertRecords(
      t.ctx,
      endpoint.appId,
      numberedRecords(2345, (n) => n % 7 === 0),
    )
    const seen: number[] = []
    let pages = 0
    for (let page = 1; ; page++) {
      pages++
      const res = await t.call('reads.query', { params: { token: endpoint.token }, query: { page: page, size: 1000 } })
      expect(res.status).toBe(200)
      seen.push(...res.body.records.map((r) => r.data.n as number))
      if (res.body.records.length < 1000) break
    }
    expect(pages).toBe(3)
    expect(seen).toEqual(range(1, 2345, (n) => n % 7 !== 0))
  })

  test('records posted (spam too) while a client pages through only append: nothing skipped or repeated', async () => {
    const t = testApp({ rateLimit: null })
    const { user } = await makeUser(t.ctx)
    const endpoint = await makeEndpoint(t.ctx, user.id, { reads: 'records' })
    await insertRecords(t.ctx, endpoint.appId, numberedRecords(25))
    const seen: number[] = []
    let next = 26
    for (let page = 1; ; page++) {
      const res = await t.call('reads.query', { params: { token: endpoint.token }, query: { page: page, size: 10 } })
      seen.push(...res.body.records.map((r) => r.data.n as number))
      if (res.body.records.length < 10) break
      if (next <= 40) {
        // A burst of new records and a bot's honeypot submission between two page reads.
        for (let i = 0; i < 5; i++)
          expect((await t.call('ingest.post', { params: { token: endpoint.token }, body: { n: next++ } })).status).toBe(
            200,
          )
        expect(
          (
            await t.call(
              'ingest.form',
              { params: { token: endpoint.token } },
              { raw: new URLSearchParams({ n: '999', _gotcha: 'bot' }) },
            )
          ).status,
        ).toBe(200)
      }
    }
    expect(seen).toEqual(range(1, 40))
  })

  test('an empty endpoint has an empty first page', async () => {
    const t = testApp({ rateLimit: null })
    const { user } = await makeUser(t.ctx)
    const endpoint = await makeEndpoint(t.ctx, user.id, { reads: 'records' })
    const res = await t.call('reads.query', { params: { token: endpoint.token } })
    expect(res.body).toEqual({ code: 200, records: [], page: 1, size: 100, total: 0 })
  })

  test('data and meta come back as stored: nesting, numbers, booleans, null, meta fields', async () => {
    const t = testApp({ rateLimit: null })
    const { user } = await makeUser(t.ctx)
    const endpoint = await makeEndpoint(t.ctx, user.id, { reads: 'records' })
    const data = {
      nested: { a: [1, 2.5, { b: null }] },
      yes: true,
      no: false,
      big: -1e21,
      text: 'a"b\\c\n',
      __proto__x: 1,
    }
    const [id] = await insertRecords(t.ctx, endpoint.appId, [{ data, meta: { source: 'curl', timestamp: 1767225600 } }])
    const res = await t.call('reads.query', { params: { token: endpoint.token } })
    expect(res.body).toEqual({
      code: 200,
      records: [{ id, data, meta: { source: 'curl', timestamp: 1767225600 }, createdAt: '2026-01-01T00:00:00.000Z' }],
      page: 1,
      size: 100,
      total: 1,
    })
  })
})

describe('GET /:token/query refuses bad parameters with 400 (rule 5)', () => {
  const SIZE_HINT = '; to read every record use size=1000 and stop at the first page with fewer records'
  const cases: Array<[string, string]> = [
    ['size=1001', `size must be a whole number from 1 to 1000, got "1001"${SIZE_HINT}`],
    ['size=5000', `size must be a whole number from 1 to 1000, got "5000"${SIZE_HINT}`],
    ['size=0', `size must be a whole number from 1 to 1000, got "0"${SIZE_HINT}`],
    ['size=-5', `size must be a whole number from 1 to 1000, got "-5"${SIZE_HINT}`],
    ['size=2.5', `size must be a whole number from 1 to 1000, got "2.5"${SIZE_HINT}`],
    ['size=1e2', `size must be a whole number from 1 to 1000, got "1e2"${SIZE_HINT}`],
    ['size=abc', `size must be a whole number from 1 to 1000, got "abc"${SIZE_HINT}`],
    ['size=', `size must be a whole number from 1 to 1000, got ""${SIZE_HINT}`],
    ['page=0', 'page must be a whole number 1 or more, got "0"'],
    ['page=-1', 'page must be a whole number 1 or more, got "-1"'],
    ['page=1.0', 'page must be a whole number 1 or more, got "1.0"'],
    ['page=99999999999999999999', 'page must be a whole number 1 or more, got "99999999999999999999"'],
    ['page=x', 'page must be a whole number 1 or more, got "x"'],
    ['spam=yes', 'spam must be "include" or "only" (or left out to exclude spam), got "yes"'],
  ]
  test.each(cases)('?%s', async (query, message) => {
    const { call, endpoint } = await setup()
    const res = await call('reads.query', {
      params: { token: endpoint.token },
      query: Object.fromEntries(new URLSearchParams(query)),
    })
    expect(res.status).toBe(400)
    expect(res.body as ErrorEnvelope).toEqual({ code: 400, error: { type: 'bad_request', message } })
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
  })

  test('a repeated parameter is refused, not guessed', async () => {
    const { call, endpoint } = await setup()
    const res = await call('reads.query', { params: { token: endpoint.token }, query: { size: [10, 20] } })
    expect(res.status).toBe(400)
    expect(res.body as ErrorEnvelope).toEqual({
      code: 400,
      error: { type: 'bad_request', message: 'size must be given once, as a whole number from 1 to 1000' },
    })
  })
})

describe('switches, tokens and CORS (rules 13, 16)', () => {
  test('reads off (the default) → 403 disabled naming the switch; the help page still answers and says how the owner reads', async () => {
    const t = testApp({ rateLimit: null })
    const { user } = await makeUser(t.ctx)
    const endpoint = await makeEndpoint(t.ctx, user.id)
    const res = await t.call('reads.query', { params: { token: endpoint.token } })
    expect(res.status).toBe(403)
    expect(res.body as unknown).toEqual(disabledBody('off /query'))
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    const help = await t.request('GET', endpoint.path('/query?help'))
    expect(help.status).toBe(200)
    expect(help.text).toContain(
      "- Reads (`reads`): off — the records are private: /query and /summary answer 403 `disabled` unless the request carries the owner's access token",
    )
  })

  const NOT_FOUND = {
    code: 404,
    error: {
      type: 'not_found',
      message:
        'No published form has this address: the link may be mistyped, or the owner rotated its token or unpublished it',
    },
  }

  test.each(['/query', '/query?help', '?help', '/summary?help'])('an unknown token is a 404 for %s', async (suffix) => {
    const t = testApp({ rateLimit: null })
    const res = await t.request('GET', `/api/v3/share/${'x'.repeat(32)}${suffix}`)
    expect(res.status).toBe(404)
    expect(res.body).toEqual(NOT_FOUND)
  })

  test.each(['/query', '?help', '/query?help'])('an unpublished endpoint is a 404 for %s', async (suffix) => {
    const t = testApp({ rateLimit: null })
    const { user } = await makeUser(t.ctx)
    const endpoint = await makeEndpoint(t.ctx, user.id, { published: false })
    const res = await t.request('GET', endpoint.path(suffix))
    expect(res.status).toBe(404)
    expect(res.body).toEqual(NOT_FOUND)
  })

  test('a token that was replaced (rotation) is a 404', async () => {
    const { call, ctx, user, endpoint } = await setup()
    await rotateToken(ctx, user.id, endpoint.appId)
    const res = await call('reads.query', { params: { token: endpoint.token } })
    expect(res.status).toBe(404)
    expect(res.body as unknown).toEqual(NOT_FOUND)
  })

  test('pages carry the share CORS headers and no credentials', async () => {
    const { request, call, endpoint } = await setup()
    const res = await call(
      'reads.query',
      { params: { token: endpoint.token }, query: { size: 1 } },
      { headers: { origin: 'null' } },
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('access-control-allow-credentials')).toBeNull()
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    const preflight = await request('OPTIONS', endpoint.path('/query'), {
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, POST, HEAD, PATCH, DELETE, OPTIONS')
  })

  test('reads are rate limited like the endpoint: 429 with Retry-After', async () => {
    const t = testApp({ rateLimit: { rate: 1, burst: 2 } })
    const { user } = await makeUser(t.ctx)
    const endpoint = await makeEndpoint(t.ctx, user.id, { reads: 'records' })
    expect((await t.call('reads.query', { params: { token: endpoint.token } })).status).toBe(200)
    expect((await t.call('reads.query', { params: { token: endpoint.token } })).status).toBe(200)
    const res = await t.call('reads.query', { params: { token: endpoint.token } })
    expect(res.status).toBe(429)
    expect(res.body.error?.type).toBe('rate_limited')
    expect(res.headers.get('retry-after')).toBe('1')
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
  })

  test('GET on the endpoint itself without ?help is a 405 that points to help and /query', async () => {
    const { call, endpoint } = await setup()
    const res = await call('ingest.help', { params: { token: endpoint.token } })
    expect(res.status).toBe(405)
    // HEAD too: Elysia answers it for every GET route (test/http/methods.test.ts).
    expect(res.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS')
    const url = `http://localhost:8787${endpoint.path()}`
    expect(res.body as ErrorEnvelope).toEqual({
      code: 405,
      error: {
        type: 'method_not_allowed',
        message: `POST records to this URL; GET ${url}?help describes it and GET ${url}/query reads records back`,
      },
    })
  })
})
