/**
 * @module Checking one sender's signature on a delivery's raw bytes, per kind, with
 * node:crypto: the HMAC-SHA256 each provider documents, compared in constant time
 * (timingSafeEqual on buffers of equal length; a signature of the wrong length or
 * alphabet is simply not equal). Pure: the clock and the headers are given.
 *
 * - github: `X-Hub-Signature-256: sha256=<hex>` of the body; delivery id `X-GitHub-Delivery`.
 * - stripe: `Stripe-Signature: t=<unix>,v1=<hex>[,v1=…]` of `<t>.<body>`, the whole secret
 *   (whsec_…) as key; delivery id the event's `id` in the body.
 * - standard (Standard Webhooks): `webhook-signature: v1,<base64>[ v1,<base64>]` of
 *   `<webhook-id>.<webhook-timestamp>.<body>`, the key the base64 after `whsec_`; delivery id
 *   `webhook-id`.
 * - shopify: `X-Shopify-Hmac-Sha256: <base64>` of the body; delivery id `X-Shopify-Webhook-Id`.
 * - hmac: the owner's header, hex or base64, after an optional prefix; no delivery id.
 *
 * Stripe and Standard Webhooks sign a timestamp: a delivery signed more than
 * SENDER_LIMITS.toleranceSeconds before or after now is stale, even with a good signature.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { SENDER_HEADERS, SENDER_LIMITS, type SenderKind } from '../../contract/senders/schemas.ts'

/** Reads a request header (case-insensitive); null when absent. */
export type HeaderGet = (name: string) => string | null

/** The `hmac` kind's settings. */
export interface HmacOptions {
  header?: string
  encoding?: 'hex' | 'base64'
  prefix?: string
}

/** A sender as the check needs it: its kind, opened secret and options. */
export interface SenderSpec {
  name: string
  kind: SenderKind
  secret: string
  require: boolean
  options: HmacOptions
}

/** What a check found. `deliveryId`: the id the provider repeats on a retry (null: none in the headers). */
export type Verdict = { ok: true; deliveryId: string | null } | { ok: false; stale: boolean }

const BAD: Verdict = { ok: false, stale: false }
const STALE: Verdict = { ok: false, stale: true }

/** The header whose presence says `spec` signed the delivery. */
export function signatureHeader(spec: SenderSpec): string {
  return spec.kind === 'hmac' ? (spec.options.header ?? '') : SENDER_HEADERS[spec.kind]
}

const hmac = (key: Buffer | string, ...parts: Array<string | Uint8Array>) => {
  const mac = createHmac('sha256', key)
  for (const part of parts) mac.update(part)
  return mac.digest()
}

/** True when `given` (text in `encoding`) is exactly the digest `expected`, compared in constant time. */
export function sameDigest(expected: Buffer, given: string, encoding: 'hex' | 'base64'): boolean {
  const text = given.trim()
  const valid = encoding === 'hex' ? /^[0-9a-fA-F]+$/.test(text) : /^[A-Za-z0-9+/]+={0,2}$/.test(text)
  if (!valid) return false
  const bytes = Buffer.from(text, encoding)
  return bytes.length === expected.length && timingSafeEqual(bytes, expected)
}

/** True when the signed unix time `seconds` is within the tolerance of `nowMs`. */
export const fresh = (seconds: number, nowMs: number) =>
  Math.abs(nowMs / 1000 - seconds) <= SENDER_LIMITS.toleranceSeconds

function github(spec: SenderSpec, header: string, get: HeaderGet, body: Uint8Array): Verdict {
  if (!header.startsWith('sha256=')) return BAD
  if (!sameDigest(hmac(spec.secret, body), header.slice(7), 'hex')) return BAD
  return { ok: true, deliveryId: get('x-github-delivery') }
}

function stripe(spec: SenderSpec, header: string, body: Uint8Array, nowMs: number): Verdict {
  let timestamp: string | null = null
  const signatures: string[] = []
  for (const item of header.split(',')) {
    const at = item.indexOf('=')
    const key = item.slice(0, at).trim()
    if (key === 't') timestamp = item.slice(at + 1).trim()
    else if (key === 'v1') signatures.push(item.slice(at + 1))
  }
  if (timestamp === null || !/^\d{1,12}$/.test(timestamp) || signatures.length === 0) return BAD
  const expected = hmac(spec.secret, `${timestamp}.`, body)
  // Every v1 is compared, so the time taken does not say which one matched.
  let matched = false
  for (const signature of signatures) if (sameDigest(expected, signature, 'hex')) matched = true
  if (!matched) return BAD
  return fresh(Number(timestamp), nowMs) ? { ok: true, deliveryId: null } : STALE
}

/** The Standard Webhooks key: the base64 after `whsec_` (a secret without the prefix is taken as base64 too). */
export const standardKey = (secret: string) =>
  Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64')

function standard(spec: SenderSpec, header: string, get: HeaderGet, body: Uint8Array, nowMs: number): Verdict {
  const id = get('webhook-id')
  const timestamp = get('webhook-timestamp')
  if (id === null || timestamp === null || !/^\d{1,12}$/.test(timestamp.trim())) return BAD
  const expected = hmac(standardKey(spec.secret), `${id}.${timestamp.trim()}.`, body)
  let matched = false
  for (const item of header.split(' ')) {
    const [version, signature] = item.split(',', 2)
    if (version === 'v1' && signature !== undefined && sameDigest(expected, signature, 'base64')) matched = true
  }
  if (!matched) return BAD
  return fresh(Number(timestamp), nowMs) ? { ok: true, deliveryId: id } : STALE
}

function generic(spec: SenderSpec, header: string, body: Uint8Array): Verdict {
  const prefix = spec.options.prefix ?? ''
  if (!header.startsWith(prefix)) return BAD
  const ok = sameDigest(hmac(spec.secret, body), header.slice(prefix.length), spec.options.encoding ?? 'hex')
  return ok ? { ok: true, deliveryId: null } : BAD
}

/** Checks `spec`'s signature in `header` (its signature header's value) over `body` at `nowMs`. */
export function checkSignature(
  spec: SenderSpec,
  header: string,
  get: HeaderGet,
  body: Uint8Array,
  nowMs: number,
): Verdict {
  switch (spec.kind) {
    case 'github':
      return github(spec, header, get, body)
    case 'stripe':
      return stripe(spec, header, body, nowMs)
    case 'standard':
      return standard(spec, header, get, body, nowMs)
    case 'shopify': {
      const ok = sameDigest(hmac(spec.secret, body), header, 'base64')
      return ok ? { ok: true, deliveryId: get('x-shopify-webhook-id') } : BAD
    }
    case 'hmac':
      return generic(spec, header, body)
  }
}
