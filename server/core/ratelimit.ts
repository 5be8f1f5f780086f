/**
 * @module Token buckets for the rate limits (docs/design.md rule 15): each key refills `rate`
 * tokens per second up to `burst`; a request takes its cost (one, or a batch's records).
 * A cost above the burst is let in when the bucket is full and leaves it in debt, so later
 * requests wait until the whole cost has been paid back: the limit counts what it says.
 * Time comes from the context clock, so tests move it by hand.
 */
import type { RateLimit } from '../contract/share/rate-limit.ts'
import type { Clock } from './clock.ts'

interface Bucket {
  tokens: number
  at: number
  limit: RateLimit
}

/** A bucket's answer, with what the RateLimit header reports. */
export interface TakeResult {
  ok: boolean
  /** Whole tokens left (0 when in debt). */
  remaining: number
  /** Whole seconds until the bucket is full again. */
  resetSeconds: number
  /** When refused: whole seconds (≥ 1) until the cost would be let in; 0 when taken. */
  retryAfterSeconds: number
}

export interface RateLimiter {
  /**
   * Takes `cost` tokens (default 1) from `key`'s bucket under `limit` if it holds at least
   * min(cost, burst); cost 0 only checks that one token is there. Says what is left.
   */
  take(key: string, limit: RateLimit, cost?: number): TakeResult
  /** Gives `cost` tokens back to `key`'s bucket (a request it paid for was refused by another limit). */
  refund(key: string, cost: number): void
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
    take(key, limit, cost = 1) {
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
      const needed = Math.min(Math.max(cost, 1), limit.burst)
      const ok = bucket.tokens >= needed
      if (ok) bucket.tokens -= cost
      const state = {
        remaining: Math.max(0, Math.floor(bucket.tokens)),
        resetSeconds: Math.max(0, Math.ceil((limit.burst - bucket.tokens) / limit.rate)),
      }
      return { ok, ...state, retryAfterSeconds: ok ? 0 : Math.max(1, Math.ceil((needed - bucket.tokens) / limit.rate)) }
    },
    refund(key, cost) {
      const bucket = buckets.get(key)
      if (bucket) bucket.tokens = Math.min(bucket.limit.burst, bucket.tokens + cost)
    },
    reset(key) {
      buckets.delete(key)
    },
  }
}
