/**
 * @module The rate limits of a share request, and the headers that report them
 * (draft-ietf-httpapi-ratelimit-headers): each endpoint has one bucket for writes and one
 * for reads (core/share/endpoint-cache.ts `rateBucket`), and under each, one bucket per
 * client address holding `LIMITS.clientRateShare` of it (core/share/rate-limit.ts), so one
 * flooding client runs out long before the endpoint does. A request pays its cost (one,
 * or a batch's record count) to its client's bucket and then to the endpoint's; refused
 * by either, it pays nothing and gets 429 with Retry-After.
 *
 * `RateLimit-Policy: "endpoint";q=100;w=5, "client";q=25;w=5` states both (q: burst, w:
 * seconds to refill it) and `RateLimit: "client";r=24;t=1` the one nearer running out
 * (r: requests left, t: seconds until full).
 */
import type { AppContext } from '../../core/context.ts'
import { AppError } from '../../contract/errors.ts'
import type { TakeResult } from '../../core/ratelimit.ts'
import { rateBucket, type ShareMode } from '../../core/share/endpoint-cache.ts'
import type { ShareEndpoint } from '../../core/share/endpoint-cache-types.ts'
import { clientKey } from '../../core/client-key.ts'
import { clientRateLimit, type RateLimit } from '../../contract/share/rate-limit.ts'

/** A policy item of RateLimit-Policy: quota = burst, window = seconds to refill it. */
const policy = (name: string, limit: RateLimit) => `"${name}";q=${limit.burst};w=${Math.max(1, Math.ceil(limit.burst / limit.rate))}`

/** The RateLimit-Policy value of an endpoint limit, with or without the client policy. */
const policies = new Map<string, string>()
function policyHeader(limit: RateLimit, perClient: boolean): string {
  const key = `${limit.rate}/${limit.burst}/${perClient}`
  let value = policies.get(key)
  if (value === undefined) {
    value = perClient ? `${policy('endpoint', limit)}, ${policy('client', clientRateLimit(limit))}` : policy('endpoint', limit)
    policies.set(key, value)
  }
  return value
}

/**
 * Charges `cost` for a request of `client` (null: no socket, e.g. `app.handle` in tests)
 * to `endpoint`'s limits; cost 0 only checks that both buckets have a token (a batch,
 * before its records are counted). Sets RateLimit-Policy and RateLimit on `headers`;
 * throws 429 `rate_limited` (with Retry-After) when refused.
 */
export function chargeRate(ctx: AppContext, endpoint: ShareEndpoint, mode: ShareMode, client: string | null, cost: number, headers?: Record<string, string>): void {
  const limit = endpoint.rateLimit
  if (!limit) return
  const endpointKey = rateBucket(endpoint.appId, mode)
  const perClient = client !== null
  let byClient: TakeResult | null = null
  let clientBucket = ''
  if (perClient) {
    clientBucket = `${endpointKey}:${clientKey(client)}`
    byClient = ctx.limiter.take(clientBucket, clientRateLimit(limit), cost)
  }
  const byEndpoint = byClient && !byClient.ok ? null : ctx.limiter.take(endpointKey, limit, cost)
  if (byClient?.ok && byEndpoint && !byEndpoint.ok) ctx.limiter.refund(clientBucket, cost)
  // The bucket nearer running out is the one reported; a refusal names its own.
  const [name, state] = byEndpoint === null || (byClient !== null && byEndpoint.ok && byClient.remaining <= byEndpoint.remaining) ? ['client', byClient!] : ['endpoint', byEndpoint]
  if (headers) {
    headers['ratelimit-policy'] = policyHeader(limit, perClient)
    headers.ratelimit = `"${name}";r=${state.remaining};t=${state.resetSeconds}`
  }
  if (state.ok) return
  if (headers) headers['retry-after'] = String(state.retryAfterSeconds)
  const which = name === 'client'
    ? `from your address to this endpoint (limit ${formatShare(clientRateLimit(limit))} per address, of the endpoint's ${formatShare(limit)})`
    : `to this endpoint (limit ${formatShare(limit)})`
  throw new AppError('rate_limited', `Too many ${cost > 1 ? 'records' : 'requests'} ${which}; retry after ${state.retryAfterSeconds} s`, { retryAfterSeconds: state.retryAfterSeconds })
}

const formatShare = (limit: RateLimit) => `${Number(limit.rate.toFixed(3))}/s, burst ${limit.burst}`
