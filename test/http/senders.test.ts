/**
 * Senders through the real HTTP server (Bun's fast route for POST /<token>, Elysia for the
 * rest), on the run's backend: each kind's signed delivery is stored with meta.source and
 * meta.verified, a delivery sent twice is stored once, forged and stale deliveries are
 * refused with nothing stored, `require` refuses unsigned posts (JSON, forms, batches) while
 * without it they are stored unverified, and a verified delivery is never refused for the
 * field limit.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { createHmac } from 'node:crypto'
import { ManualClock } from '../../server/core/clock.ts'
import { signedHeaders } from '../../server/core/webhooks/signing.ts'
import { LIMITS } from '../../server/contract/limits.ts'
import { callServer } from '../support/call.ts'
import { makeEndpoint } from '../support/records.ts'
import { startTestServer } from '../support/server.ts'

const clock = new ManualClock(Date.UTC(2026, 5, 1, 12))
const server = await startTestServer({}, { clock })
afterAll(() => server.close())

const hex = (secret: string | Buffer, text: string) => createHmac('sha256', secret).update(text).digest('hex')
const b64 = (secret: string | Buffer, text: string) => createHmac('sha256', secret).update(text).digest('base64')
const seconds = () => Math.floor(clock.now() / 1000)

interface Kind {
  kind: 'github' | 'stripe' | 'standard' | 'shopify' | 'hmac'
  secret: string
  extra?: Record<string, unknown>
  /** The headers of a signed delivery of `body` with id `id`. */
  sign(body: string, id: string, secret: string): Record<string, string>
  /** The body of a delivery with id `id` (Stripe carries it there). */
  body(id: string): string
}

const KINDS: Kind[] = [
  {
    kind: 'github',
    secret: "It's a Secret to Everybody",
    sign: (body, id, secret) => ({
      'x-github-event': 'push',
      'x-github-delivery': id,
      'x-hub-signature-256': `sha256=${hex(secret, body)}`,
    }),
    body: () => JSON.stringify({ ref: 'refs/heads/main', after: 'abc', repository: { full_name: 'o/r' } }),
  },
  {
    kind: 'stripe',
    secret: 'whsec_stripe_test',
    sign: (body, _id, secret) => {
      const t = seconds()
      return { 'stripe-signature': `t=${t},v1=${hex(secret, `${t}.${body}`)}` }
    },
    body: (id) => JSON.stringify({ id, object: 'event', type: 'charge.succeeded', data: { object: { amount: 5 } } }),
  },
  {
    kind: 'standard',
    secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    // svc's own outbound signing (Standard Webhooks) signs the deliveries.
    sign: (body, id, secret) => signedHeaders(secret, id, clock.now(), body),
    body: () => JSON.stringify({ type: 'user.created', data: { id: 'user_1' } }),
  },
  {
    kind: 'shopify',
    secret: 'shpss_secret',
    sign: (body, id, secret) => ({ 'x-shopify-webhook-id': id, 'x-shopify-hmac-sha256': b64(secret, body) }),
    body: () => JSON.stringify({ id: 8209829119, email: 'jon@example.com', total_price: '10.00' }),
  },
  {
    kind: 'hmac',
    secret: 'my-secret',
    extra: { header: 'X-Signature', encoding: 'hex', prefix: 'sha256=' },
    sign: (body, id, secret) => ({ 'x-signature': `sha256=${hex(secret, body)}`, 'idempotency-key': id }),
    body: () => JSON.stringify({ device: 'd1', temp: 21.5 }),
  },
]

