/**
 * @module The headers that report a share request's rate limits
 * (draft-ietf-httpapi-ratelimit-headers), from the figures core charged them with
 * (core/share/throttle.ts: one bucket per endpoint and mode, and under it one per client
 * address).
 *
 * `RateLimit-Policy: "endpoint";q=100;w=5, "client";q=25;w=5` states both (q: burst, w:
 * seconds to refill it) and `RateLimit: "client";r=24;t=1` the one nearer running out
 * (r: requests left, t: seconds until full); a 429 adds Retry-After.
 */
import { clientRateLimit, type RateLimit } from '../../contract/share/rate-limit.ts'
import type { RateFigures } from '../../core/share/throttle.ts'

/** A policy item of RateLimit-Policy: quota = burst, window = seconds to refill it. */
const policy = (name: string, limit: RateLimit) =>
  `"${name}";q=${limit.burst};w=${Math.max(1, Math.ceil(limit.burst / limit.rate))}`

/** The RateLimit-Policy value of an endpoint limit, with or without the client policy. */
const policies = new Map<string, string>()
export function ratePolicyHeader(rate: RateFigures): string {
  const { limit, perClient } = rate
  const key = `${limit.rate}/${limit.burst}/${perClient}`
  let value = policies.get(key)
  if (value === undefined) {
    value = perClient
      ? `${policy('endpoint', limit)}, ${policy('client', clientRateLimit(limit))}`
      : policy('endpoint', limit)
    policies.set(key, value)
  }
  return value
}

/** The RateLimit value: the bucket reported, its requests left and seconds until full. */
export const rateStateHeader = (rate: RateFigures): string =>
  `"${rate.bucket}";r=${rate.remaining};t=${rate.resetSeconds}`

/** Sets RateLimit-Policy and RateLimit on `headers` (e.g. Elysia's `set.headers`), and Retry-After with a refusal; nothing without figures. */
export function writeRateHeaders(headers: Record<string, string>, rate: RateFigures | null | undefined): void {
  if (!rate) return
  headers['ratelimit-policy'] = ratePolicyHeader(rate)
  headers.ratelimit = rateStateHeader(rate)
  if (rate.retryAfterSeconds !== null) headers['retry-after'] = String(rate.retryAfterSeconds)
}
