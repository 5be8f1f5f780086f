/**
 * @module The bytes this process holds for readers that have not taken them yet: the batch
 * a read of records or a live stream wrote while its client was behind. They count against
 * one budget (SVC_HELD_MB): once it is spent, strangers' new reads and streams are refused
 * with 429 and Retry-After until clients take what waits or the stalled ones are cut. The
 * owner's are never refused for it (their places are few, so what they hold is bounded).
 */
import { RateLimitError } from '../auth/rate-limit-error.ts'

export interface HeldBytes {
  /** Counts `bytes` as held until the function it returns is called (once; later calls do nothing). */
  hold(bytes: number): () => void
  /** Bytes held now. */
  readonly held: number
  /** A RateLimitError when the budget is spent, for a stranger (`owner` false). */
  check(owner: boolean): void
}

const MIB = 1024 * 1024

/** A meter under a budget of `budget()` bytes, refusing with a Retry-After of `retryAfterSeconds`. */
export function createHeldBytes(budget: () => number, retryAfterSeconds: number): HeldBytes {
  let held = 0
  return {
    hold(bytes) {
      held += bytes
      let released = false
      return () => {
        if (released) return
        released = true
        held -= bytes
      }
    },
    get held() {
      return held
    },
    check(owner) {
      const limit = budget()
      if (owner || held < limit) return
      throw new RateLimitError(
        `This server holds ${Math.round(limit / MIB)} MiB of records its readers have not taken yet, the most it holds; retry after ${retryAfterSeconds} s`,
        retryAfterSeconds,
      )
    },
  }
}
