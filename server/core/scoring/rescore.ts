/**
 * @module The `rescore` operation: recomputes the stored scores of an app's records on
 * purpose. Stored scores do not follow later scale edits by themselves, so an old report
 * keeps saying what the respondent saw.
 */
import type { AppContext } from '../context.ts'
import { requireApp } from '../apps/member-app.ts'
import { LIMITS } from '../../contract/limits.ts'
import { rebuildStats, statsBeforeRecount } from '../stats/state.ts'
import { readScoringDefinition } from './definition.ts'
import { scoresColumn } from './stored.ts'
import { countTextRead } from '../records/read-garbage.ts'

/**
 * Records rescored per step: few enough rows to keep each write transaction short, and at
 * most `LIMITS.readBatchBytes` of their data (a stranger may have posted records of 1 MiB).
 */
const BUDGET = { rows: 500, bytes: LIMITS.readBatchBytes }

/** Recomputes the stored scores of every record of one of `userId`'s apps with its current scales. */
export async function rescore(ctx: AppContext, userId: string, appId: string): Promise<{ rescored: number }> {
  await requireApp(ctx, userId, appId)
  const definition = await readScoringDefinition(ctx, appId)
  // Taken before the first batch, which stores no aggregates: afterwards the clients they knew
  // could only come from a replay of every record (a second read of all their text) that
  // would find none.
  const before = await statsBeforeRecount(ctx, appId)
  let after = 0
  let rescored = 0
  // Batches keep each write transaction short so submissions are not held up for long. Each
  // moves the app's generation on, so every process reloads its summary aggregates.
  for (;;) {
    const rows = await ctx.storage.records.scoreSources(appId, after, BUDGET)
    if (rows.length === 0) break
    await ctx.storage.records.setScores(
      appId,
      rows.map((row) => {
        countTextRead(row.data.length)
        return { key: row.key, scores: scoresColumn(definition, JSON.parse(row.data) as Record<string, unknown>) }
      }),
    )
    rescored += rows.length
    after = rows[rows.length - 1].key
  }
  // The summary's score aggregates follow the stored scores.
  await rebuildStats(ctx, appId, before)
  return { rescored }
}
