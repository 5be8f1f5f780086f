/**
 * Rate limits per client under the per-endpoint one, their headers, and /batch paying per
 * record (issue 17 rows 4 and 5). Requests come "from" addresses noted as their socket
 * peers (what Bun.serve does in server/boot.ts); time is the context's hand-moved clock.
 */
import { describe, expect, test } from 'bun:test'
import { notePeerAddress } from '../../server/http/client-address.ts'
import { makeEndpoint, storedRecords } from '../core/collect/fixtures.ts'
import { BASE, testApp } from '../support/http.ts'

const JSON_HEADERS = { 'content-type': 'application/json' }

async function setup(rateLimit: string, config = {}) {
  const t = testApp(config)
  const endpoint = await makeEndpoint(t.ctx, { rateLimit, reads: 'records' })
  /** A request to `endpoint.path + suffix` from the socket peer `from`. */
  const send = async (
    from: string,
    suffix = '',
    init: RequestInit = { method: 'POST', headers: JSON_HEADERS, body: '{"n":1}' },
  ) => {
    const request = new Request(`${BASE}${endpoint.path}${suffix}`, init)
    notePeerAddress(request, from)
    const response = await t.app.handle(request)
    const text = await response.text()
    return {
      status: response.status,
      policy: response.headers.get('ratelimit-policy'),
      state: response.headers.get('ratelimit'),
      retryAfter: response.headers.get('retry-after'),
      body: text.startsWith('{') ? JSON.parse(text) : text,
    }
  }
  return { ...t, endpoint, send }
}

const batch = (count: number): RequestInit => ({
  method: 'POST',
  headers: JSON_HEADERS,
  body: JSON.stringify(Array.from({ length: count }, (_, n) => ({ n }))),
})

describe('one flooding client does not starve the others (row 4)', () => {
  test('a client at 10× the endpoint limit gets its quarter; a person at 1 request/s is never refused', async () => {
    // 20/s,100 (the default) for the endpoint; 5/s,25 for each address.
    const { send, clock, ctx, endpoint } = await setup('20/s,100')
    const flooder = { sent: 0, ok: 0 }
    const person = { sent: 0, ok: 0 }
    // 10 seconds: the flooder sends 200 requests a second (one every 5 ms), the person one a second.
    for (let tick = 0; tick < 2000; tick++) {
      if (tick % 200 === 100) {
        person.sent++
        if ((await send('198.51.100.20')).status === 200) person.ok++
      }
      flooder.sent++
      if ((await send('203.0.113.66')).status === 200) flooder.ok++
      clock.advance(5)
    }
    expect(person).toEqual({ sent: 10, ok: 10 })
    // Its burst of 25, then 5 a second: 49 more by the last request, 5 ms before the 10 s are up.
    expect(flooder).toEqual({ sent: 2000, ok: 74 })
    expect((await storedRecords(ctx, endpoint.appId)).length).toBe(84)
  })

  test('the endpoint limit still holds over many clients', async () => {
    const { send } = await setup('1/s,8')
    // Each address may send 2 (a quarter of 8); four addresses use the endpoint's 8 up.
    const statuses = []
    for (const from of ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4', '192.0.2.5']) {
      for (let i = 0; i < 3; i++) statuses.push((await send(from)).status)
    }
    expect(statuses).toEqual([200, 200, 429, 200, 200, 429, 200, 200, 429, 200, 200, 429, 429, 429, 429])
  })

  test('a refusal by the endpoint limit costs the client nothing', async () => {
    const { send, clock } = await setup('1/s,4')
    expect((await send('192.0.2.1')).status).toBe(200)
    for (const from of ['192.0.2.2', '192.0.2.3', '192.0.2.4']) expect((await send(from)).status).toBe(200)
    const refused = await send('192.0.2.5')
    expect(refused).toMatchObject({ status: 429, retryAfter: '1', state: '"endpoint";r=0;t=4' })
    expect(refused.body.error?.message).toBe('Too many requests to this endpoint (limit 1/s, burst 4); retry after 1 s')
    clock.advance(1000)
    // 192.0.2.5 still has its one token: the refused request did not take it.
    expect((await send('192.0.2.5')).status).toBe(200)
  })

  test('addresses of one IPv6 /64 are one client', async () => {
    const { send } = await setup('1/s,8')
    expect([
      (await send('2001:db8:1:2::1')).status,
      (await send('2001:db8:1:2::2')).status,
      (await send('2001:db8:1:2::3')).status,
    ]).toEqual([200, 200, 429])
    expect((await send('2001:db8:1:3::1')).status).toBe(200)
  })

  test('behind a trusted proxy, X-Forwarded-For tells the clients apart', async () => {
    const { send } = await setup('1/s,4', { trustProxy: ['127.0.0.1'] })
    const via = (client: string) =>
      send('127.0.0.1', '', {
        method: 'POST',
        headers: { ...JSON_HEADERS, 'x-forwarded-for': client },
        body: '{"n":1}',
      })
    expect([
      (await via('198.51.100.1')).status,
      (await via('198.51.100.1')).status,
      (await via('198.51.100.2')).status,
    ]).toEqual([200, 429, 200])
  })

  test('with no proxy trusted (HOST not loopback, no SVC_TRUST_PROXY), X-Forwarded-For is ignored: the proxy is one client, and the log says so once', async () => {
    const { send, logs } = await setup('1/s,4', { trustProxy: [] })
    const via = (client: string) =>
      send('127.0.0.1', '', {
        method: 'POST',
        headers: { ...JSON_HEADERS, 'x-forwarded-for': client },
        body: '{"n":1}',
      })
    expect([(await via('198.51.100.1')).status, (await via('198.51.100.2')).status]).toEqual([200, 429])
    const warnings = logs.filter((line) => line.includes('X-Forwarded-For'))
    expect(warnings).toHaveLength(1)
    // After the time stamp:
    expect(warnings[0].replace(/^\S+ /, '')).toBe(
      'WARN  a request came with X-Forwarded-For, which is ignored: if svc runs behind a reverse proxy, set SVC_TRUST_PROXY to its address so clients are rate limited apart {"from":"127.0.0.1"}',
    )
  })
})

