/**
 * @module Every data key the aggregates kept at ingest have seen, non-spam and spam alike,
 * in first-seen order. A key whose values were all null or "" is not tracked; its column
 * would be empty anyway.
 */
import type { AppContext } from '../core/context.ts'
import { loadStats } from '../core/stats/state.ts'

/** Keys named in the app's aggregates, and whether records hold values of keys they do not count (stats/counted.ts). */
export async function aggregateKeys(ctx: AppContext, appId: string): Promise<{ keys: string[]; uncounted: boolean }> {
  const state = await loadStats(ctx, appId)
  if (!state) return { keys: [], uncounted: false }
  return {
    keys: [...new Set([...state.kept.fields.keys(), ...state.spam.fields.keys()])],
    uncounted: state.kept.otherKeys + state.spam.otherKeys > 0,
  }
}
