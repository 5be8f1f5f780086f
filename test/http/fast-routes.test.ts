/**
 * Bun.serve answers POST /api/v3/share/<token> itself (server/http/fast-routes.ts). Over a
 * real socket it must answer exactly as the Elysia route does through app.handle: same
 * status, body, and headers, for successes and for every kind of refusal.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { ManualClock } from '../../server/core/clock.ts'
import { makeEndpoint } from '../core/collect/fixtures.ts'
import { startTestServer } from '../support/server.ts'

/** The rate limit refills by this clock only, so the test sees the same answers at any speed. */
const clock = new ManualClock()
const server = await startTestServer({ SVC_RATE_LIMIT: '1/s,3', SVC_MAX_BODY: '2048' }, { clock })
afterAll(() => server.close())

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const VARYING = new Set(['x-request-id', 'date', 'content-length'])

/** Status, body with ids masked, and headers without the ones that differ per request. */
async function shape(response: Response) {
  const text = await response.text()
  const headers = Object.fromEntries([...response.headers].filter(([name]) => !VARYING.has(name)).sort())
  return { status: response.status, body: text.replace(new RegExp(ID.source.slice(1, -1), 'g'), '<id>'), headers }
}

async function both(path: string, init: RequestInit) {
  const overSocket = await fetch(`${server.url}${path}`, init)
  const requestId = overSocket.headers.get('x-request-id')
  const throughElysia = await server.app.handle(new Request(`http://localhost${path}`, init))
  return { fast: await shape(overSocket), elysia: await shape(throughElysia), requestId }
}

describe('the fast ingest route answers like the Elysia route', () => {
  const json = (body: string) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body })

  test.each([
    ['a stored record', () => json('{"name":"Ada"}')],
    ['bad JSON', () => json('{"name":')],
    ['an array', () => json('[1,2]')],
    [
      'an unsupported content type',
      () => ({ method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<a/>' }),
    ],
    ['a body over the limit', () => json(JSON.stringify({ text: 'x'.repeat(4096) }))],
  ])('%s', async (_name, init) => {
    const endpoint = await makeEndpoint(server.ctx, { rateLimit: 'off' })
    const { fast, elysia, requestId } = await both(endpoint.path, init())
    expect(fast).toEqual(elysia)
    expect(requestId).toMatch(/^[0-9a-f]{16}$/)
    expect(fast.headers['access-control-allow-origin']).toBe('*')
    expect(fast.headers['x-content-type-options']).toBe('nosniff')
  })

  test('an unknown token and a switched-off endpoint', async () => {
    const off = await makeEndpoint(server.ctx, { service: false, rateLimit: 'off' })
    for (const path of ['/api/v3/share/not-a-real-token-at-all', '/api/v3/share/%ZZ', off.path]) {
      const { fast, elysia } = await both(path, json('{"a":1}'))
      expect(fast).toEqual(elysia)
      expect([403, 404]).toContain(fast.status)
    }
  })

  test('the rate limits answer 429 with Retry-After and RateLimit headers on the fast route, and a token is back once paid back', async () => {
    const endpoint = await makeEndpoint(server.ctx)
    const post = async () => {
      const res = await fetch(`${server.url}${endpoint.path}`, json('{"n":1}'))
      return {
        status: res.status,
        retryAfter: res.headers.get('retry-after'),
        policy: res.headers.get('ratelimit-policy'),
        state: res.headers.get('ratelimit'),
        body: await res.json(),
      }
    }
    // 1/s,3 for the endpoint; a quarter of it (0.25/s, burst 1) for this test's one address.
    const policy = '"endpoint";q=3;w=3, "client";q=1;w=4'
    const first = await post()
    expect(first).toEqual({
      status: 200,
      retryAfter: null,
      policy,
      state: '"client";r=0;t=4',
      body: { code: 200, data: { id: expect.stringMatching(ID) } },
    })
    expect(await post()).toEqual({
      status: 429,
      retryAfter: '4',
      policy,
      state: '"client";r=0;t=4',
      body: {
        code: 429,
        error: {
          type: 'rate_limited',
          message:
            "Too many requests from your address to this endpoint (limit 0.25/s, burst 1 per address, of the endpoint's 1/s, burst 3); retry after 4 s",
          details: { retryAfterSeconds: 4 },
        },
      },
    })
    clock.advance(4000)
    expect((await post()).status).toBe(200)
    expect((await post()).status).toBe(429)
  })

  test('other methods and sub-paths still reach Elysia (preflight, help)', async () => {
    const endpoint = await makeEndpoint(server.ctx, { rateLimit: 'off' })
    const preflight = await fetch(`${server.url}${endpoint.path}`, {
      method: 'OPTIONS',
      headers: { origin: 'null', 'access-control-request-method': 'POST' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    const help = await fetch(`${server.url}${endpoint.path}?help`)
    expect(help.status).toBe(200)
    expect(help.headers.get('content-type')).toBe('text/markdown; charset=utf-8')
  })
})
