/**
 * @module An app's record counters from app_stats (kept current by ingest and deletion),
 * so a page's `total` costs one primary-key read instead of a COUNT over the records.
 */
import type { AppContext } from '../context.ts'
import type { SpamMode } from './schemas.ts'

export interface RecordCounts {
  /** Records that are not spam (the last `pos`). */
  kept: number
  spam: number
}

/** Kept and spam counts of an app (zeros before its first record, or for no such app). */
export async function recordCounts(ctx: AppContext, appId: string): Promise<RecordCounts> {
  const counters = await ctx.storage.stats.counters(appId)
  return counters ? { kept: counters.kept, spam: counters.spam } : { kept: 0, spam: 0 }
}

/** How many records a `spam` mode selects. */
export function totalFor(counts: RecordCounts, spam: SpamMode): number {
  if (spam === 'only') return counts.spam
  return spam === 'include' ? counts.kept + counts.spam : counts.kept
}
