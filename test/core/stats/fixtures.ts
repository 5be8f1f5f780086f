/**
 * @module Records with stored scores and chosen times, added the way the record writer adds
 * them: rows, counters and aggregates in one immediate transaction, the aggregates document
 * written behind. For tests of the summary aggregates under inserts and deletes.
 */
import type { AppContext } from '../../../server/context.ts'
import { newId } from '../../../server/core/ids.ts'
import type { RecordScores } from '../../../server/core/scoring/score.ts'
import { addRecord } from '../../../server/core/stats/aggregate.ts'
import { loadStatsSync, saveStats } from '../../../server/core/stats/state.ts'
import { inImmediateTransaction } from '../../../server/db/sqlite/immediate.ts'
import { records } from '../../../server/db/sqlite/schema.ts'

export interface StatsRow {
  data: Record<string, unknown>
  spam?: boolean
  scores?: RecordScores | null
  /** Minutes before the clock's now (default 0). */
  age?: number
}

/** Adds `rows` to the app as the writer would; returns their ids in order. */
export function addRows(ctx: AppContext, appId: string, rows: readonly StatsRow[]): string[] {
  const ids: string[] = []
  inImmediateTransaction(ctx.store, () => {
    const state = loadStatsSync(ctx, appId)!
    for (const row of rows) {
      const id = newId()
      const spam = row.spam ?? false
      const createdAt = ctx.clock.now() - (row.age ?? 0) * 60_000
      state.seq++
      if (spam) state.spamCount++
      else state.pos++
      const data = JSON.stringify(row.data)
      ctx.store.db
        .insert(records)
        .values({ id, appId, seq: state.seq, pos: spam ? null : state.pos, spam, data, meta: '{}', scores: row.scores ? JSON.stringify(row.scores) : null, createdAt })
        .run()
      // The writer adds what it stores: JSON's view of the data (no undefined, no -0).
      addRecord(spam ? state.spam : state.kept, JSON.parse(data), createdAt, row.scores ?? null)
      ids.push(id)
    }
    saveStats(ctx, appId, state)
  })
  return ids
}
