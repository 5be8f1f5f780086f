/**
 * @module A public read of records under way takes a place (core/places): strangers' reads
 * are limited per client network, per app and in the process, and refused while the
 * process holds its budget of bytes for readers that are behind; the owner's are counted
 * only. The page then carries the place and gives it back when its answer ends.
 */
import type { AppContext } from '../context.ts'
import { LIMITS } from '../../contract/limits.ts'
import type { Place, PlaceClaim } from '../places/ledger.ts'

/**
 * A read place for `claim`, or 429 `rate_limited` with Retry-After past a limit or the
 * held-bytes budget. The place reserves a batch against the budget until it is given back
 * (what the read holds if its client stops), so a burst of reads meets the budget before
 * their batches are read.
 */
export function takeReadPlace(ctx: AppContext, claim: PlaceClaim): Place {
  ctx.places.held.check(claim.owner)
  const place = ctx.places.reads.take(claim)
  const reserved = ctx.places.held.hold(LIMITS.readBatchBytes)
  return {
    release() {
      reserved()
      place.release()
    },
  }
}

/** `make()` holding `place`: on a failure the place is given back before the error goes on. */
export async function holdingPlace<T>(place: Place, make: () => Promise<T>): Promise<T> {
  try {
    return await make()
  } catch (error) {
    place.release()
    throw error
  }
}