describe('RateLimit-Policy and RateLimit headers on share answers (row 4)', () => {
  const form: RequestInit = {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'n=1',
  }
  const get: RequestInit = { method: 'GET' }
  test.each([
    ['POST /', '', undefined],
    ['POST /form', '/form', form],
    ['POST /batch', '/batch', batch(1)],
    ['GET /query', '/query', get],
    ['GET /summary', '/summary', get],
  ] as const)('%s: on the answer and on its 429', async (_name, suffix, init) => {
    const { send } = await setup('2/s,8')
    const policy = '"endpoint";q=8;w=4, "client";q=2;w=4'
    const first = await send('192.0.2.1', suffix, init)
    expect({ status: first.status, policy: first.policy, state: first.state, retryAfter: first.retryAfter }).toEqual({
      status: 200,
      policy,
      state: '"client";r=1;t=2',
      retryAfter: null,
    })
    await send('192.0.2.1', suffix, init)
    const refused = await send('192.0.2.1', suffix, init)
    expect(refused).toEqual({
      status: 429,
      policy,
      state: '"client";r=0;t=4',
      retryAfter: '2',
      body: {
        code: 429,
        error: {
          type: 'rate_limited',
          message:
            "Too many requests from your address to this endpoint (limit 0.5/s, burst 2 per address, of the endpoint's 2/s, burst 8); retry after 2 s",
          details: { retryAfterSeconds: 2 },
        },
      },
    })
  })

  test('help pages are not limited and carry no rate-limit headers; neither does an endpoint with the limit off', async () => {
    const { send } = await setup('2/s,8')
    const help = await send('192.0.2.1', '?help', { method: 'GET' })
    expect([help.status, help.policy, help.state]).toEqual([200, null, null])
    const off = await setup('off')
    const answer = await off.send('192.0.2.1')
    expect([answer.status, answer.policy, answer.state]).toEqual([200, null, null])
  })

  test('without a socket (app.handle alone) only the endpoint policy applies', async () => {
    const { call, endpoint } = await setup('2/s,8')
    const res = await call('ingest.post', { params: { token: endpoint.token }, body: { n: 1 } })
    expect([res.status, res.headers.get('ratelimit-policy'), res.headers.get('ratelimit')]).toEqual([
      200,
      '"endpoint";q=8;w=4',
      '"endpoint";r=7;t=1',
    ])
  })
})

describe('/batch pays one token per record (row 5)', () => {
  test('a batch larger than the burst is let in when the bucket is full, and the client then waits until it has paid', async () => {
    // 10/s,40 for the endpoint; 2.5/s,10 per address.
    const { send, clock, ctx, endpoint } = await setup('10/s,40')
    const big = await send('192.0.2.1', '/batch', batch(30))
    expect({ status: big.status, state: big.state }).toEqual({ status: 200, state: '"client";r=0;t=12' })
    // 20 tokens in debt: a single record needs 21 more, 8.4 s at 2.5/s.
    const single = await send('192.0.2.1')
    expect({ status: single.status, retryAfter: single.retryAfter }).toEqual({ status: 429, retryAfter: '9' })
    // The next batch is refused before its body is even read (this one is not JSON).
    const early = await send('192.0.2.1', '/batch', { method: 'POST', headers: JSON_HEADERS, body: '[not json' })
    expect([early.status, early.body.error?.type]).toEqual([429, 'rate_limited'])
    // Other clients are unaffected: the endpoint has 10 of its 40 left, the new client 10 of its 10 (a tie names the client).
    const other = await send('192.0.2.2')
    expect({ status: other.status, state: other.state }).toEqual({ status: 200, state: '"client";r=9;t=1' })
    clock.advance(8_400)
    expect((await send('192.0.2.1')).status).toBe(200)
    expect((await storedRecords(ctx, endpoint.appId)).length).toBe(32)
  })

  test('records, not requests, are counted: 25 batches of 4 from one client store what the limit allows', async () => {
    const { send, ctx, endpoint } = await setup('20/s,100')
    const statuses = []
    for (let i = 0; i < 25; i++) statuses.push((await send('192.0.2.1', '/batch', batch(4))).status)
    // The client's burst is 25 records: six batches of 4 (24), then a seventh needs 4 of the 1 left.
    expect(statuses.filter((status) => status === 200).length).toBe(6)
    expect((await storedRecords(ctx, endpoint.appId)).length).toBe(24)
  })

  test('a batch refused by the charge names records', async () => {
    const { send } = await setup('1/s,40')
    await send('192.0.2.1', '/batch', batch(9))
    const refused = await send('192.0.2.1', '/batch', batch(5))
    expect([refused.status, refused.body.error?.message]).toEqual([
      429,
      "Too many records from your address to this endpoint (limit 0.25/s, burst 10 per address, of the endpoint's 1/s, burst 40); retry after 16 s",
    ])
  })
})
