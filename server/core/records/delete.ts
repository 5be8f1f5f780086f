/**
 * @module Deleting records. `seq` and `pos` must stay dense (1…N) or key-range paging would
 * show gaps, so the app's later records are renumbered in the same immediate transaction
 * as the delete, and the app's counters and summary aggregates follow: the deleted rows
 * are subtracted from them (server/core/stats/deleted.ts), so a delete costs the rows it
 * deletes plus the renumbering, which touches only the rows after the first deleted one.
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { AppContext } from '../../context.ts'
import { records } from '../../db/sqlite/schema.ts'
import { parseInput } from '../apps/input.ts'
import { requireOwnedApp } from '../apps/owned.ts'
import { notFound } from '../errors.ts'
import type { Queryable } from '../fields/view.ts'
import { removeDeletedRecords } from '../stats/deleted.ts'
import { forgetStats, loadStatsSync } from '../stats/state.ts'
import { deleteRecordsSchema, type DeleteRecordsInput } from './schemas.ts'

/**
 * Moves every survivor after a deleted row down: between two deleted rows all survivors
 * shift by the same amount (deleted rows before them; deleted non-spam rows for pos), so
 * each gap is one index range UPDATE: the numbering row_number() would give, with no join
 * and no window over the rows. `negate` writes the new numbers negated, to be flipped.
 */
function shiftGaps(tx: Queryable, appId: string, sorted: Array<{ seq: number; pos: number | null }>, negate: boolean): void {
  const sign = sql.raw(negate ? '-' : '')
  let keptBefore = 0
  sorted.forEach((row, index) => {
    if (row.pos !== null) keptBefore++
    const next = sorted[index + 1]
    const upTo = next ? sql` AND seq < ${next.seq}` : sql``
    tx.run(sql`UPDATE records SET seq = ${sign}(seq - ${index + 1}), pos = ${sign}(pos - ${keptBefore}) WHERE app_id = ${appId} AND seq > ${row.seq}${upTo}`)
  })
}

/**
 * Renumbers the rows after the deleted ones so seq (all rows) and pos (non-spam rows) stay
 * dense 1…N. SQLite applies a range UPDATE in index order, ascending, so each row moves
 * into a number already freed and the unique indexes never see a duplicate: one pass. Should
 * a SQLite version ever order it differently, the unique index refuses, the savepoint rolls
 * back, and the slower safe way runs: new numbers written negated, then flipped.
 */
function renumber(ctx: AppContext, tx: Queryable, appId: string, doomed: Array<{ seq: number; pos: number | null }>): void {
  const sorted = [...doomed].sort((a, b) => a.seq - b.seq)
  try {
    tx.transaction((savepoint) => shiftGaps(savepoint, appId, sorted, false))
  } catch (error) {
    if (!/UNIQUE constraint failed/.test(String(error))) throw error
    ctx.log.warn('record renumbering fell back to two passes', { appId })
    renumberInTwoPasses(tx, appId, sorted)
  }
}

/** The order-independent renumbering: new numbers negated first, then flipped (`sorted` by seq). */
export function renumberInTwoPasses(tx: Queryable, appId: string, sorted: Array<{ seq: number; pos: number | null }>): void {
  shiftGaps(tx, appId, sorted, true)
  tx.run(sql`UPDATE records SET seq = -seq, pos = -pos WHERE app_id = ${appId} AND seq < 0`)
}

/** Deletes the records of `appId` with the given ids inside `tx`; returns how many existed. */
function deleteInTransaction(ctx: AppContext, tx: Queryable, appId: string, ids: string[]): number {
  const doomed = tx
    .select({ seq: records.seq, pos: records.pos, spam: records.spam, data: records.data, scores: records.scores, createdAt: records.createdAt })
    .from(records)
    .where(and(eq(records.appId, appId), inArray(records.id, ids)))
    .all()
  if (doomed.length === 0) return 0
  // Loaded before the rows go: loading catches up on records by number, which renumbering changes.
  const stats = loadStatsSync(ctx, appId)
  tx.delete(records).where(and(eq(records.appId, appId), inArray(records.id, ids))).run()
  renumber(ctx, tx, appId, doomed)
  if (stats) removeDeletedRecords(ctx, appId, stats, doomed)
  return doomed.length
}

/**
 * Deletes records by id from `appId` (no ownership check), takes them out of the counters
 * and aggregates in the same transaction, and tells caches; returns the count.
 */
export async function removeRecords(ctx: AppContext, appId: string, ids: readonly string[]): Promise<number> {
  const unique = [...new Set(ids)]
  let deleted: number
  try {
    deleted = ctx.store.db.transaction((tx) => deleteInTransaction(ctx, tx, appId, unique), { behavior: 'immediate' })
  } catch (error) {
    // Rolled back: the state in memory may have had rows subtracted already.
    forgetStats(ctx, appId)
    throw error
  }
  if (deleted > 0) ctx.changes.notify(appId, 'records')
  return deleted
}

/** Deletes a selection of one of `userId`'s apps' records; ids not in the app are skipped. */
export async function deleteRecords(ctx: AppContext, userId: string, appId: string, input: DeleteRecordsInput): Promise<{ deleted: number }> {
  const { ids } = parseInput(deleteRecordsSchema, input)
  await requireOwnedApp(ctx, userId, appId)
  return { deleted: await removeRecords(ctx, appId, ids) }
}

/** Deletes one record; 404 when the app has no record with that id. */
export async function deleteRecord(ctx: AppContext, userId: string, appId: string, recordId: string): Promise<{ deleted: 1 }> {
  await requireOwnedApp(ctx, userId, appId)
  if ((await removeRecords(ctx, appId, [recordId])) === 0) throw notFound(`Record ${JSON.stringify(recordId)} in this app`)
  return { deleted: 1 }
}