async function setup(kind: Kind, require: boolean) {
  const owner = await server.account()
  const endpoint = await makeEndpoint(server.ctx, owner.user.id)
  const added = await callServer(
    server.url,
    'senders.add',
    {
      params: { id: endpoint.appId },
      body: { name: `my-${kind.kind}`, kind: kind.kind, secret: kind.secret, require, ...kind.extra },
    },
    { token: owner.token },
  )
  expect(added.status).toBe(200)
  const post = async (body: string, headers: Record<string, string> = {}, suffix = '') => {
    const response = await fetch(`${server.url}${endpoint.path(suffix)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    })
    return { status: response.status, body: await response.json() }
  }
  const records = async () => {
    const response = await callServer(
      server.url,
      'reads.query',
      { params: { token: endpoint.token } },
      { token: owner.token },
    )
    return response.body.records.map(({ data, meta }) => ({ data, meta }))
  }
  /** The names of the app's fields and whether each is proposed, as the owner lists them. */
  const fields = async () =>
    (await callServer(server.url, 'fields.list', { params: { id: endpoint.appId } }, { token: owner.token })).body.data
      .fields
  return { owner, endpoint, post, records, fields, name: `my-${kind.kind}` }
}

const badSignature = (names: string) => ({
  code: 401,
  error: {
    type: 'bad_signature',
    message: `This endpoint takes only deliveries signed by its senders (${names}), and this post's signature is missing or does not match; check the secret on the provider's side (svc-cli share sender list). Nothing was stored`,
  },
})

describe.each(KINDS)('a $kind sender', (kind) => {
  test('a signed delivery is stored with meta.source and meta.verified, once however often it is sent', async () => {
    const t = await setup(kind, true)
    const body = kind.body('evt_1')
    const first = await t.post(body, kind.sign(body, 'evt_1', kind.secret))
    expect(first).toEqual({ status: 200, body: { code: 200, data: { id: expect.any(String) } } })
    // The provider retries the same delivery (a new signature for Stripe and Standard Webhooks).
    clock.advance(1000)
    const again = await t.post(body, kind.sign(body, 'evt_1', kind.secret))
    expect(again).toEqual(first)
    expect(await t.records()).toEqual([{ data: JSON.parse(body), meta: { source: t.name, verified: true } }])
    // Its keys are accepted fields: the owner set this sender up.
    const listed = await t.fields()
    expect(listed.map((field) => field.name).sort()).toEqual(Object.keys(JSON.parse(body)).sort())
    expect(listed.every((field) => !field.proposed)).toBe(true)
  })

  test('under require, unsigned, forged and wrongly keyed posts are refused and nothing is stored', async () => {
    const t = await setup(kind, true)
    const body = kind.body('evt_2')
    expect(await t.post(body)).toEqual({ status: 401, body: badSignature(t.name) })
    expect(await t.post(`${body} `, kind.sign(body, 'evt_2', kind.secret))).toEqual({
      status: 401,
      body: badSignature(t.name),
    })
    expect(await t.post(body, kind.sign(body, 'evt_2', 'another secret'))).toEqual({
      status: 401,
      body: badSignature(t.name),
    })
    // Forms and batches cannot be signed.
    expect(await t.post('[{"a":1}]', {}, '/batch')).toEqual({ status: 401, body: badSignature(t.name) })
    const form = await fetch(`${server.url}${t.endpoint.path('/form')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    })
    expect({ status: form.status, body: await form.json() }).toEqual({ status: 401, body: badSignature(t.name) })
    // The hosted fill-in page's post too: its refusal page tells the respondent to let the owner know.
    const fillIn = await fetch(`${server.url}/f/${t.endpoint.token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    })
    expect(fillIn.status).toBe(401)
    expect(await fillIn.text()).toContain('Let the form&#39;s owner know.')
    expect(await t.records()).toEqual([])
  })

  test('without require, an unsigned post is stored but not marked verified; a forged one is still refused', async () => {
    const t = await setup(kind, false)
    const body = kind.body('evt_3')
    expect((await t.post(body)).status).toBe(200)
    expect(await t.post(body, kind.sign(body, 'evt_3', 'another secret'))).toEqual({
      status: 401,
      body: badSignature(t.name),
    })
    expect(await t.records()).toEqual([{ data: JSON.parse(body), meta: {} }])
  })
})

describe.each(KINDS.filter((kind) => kind.kind === 'stripe' || kind.kind === 'standard'))(
  'a $kind delivery replayed after the tolerance',
  (kind) => {
    test('is refused as stale, and nothing is stored', async () => {
      const t = await setup(kind, true)
      const body = kind.body('evt_4')
      const headers = kind.sign(body, 'evt_4', kind.secret)
      clock.advance(301_000)
      expect(await t.post(body, headers)).toEqual({
        status: 401,
        body: {
          code: 401,
          error: {
            type: 'stale_signature',
            message:
              "The delivery's signature is good but its timestamp is more than 5 minutes from the server's time (a replayed or delayed delivery, or a clock off); nothing was stored. Check the sender's clock, or let the provider retry",
          },
        },
      })
      expect(await t.records()).toEqual([])
    })
  },
)

describe('several senders on one endpoint', () => {
  test('each delivery is matched by its signature header; a poster cannot claim meta.verified', async () => {
    const github = KINDS[0]
    const t = await setup(github, false)
    const stripe = KINDS[1]
    const second = await callServer(
      server.url,
      'senders.add',
      { params: { id: t.endpoint.appId }, body: { name: 'billing', kind: 'stripe', secret: stripe.secret } },
      { token: t.owner.token },
    )
    expect(second.status).toBe(200)
    const push = github.body('d1')
    const event = stripe.body('evt_9')
    expect((await t.post(push, github.sign(push, 'd1', github.secret))).status).toBe(200)
    expect((await t.post(event, stripe.sign(event, 'evt_9', stripe.secret))).status).toBe(200)
    const forged = await t.post(JSON.stringify({ data: { a: 1 }, meta: { source: 'billing', verified: true } }))
    expect(forged.status).toBe(400)
    expect((await t.post(JSON.stringify({ data: { a: 1 }, meta: { source: 'billing' } }))).status).toBe(200)
    expect((await t.records()).map((record) => record.meta)).toEqual([
      { source: 'my-github', verified: true },
      { source: 'billing', verified: true },
      { source: 'billing' },
    ])
  })
})

describe('the field limit', () => {
  test('a verified delivery with more new keys than the form has room for is stored whole', async () => {
    const github = KINDS[0]
    const t = await setup(github, true)
    const payload: Record<string, number> = {}
    for (let i = 0; i < LIMITS.maxFields + 20; i++) payload[`key${i}`] = i
    const body = JSON.stringify(payload)
    expect((await t.post(body, github.sign(body, 'big', github.secret))).status).toBe(200)
    expect(await t.records()).toEqual([{ data: payload, meta: { source: 'my-github', verified: true } }])
    const names = (await t.fields()).map((field) => field.name)
    expect(names).toEqual(Object.keys(payload).slice(0, LIMITS.maxFields))
  })
})

describe('the field limit, with fields already there', () => {
  test('only the keys that fit become fields; the record keeps the rest, and the owner still gets field_limit', async () => {
    const owner = await server.account()
    const fields = Array.from({ length: LIMITS.maxFields - 2 }, (_, i) => ({ name: `f${i}` }))
    const endpoint = await makeEndpoint(server.ctx, owner.user.id, { fields })
    const auth = { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' }
    const secret = 'shh'
    const added = await callServer(
      server.url,
      'senders.add',
      { params: { id: endpoint.appId }, body: { name: 'github', kind: 'github', secret } },
      { token: owner.token },
    )
    expect(added.status).toBe(200)
    const body = JSON.stringify({ f0: 'kept', n1: 1, n2: 2, n3: 3, n4: 4, n5: 5 })
    const signed = await fetch(`${server.url}${endpoint.path()}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...KINDS[0].sign(body, 'fit', secret) },
      body,
    })
    expect(signed.status).toBe(200)
    const listed = await callServer(
      server.url,
      'fields.list',
      { params: { id: endpoint.appId } },
      { token: owner.token },
    )
    const names = listed.body.data.fields.map((field) => field.name)
    expect(names.slice(-3)).toEqual([`f${LIMITS.maxFields - 3}`, 'n1', 'n2'])
    expect(names).toHaveLength(LIMITS.maxFields)
    const read = await fetch(`${server.url}${endpoint.path('/query')}`, { headers: auth })
    expect(((await read.json()) as { records: Array<{ data: unknown }> }).records.map((r) => r.data)).toEqual([
      JSON.parse(body),
    ])
    // The owner's own post past the limit is still refused whole.
    const own = await fetch(`${server.url}${endpoint.path()}`, { method: 'POST', headers: auth, body: '{"n9":1}' })
    expect(((await own.json()) as { error: { type: string } }).error.type).toBe('field_limit')
  })
})

describe('adding and removing a sender', () => {
  test('takes effect on the next post', async () => {
    const owner = await server.account()
    const endpoint = await makeEndpoint(server.ctx, owner.user.id)
    const post = () =>
      fetch(`${server.url}${endpoint.path()}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"a":1}',
      }).then((response) => response.status)
    const asOwner = { token: owner.token }
    expect(await post()).toBe(200)
    const body = { name: 'github', kind: 'github', require: true } as const
    expect(
      (await callServer(server.url, 'senders.add', { params: { id: endpoint.appId }, body }, asOwner)).status,
    ).toBe(200)
    expect(await post()).toBe(401)
    expect(
      (await callServer(server.url, 'senders.remove', { params: { id: endpoint.appId, name: 'github' } }, asOwner))
        .status,
    ).toBe(200)
    expect(await post()).toBe(200)
  })
})
