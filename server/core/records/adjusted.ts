/**
 * @module A change to stored records (deleting some, marking some spam or not spam) with
 * the app's summary aggregates adjusted in the same transaction (counting the keys the app
 * knows, stats/counted.ts): this process's copy is
 * taken out of memory while the store adjusts it (reads meanwhile load what is stored),
 * then the adjusted state goes back in, exactly the document the change stored.
 */
import type { AppContext } from '../context.ts'
import type { Counters } from '../../db/storage/stats.ts'
import type { Adjustment } from '../stats/deleted.ts'
import type { StatsState } from '../stats/stats-types.ts'
import { countedKeys } from '../stats/counted.ts'
import type { CountedKeys } from '../stats/key-filter.ts'

/**
 * Runs `change` with the adjuster `adjusterFor` makes from this process's copy; `change`
 * answers how many records it changed and the counters after. Returns that count.
 */
export async function changeWithAggregates(
  ctx: AppContext,
  appId: string,
  adjusterFor: (copy: StatsState | undefined, counted: CountedKeys) => Adjustment,
  change: (adjuster: Adjustment) => Promise<{ count: number; counters: Counters }>,
): Promise<number> {
  const counted = await countedKeys(ctx, appId)
  const copy = ctx.stats.take(appId)
  const adjuster = adjusterFor(copy, counted)
  const { count, counters } = await change(adjuster)
  if (count === 0) {
    // Nothing was touched: the copy is as good as before.
    if (copy) ctx.stats.install(appId, copy)
    return 0
  }
  const state = adjuster.result()
  if (state) {
    state.generation = counters.generation
    state.persistedAt = ctx.clock.now()
    state.persistedSeq = state.seq
    ctx.stats.install(appId, state)
  }
  return count
}
