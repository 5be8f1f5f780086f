/**
 * @module Deleting records. `seq` and `pos` must stay dense (1…N) or key-range paging would
 * show gaps, so the store renumbers the app's later records in the same transaction as the
 * delete, and the app's counters and summary aggregates follow: the deleted rows are
 * subtracted from them (server/core/stats/deleted.ts, run inside that transaction), so a
 * delete costs the rows it deletes plus the renumbering, which touches only the rows after
 * the first deleted one.
 */
import { auditChange } from '../audit/record.ts'
import type { AppContext } from '../context.ts'
import { parseInput } from '../../contract/apps/input.ts'
import { requireApp } from '../apps/member-app.ts'
import { notFound } from '../../contract/errors.ts'
import { deleteAdjuster } from '../stats/deleted.ts'
import { changeWithAggregates } from './adjusted.ts'
import { deleteRecordsSchema, type DeleteRecordsInput } from '../../contract/records/schemas.ts'

/**
 * Deletes records by id from `appId` (no ownership check), takes them out of the counters
 * and aggregates in the same transaction, and tells caches; returns the count.
 */
export async function removeRecords(ctx: AppContext, appId: string, ids: readonly string[]): Promise<number> {
  return changeWithAggregates(ctx, appId, deleteAdjuster, async (adjuster) => {
    const { deleted, counters } = await ctx.storage.records.delete(appId, [...new Set(ids)], adjuster)
    return { count: deleted, counters }
  }).finally(() => ctx.files.nudge())
}

/** Deletes a selection of one of `userId`'s apps' records; ids not in the app are skipped. */
export async function deleteRecords(
  ctx: AppContext,
  userId: string,
  appId: string,
  input: DeleteRecordsInput,
): Promise<{ deleted: number }> {
  const { ids } = parseInput(deleteRecordsSchema, input)
  await requireApp(ctx, userId, appId)
  auditChange(ctx, { after: { selected: ids.length } })
  return { deleted: await removeRecords(ctx, appId, ids) }
}

/** Deletes one record; 404 when the app has no record with that id. */
export async function deleteRecord(
  ctx: AppContext,
  userId: string,
  appId: string,
  recordId: string,
): Promise<{ deleted: 1 }> {
  await requireApp(ctx, userId, appId)
  if ((await removeRecords(ctx, appId, [recordId])) === 0)
    throw notFound(`Record ${JSON.stringify(recordId)} in this app`)
  return { deleted: 1 }
}
