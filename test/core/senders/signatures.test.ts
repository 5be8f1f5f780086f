/**
 * Each kind's signature check against the providers' own published examples (GitHub's
 * documented one, the Standard Webhooks repository's vector, Stripe's documented
 * `t=…,v1=…` scheme), forged, stale and malformed signatures.
 */
import { describe, expect, test } from 'bun:test'
import { createHmac } from 'node:crypto'
import { checkSignature, type SenderSpec } from '../../../server/core/senders/signatures.ts'

const bytes = (text: string) => new TextEncoder().encode(text)
const headers =
  (values: Record<string, string>) =>
  (name: string): string | null =>
    values[name.toLowerCase()] ?? null
const spec = (kind: SenderSpec['kind'], secret: string, options: SenderSpec['options'] = {}): SenderSpec => ({
  name: kind,
  kind,
  secret,
  require: false,
  options,
})
const BAD = { ok: false, stale: false } as const
const STALE = { ok: false, stale: true } as const

describe('github', () => {
  // https://docs.github.com/en/webhooks/using-webhooks/validating-webhook-deliveries#testing-the-webhook-payload-validation
  const github = spec('github', "It's a Secret to Everybody")
  const signature = 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17'
  const get = headers({ 'x-github-delivery': '72d3162e-cc78-11e3-81ab-4c9367dc0958' })

  test("GitHub's documented example verifies, with its delivery id", () => {
    expect(checkSignature(github, signature, get, bytes('Hello, World!'), 0)).toEqual({
      ok: true,
      deliveryId: '72d3162e-cc78-11e3-81ab-4c9367dc0958',
    })
  })

  test.each([
    ['another body', signature, 'Hello, World?'],
    ['another secret', signature.replace('757', '758'), 'Hello, World!'],
    ['no sha256= prefix', signature.slice(7), 'Hello, World!'],
    ['a cut signature', signature.slice(0, -2), 'Hello, World!'],
    ['not hex', `sha256=${'z'.repeat(64)}`, 'Hello, World!'],
    ['empty', '', 'Hello, World!'],
  ])('%s is refused', (_name, header, body) => {
    expect(checkSignature(github, header, get, bytes(body), 0)).toEqual(BAD)
  })
})

