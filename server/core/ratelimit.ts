/**
 * @module Token buckets for the per-endpoint rate limit (DESIGN rule 15): each key refills
 * `rate` tokens per second up to `burst`; a request takes one. Time comes from the context
 * clock, so tests move it by hand.
 */
import type { RateLimit } from './share/rate-limit.ts'
import type { Clock } from './clock.ts'

interface Bucket {
  tokens: number
  at: number
  limit: RateLimit
}

export type TakeResult = { ok: true } | { ok: false; retryAfterSeconds: number }

export interface RateLimiter {
  /** Takes a token from `key`'s bucket under `limit`; when empty, says how long to wait (whole seconds ≥ 1). */
  take(key: string, limit: RateLimit): TakeResult
  /** Forgets a key's bucket (its limit changed). */
  reset(key: string): void
}

/** Buckets beyond this many are pruned of the ones that have refilled completely. */
const PRUNE_AT = 10_000

/** A set of token buckets keyed by endpoint. */
export function createRateLimiter(clock: Clock): RateLimiter {
  const buckets = new Map<string, Bucket>()

  /** Drops buckets that are full again: they behave exactly like new ones. */
  function prune(now: number) {
    for (const [key, bucket] of buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * bucket.limit.rate >= bucket.limit.burst) buckets.delete(key)
    }
  }

  return {
    take(key, limit) {
      const now = clock.now()
      let bucket = buckets.get(key)
      if (!bucket) {
        if (buckets.size >= PRUNE_AT) prune(now)
        bucket = { tokens: limit.burst, at: now, limit }
        buckets.set(key, bucket)
      } else {
        bucket.tokens = Math.min(limit.burst, bucket.tokens + ((now - bucket.at) / 1000) * limit.rate)
        bucket.at = now
        bucket.limit = limit
      }
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1
        return { ok: true }
      }
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / limit.rate)) }
    },
    reset(key) {
      buckets.delete(key)
    },
  }
}
