/**
 * @module The rate limits of a share request: each endpoint has one bucket for writes and
 * one for reads (endpoint-cache.ts `rateBucket`), and under each, one bucket per client
 * address holding `LIMITS.clientRateShare` of it (contract/share/rate-limit.ts), so one
 * flooding client runs out long before the endpoint does. A request pays its cost (one,
 * or a batch's record count) to its client's bucket and then to the endpoint's; refused
 * by either, it pays nothing and is refused with 429 `rate_limited`.
 *
 * What was charged is reported as plain figures (`RateFigures`); the HTTP face turns them
 * into RateLimit-Policy, RateLimit and Retry-After (server/http/share/throttle.ts).
 */
import type { AppContext } from '../context.ts'
import { AppError } from '../../contract/errors.ts'
import type { TakeResult } from '../ratelimit.ts'
import { clientKey } from '../client-key.ts'
import { clientRateLimit, type RateLimit } from '../../contract/share/rate-limit.ts'
import { rateBucket, type ShareMode } from './endpoint-cache.ts'
import type { ShareEndpoint } from './endpoint-cache-types.ts'

/** The state of the limits a request was charged to. */
export interface RateFigures {
  /** The endpoint's limit (the per-client one is `clientRateLimit` of it). */
  limit: RateLimit
  /** True when a client bucket was charged too (the request came with a client address). */
  perClient: boolean
  /** The bucket reported: the one nearer running out, or the one that refused. */
  bucket: 'client' | 'endpoint'
  /** Requests left in it. */
  remaining: number
  /** Seconds until it is full. */
  resetSeconds: number
  /** With a refusal, the seconds to wait before trying again; else null. */
  retryAfterSeconds: number | null
}

/** Where a charge reports its figures: `rate` is set by every charge to a limited endpoint (and left alone without a limit). */
export interface RateReport {
  rate?: RateFigures | null
}

/**
 * Charges `cost` for a request of `client` (null: no address, e.g. `app.handle` in tests)
 * to `endpoint`'s limits for `mode`; cost 0 only checks that both buckets have a token (a
 * batch, before its records are counted). Reports the figures on `report`; throws 429
 * `rate_limited` (its details say when to retry) when refused.
 */
export function chargeRate(
  ctx: AppContext,
  endpoint: ShareEndpoint,
  mode: ShareMode,
  client: string | null,
  cost: number,
  report?: RateReport | null,
): void {
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
  const [bucket, state] =
    byEndpoint === null || (byClient !== null && byEndpoint.ok && byClient.remaining <= byEndpoint.remaining)
      ? (['client', byClient!] as const)
      : (['endpoint', byEndpoint] as const)
  if (report) {
    report.rate = {
      limit,
      perClient,
      bucket,
      remaining: state.remaining,
      resetSeconds: state.resetSeconds,
      retryAfterSeconds: state.ok ? null : state.retryAfterSeconds,
    }
  }
  if (state.ok) return
  const which =
    bucket === 'client'
      ? `from your address to this endpoint (limit ${formatShare(clientRateLimit(limit))} per address, of the endpoint's ${formatShare(limit)})`
      : `to this endpoint (limit ${formatShare(limit)})`
  throw new AppError(
    'rate_limited',
    `Too many ${cost > 1 ? 'records' : 'requests'} ${which}; retry after ${state.retryAfterSeconds} s`,
    { retryAfterSeconds: state.retryAfterSeconds },
  )
}

const formatShare = (limit: RateLimit) => `${Number(limit.rate.toFixed(3))}/s, burst ${limit.burst}`