describe('standard (Standard Webhooks)', () => {
  // libraries/go/webhook_test.go of github.com/standard-webhooks/standard-webhooks (TestSign)
  const standard = spec('standard', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')
  const signed = {
    'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
    'webhook-timestamp': '1614265330',
  }
  const body = bytes('{"test": 2432232314}')
  const at = 1614265330 * 1000
  const vector = 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE='

  test("the repository's vector verifies, with webhook-id as the delivery id", () => {
    expect(checkSignature(standard, vector, headers(signed), body, at)).toEqual({
      ok: true,
      deliveryId: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
    })
  })

  test('any of several space-separated signatures may match, and other versions are skipped', () => {
    const header = `v1a,hnO3f9T8Ytu9HwrXslvu v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc= ${vector}`
    expect(checkSignature(standard, header, headers(signed), body, at).ok).toBe(true)
  })

  test('five minutes either side is fresh; a second more is stale', () => {
    expect(checkSignature(standard, vector, headers(signed), body, at + 300_000).ok).toBe(true)
    expect(checkSignature(standard, vector, headers(signed), body, at - 300_000).ok).toBe(true)
    expect(checkSignature(standard, vector, headers(signed), body, at + 301_000)).toEqual(STALE)
    expect(checkSignature(standard, vector, headers(signed), body, at - 301_000)).toEqual(STALE)
  })

  test.each([
    [
      'a signature of the repository tests that does not match',
      'v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=',
      signed,
    ],
    ['an empty signature', 'v1,', signed],
    ['another id', vector, { ...signed, 'webhook-id': 'msg_other' }],
    ['a moved timestamp', vector, { ...signed, 'webhook-timestamp': '1614265331' }],
    ['no timestamp', vector, { 'webhook-id': signed['webhook-id'] }],
    ['a timestamp that is no number', vector, { ...signed, 'webhook-timestamp': 'hello' }],
    ['no id', vector, { 'webhook-timestamp': signed['webhook-timestamp'] }],
  ])('%s is refused', (_name, header, values) => {
    expect(checkSignature(standard, header, headers(values), body, at)).toEqual(BAD)
  })
})

describe('stripe', () => {
  // https://docs.stripe.com/webhooks#verify-manually: v1 = hex HMAC-SHA256 of "<t>.<payload>" under the endpoint secret.
  const secret = 'whsec_test_secret'
  const stripe = spec('stripe', secret)
  const body = '{"id":"evt_1","object":"event","type":"charge.succeeded"}'
  const t = 1_767_225_600
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')
  const none = headers({})

  test('the documented scheme verifies; the event id is in the body', () => {
    expect(checkSignature(stripe, `t=${t},v1=${v1}`, none, bytes(body), t * 1000)).toEqual({
      ok: true,
      deliveryId: null,
    })
  })

  test('a v0 and other v1 signatures beside the good one are fine (rolled secrets)', () => {
    const header = `t=${t},v1=${'0'.repeat(64)},v0=${'1'.repeat(64)},v1=${v1}`
    expect(checkSignature(stripe, header, none, bytes(body), t * 1000).ok).toBe(true)
  })

  test('a good signature older than five minutes is stale', () => {
    expect(checkSignature(stripe, `t=${t},v1=${v1}`, none, bytes(body), (t + 301) * 1000)).toEqual(STALE)
  })

  test.each([
    ['a forged body', `t=${t},v1=${v1}`, body.replace('evt_1', 'evt_2')],
    ['a moved timestamp', `t=${t + 1},v1=${v1}`, body],
    ['no timestamp', `v1=${v1}`, body],
    ['only v0', `t=${t},v0=${v1}`, body],
    ['garbage', 'garbage', body],
  ])('%s is refused', (_name, header, sent) => {
    expect(checkSignature(stripe, header, none, bytes(sent), t * 1000)).toEqual(BAD)
  })
})

describe('shopify and hmac', () => {
  const body = '{"id":820982911946154508}'
  const secret = 'shpss_secret'
  const base64 = createHmac('sha256', secret).update(body).digest('base64')
  const hex = createHmac('sha256', secret).update(body).digest('hex')

  test('shopify: base64 of the body, X-Shopify-Webhook-Id as the delivery id', () => {
    const get = headers({ 'x-shopify-webhook-id': 'b54557e4-bdd9-4b37-8a5f-bf7d70bcd043' })
    expect(checkSignature(spec('shopify', secret), base64, get, bytes(body), 0)).toEqual({
      ok: true,
      deliveryId: 'b54557e4-bdd9-4b37-8a5f-bf7d70bcd043',
    })
    expect(checkSignature(spec('shopify', secret), hex, get, bytes(body), 0)).toEqual(BAD)
    expect(checkSignature(spec('shopify', 'other'), base64, get, bytes(body), 0)).toEqual(BAD)
  })

  test('hmac: hex or base64, after the prefix', () => {
    const none = headers({})
    const hexSpec = spec('hmac', secret, { header: 'X-Signature', encoding: 'hex', prefix: 'sha256=' })
    expect(checkSignature(hexSpec, `sha256=${hex}`, none, bytes(body), 0)).toEqual({ ok: true, deliveryId: null })
    expect(checkSignature(hexSpec, `sha256=${hex.toUpperCase()}`, none, bytes(body), 0).ok).toBe(true)
    expect(checkSignature(hexSpec, hex, none, bytes(body), 0)).toEqual(BAD)
    const b64Spec = spec('hmac', secret, { header: 'X-Signature', encoding: 'base64' })
    expect(checkSignature(b64Spec, base64, none, bytes(body), 0).ok).toBe(true)
    expect(checkSignature(b64Spec, `sha256=${hex}`, none, bytes(body), 0)).toEqual(BAD)
  })
})
