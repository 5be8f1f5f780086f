/**
 * Issue 16, the rows about the share URLs themselves: methods a URL does not take are a
 * 405 with `Allow` (row 10), /form and /batch describe themselves with ?help, and /query
 * does what its OpenAPI entry says (row 7).
 */
import { describe, expect, test } from 'bun:test'
import { LIMITS } from '../../server/contract/limits.ts'
import { makeEndpoint } from '../core/collect/fixtures.ts'
import { BASE, testApp } from '../support/http.ts'
import { storedView } from '../support/stored-view.ts'
import type { JsonDocument } from '../support/contract.ts'

async function setup() {
  const t = testApp({ rateLimit: null })
  const endpoint = await makeEndpoint(t.ctx, { reads: 'records' })
  return { ...t, endpoint, url: `${BASE}${endpoint.path}` }
}

// HEAD because Elysia answers it for every GET route; the 405s come from the route list (test/http/methods.test.ts).
const WRITE_ALLOW = 'GET, HEAD, POST, OPTIONS'
const READ_ALLOW = 'GET, HEAD, OPTIONS'

describe('methods a share URL does not take are a 405 with Allow (row 10)', () => {
  const hints: Record<string, [string, (url: string) => string]> = {
    '': [
      WRITE_ALLOW,
      (url) => `POST records to ${url}; GET ${url}?help describes it and GET ${url}/query reads records back`,
    ],
    '/query': [
      READ_ALLOW,
      (url) =>
        `${url}/query only reads: use GET (GET ${url}/query?help describes it); records are sent with POST ${url}`,
    ],
    '/summary': [
      READ_ALLOW,
      (url) =>
        `${url}/summary only reads: use GET (GET ${url}/summary?help describes it); records are sent with POST ${url}`,
    ],
    '/stream': [
      READ_ALLOW,
      (url) =>
        `${url}/stream only reads: use GET (GET ${url}/stream?help describes it); records are sent with POST ${url}`,
    ],
    '/form': [WRITE_ALLOW, (url) => `POST to ${url}/form; GET ${url}/form?help describes it`],
    '/batch': [WRITE_ALLOW, (url) => `POST to ${url}/batch; GET ${url}/batch?help describes it`],
  }
  const cases = Object.keys(hints).flatMap((suffix) => [
    ...['PUT', 'PATCH', 'DELETE'].map((method) => ({ method, suffix })),
    ...(suffix === '/form' || suffix === '/batch' ? [{ method: 'GET', suffix }] : []),
  ])
  for (const { method, suffix } of cases) {
    test(`${method} …${suffix || '/<token>'}`, async () => {
      const t = await setup()
      const res = await t.request(method, `${t.endpoint.path}${suffix}`, {
        raw: '{"a":1}',
        headers: { 'content-type': 'application/json' },
      })
      const [allow, hint] = hints[suffix]
      expect({
        status: res.status,
        allow: res.headers.get('allow'),
        cors: res.headers.get('access-control-allow-origin'),
        body: res.body,
      }).toEqual({
        status: 405,
        allow,
        cors: '*',
        body: { code: 405, error: { type: 'method_not_allowed', message: hint(t.url) } },
      })
      expect((await storedView(t, t.endpoint)).summary.total).toBe(0)
    })
  }

  test('an unknown token is the same 404 as on every share route', async () => {
    const t = await setup()
    const res = await t.request('DELETE', '/api/v3/share/not-a-token/query')
    expect({ status: res.status, body: res.body }).toEqual({
      status: 404,
      body: {
        code: 404,
        error: {
          type: 'not_found',
          message:
            'No published form has this address: the link may be mistyped, or the owner rotated its token or unpublished it',
        },
      },
    })
  })
})

describe('/form?help and /batch?help describe themselves (row 10)', () => {
  const cases: Array<{ suffix: string; heading: string; says: string[] }> = [
    {
      suffix: '/form',
      heading: '# Test form — HTML forms: POST /form',
      says: ['`_charset_`', 'application/x-www-form-urlencoded', '## What a record may hold', '`empty_record`'],
    },
    {
      suffix: '/batch',
      heading: '# Test form — many records at once: POST /batch',
      says: [`up to ${LIMITS.maxBatch} records`, '`details.index`', '## What a record may hold', '`empty_record`'],
    },
  ]
  for (const c of cases) {
    test(c.suffix, async () => {
      const t = await setup()
      const res = await t.request('GET', `${t.endpoint.path}${c.suffix}?help`)
      expect([res.status, res.headers.get('content-type'), res.headers.get('access-control-allow-origin')]).toEqual([
        200,
        'text/markdown; charset=utf-8',
        '*',
      ])
      expect(res.text.split('\n')[0]).toBe(c.heading)
      for (const text of c.says) expect(res.text).toContain(text)
    })
  }
})

describe('/query does what its OpenAPI entry says (row 7)', () => {
  test('the document lists page and size as integers and no order', async () => {
    const t = await setup()
    // The document is free-form JSON to this test, read by path.
    const doc: JsonDocument = (await t.call('openapi.get')).body
    const parameters = doc.paths['/api/v3/share/{token}/query'].get.parameters
    expect(parameters.filter((p: { in: string }) => p.in === 'query')).toEqual([
      {
        name: 'page',
        in: 'query',
        required: false,
        description: 'Page number, 1 or more',
        schema: { type: 'integer', minimum: 1, default: 1 },
      },
      {
        name: 'size',
        in: 'query',
        required: false,
        description: `Records per page, 1 to ${LIMITS.maxPageSize}; larger is a 400, never clamped`,
        schema: { type: 'integer', minimum: 1, maximum: LIMITS.maxPageSize, default: LIMITS.defaultPageSize },
      },
      {
        name: 'spam',
        in: 'query',
        required: false,
        description: 'exclude, include, or only the records flagged as spam',
        schema: { type: 'string', enum: ['exclude', 'include', 'only'], default: 'exclude' },
      },
    ])
    // ?help is documented by its own operation, so a generated client types this answer as JSON alone.
    expect(doc.paths['/api/v3/share/{token}/query'].get['x-help-operation']).toBe('reads.queryHelp')
    expect(Object.keys(doc.paths['/api/v3/share/{token}/query'].get.responses['200'].content)).toEqual([
      'application/json',
    ])
  })

  test('order=desc is a 400 saying records are oldest first; order=asc is accepted', async () => {
    const t = await setup()
    for (const n of [1, 2])
      expect((await t.call('ingest.post', { params: { token: t.endpoint.token }, body: { n } })).status).toBe(200)
    const desc = await t.call('reads.query', { params: { token: t.endpoint.token }, query: { order: 'desc' } })
    expect({ status: desc.status, body: desc.body } as unknown).toEqual({
      status: 400,
      body: {
        code: 400,
        error: {
          type: 'bad_request',
          message:
            "order is not taken here: records are always oldest first, so reading pages 1, 2, 3… never skips one; the owner's GET /api/v3/apps/<app id>/records takes order=desc",
        },
      },
    })
    const asc = await t.call('reads.query', { params: { token: t.endpoint.token }, query: { order: 'asc' } })
    expect(asc.body.records.map((r: { data: unknown }) => r.data)).toEqual([{ n: 1 }, { n: 2 }])
  })
})
