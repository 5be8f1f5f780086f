/**
 * @module Deleted records leave an app's counters and aggregates: each deleted row's
 * contribution is subtracted (remove.ts), the few statistics that cannot be subtracted are
 * recomputed alone (refill.ts), and the whole state is written back with the counters in
 * the delete's own transaction. Cost follows the rows deleted, not the rows kept.
 */
import type { AppContext } from '../../context.ts'
import { parseStoredScores } from '../scoring/stored.ts'
import { applyRefill } from './refill.ts'
import { removeRecord, type Refill } from './remove.ts'
import { saveStats, type StatsState } from './state.ts'

/** A deleted row as stored. */
export interface DeletedRow {
  spam: boolean
  data: string
  scores: string | null
  createdAt: number
}

const refillKey = (refill: Refill): string => (refill.kind === 'times' ? 'times' : refill.kind === 'numbers' ? `n:${refill.field}` : `s:${refill.key}`)

/**
 * Takes `rows` out of `state` and saves it. Call inside the delete's transaction with the
 * state loaded before the rows were deleted (loading replays records by number, which the
 * renumbering changes) and after they are gone (refills read what remains).
 */
export function removeDeletedRecords(ctx: AppContext, appId: string, state: StatsState, rows: readonly DeletedRow[]): void {
  const refills = { kept: new Map<string, Refill>(), spam: new Map<string, Refill>() }
  for (const row of rows) {
    const data = JSON.parse(row.data) as Record<string, unknown>
    const scores = row.scores ? parseStoredScores(row.scores) : null
    const side = row.spam ? refills.spam : refills.kept
    for (const refill of removeRecord(row.spam ? state.spam : state.kept, data, row.createdAt, scores)) side.set(refillKey(refill), refill)
    state.seq--
    if (row.spam) state.spamCount--
    else state.pos--
  }
  // After all removals, so a statistic emptied by several rows is read once.
  for (const refill of refills.kept.values()) applyRefill(ctx, appId, state.kept, false, refill)
  for (const refill of refills.spam.values()) applyRefill(ctx, appId, state.spam, true, refill)
  saveStats(ctx, appId, state, true)
}
