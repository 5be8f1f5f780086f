/**
 * @module The `rescore` operation: recomputes the stored scores of an app's records on
 * purpose. Stored scores do not follow later scale edits by themselves, so an old report
 * keeps saying what the respondent saw.
 */
import { and, asc, eq, gt } from 'drizzle-orm'
import type { AppContext } from '../../context.ts'
import { records } from '../../db/sqlite/schema.ts'
import { requireOwnedApp } from '../apps/owned.ts'
import { rebuildStats } from '../stats/state.ts'
import { readScoringDefinition } from './definition.ts'
import { scoresColumn } from './stored.ts'

const BATCH = 500

/** Recomputes the stored scores of every record of one of `userId`'s apps with its current scales. */
export async function rescore(ctx: AppContext, userId: string, appId: string): Promise<{ rescored: number }> {
  await requireOwnedApp(ctx, userId, appId)
  const definition = await readScoringDefinition(ctx, appId)
  let after = 0
  let rescored = 0
  // Batches keep each write transaction short so submissions are not held up for long.
  for (;;) {
    const rows = ctx.store.db
      .select({ rowid: records.rowid, data: records.data })
      .from(records)
      .where(and(eq(records.appId, appId), gt(records.rowid, after)))
      .orderBy(asc(records.rowid))
      .limit(BATCH)
      .all()
    if (rows.length === 0) break
    ctx.store.db.transaction(
      (tx) => {
        for (const row of rows) {
          tx.update(records).set({ scores: scoresColumn(definition, JSON.parse(row.data) as Record<string, unknown>) }).where(eq(records.rowid, row.rowid)).run()
        }
      },
      { behavior: 'immediate' },
    )
    rescored += rows.length
    after = rows[rows.length - 1].rowid
  }
  ctx.changes.notify(appId, 'records')
  // The summary's score aggregates follow the stored scores.
  await rebuildStats(ctx, appId)
  return { rescored }
}
