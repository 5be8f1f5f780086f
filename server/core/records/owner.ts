/**
 * @module The owner's view of records (control plane): pages in either order, filtered or
 * not, one record by id (with its history of edits). Another account's app is a 404 exactly like a missing one.
 */
import type { AppContext } from '../context.ts'
import type { FilterNode } from '../../db/storage/record-filter.ts'
import { requireApp } from '../apps/member-app.ts'
import { notFound } from '../../contract/errors.ts'
import { fieldRowsOf } from '../fields/view.ts'
import { parseFilter } from './filter.ts'
import { readFilteredPage, readPage, type RecordPage } from './page.ts'
import { parsePageQuery } from './schemas.ts'
import { recordHistory } from './history.ts'
import { recordJson, type StoredRecord } from './shape.ts'

/** A page of one of `userId`'s apps; `query` holds the raw `page, size, spam, order, filter` values. */
export async function listRecords(
  ctx: AppContext,
  userId: string,
  appId: string,
  query: Record<string, unknown> | URLSearchParams,
): Promise<RecordPage> {
  await requireApp(ctx, userId, appId)
  const page = parsePageQuery(query, { owner: true })
  if (page.filter === undefined) return readPage(ctx, appId, page)
  return readFilteredPage(ctx, appId, page, await appFilter(ctx, appId, page.filter))
}

/** A filter as written, parsed against the app's fields (a 400 saying what to fix when it cannot be). */
export async function appFilter(ctx: AppContext, appId: string, text: string): Promise<FilterNode> {
  return parseFilter(
    text,
    (await fieldRowsOf(ctx, appId)).map((field) => field.name),
  )
}

/** One record of one of `userId`'s apps, spam or not; 404 when it is not in that app. */
export async function getRecord(
  ctx: AppContext,
  userId: string,
  appId: string,
  recordId: string,
): Promise<StoredRecord> {
  await requireApp(ctx, userId, appId)
  const row = await ctx.storage.records.one(appId, recordId)
  if (!row) throw notFound(`Record ${JSON.stringify(recordId)} in this app`)
  return row
}

/**
 * One record of one of `userId`'s apps with its history of edits, as the JSON text of the
 * API's `RecordDetail` (the stored data spliced in as it is); 404 when it is not in that app.
 */
export async function getRecordDetail(
  ctx: AppContext,
  userId: string,
  appId: string,
  recordId: string,
): Promise<string> {
  const row = await getRecord(ctx, userId, appId, recordId)
  const { history, edits } = await recordHistory(ctx, row.id)
  return `${recordJson(row).slice(0, -1)},"history":${JSON.stringify(history)},"edits":${edits}}`
}
