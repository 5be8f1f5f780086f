/**
 * @module Pages of an app's records (DESIGN.md rules 3–5): oldest first by default, page p
 * of size s holds positions (p-1)·s+1 … p·s, so new records only ever append to the last
 * page and the read-all protocol never skips or repeats a record while writes continue.
 */
import type { AppContext } from '../../context.ts'
import type { FilterNode } from '../../db/storage/record-filter.ts'
import { recordCounts, totalFor } from './counts.ts'
import type { PageQuery } from './schemas.ts'
import { recordsJson, type StoredRecord } from './shape.ts'

export interface RecordPage {
  page: number
  size: number
  total: number
  rows: StoredRecord[]
}

/** Positions 1…total of the selected records covered by page `page` in `order`. */
function positions(query: PageQuery, total: number): { from: number; to: number } {
  const skip = (query.page - 1) * query.size
  if (query.order === 'asc') return { from: skip + 1, to: skip + query.size }
  return { from: Math.max(1, total - skip - query.size + 1), to: total - skip }
}

/** One page of `appId`'s records; no ownership or switch checks (callers do those). */
export async function readPage(ctx: AppContext, appId: string, query: PageQuery): Promise<RecordPage> {
  const total = totalFor(await recordCounts(ctx, appId), query.spam)
  const result = { page: query.page, size: query.size, total }
  const skip = (query.page - 1) * query.size
  if (skip >= total) return { ...result, rows: [] }
  const records = ctx.storage.records
  if (query.spam === 'only') return { ...result, rows: await ctx.reads.run(() => records.page(appId, { by: 'spam', offset: skip, limit: query.size, order: query.order })) }
  const { from, to } = positions(query, total)
  return { ...result, rows: await ctx.reads.run(() => records.page(appId, { by: query.spam === 'include' ? 'seq' : 'pos', from, to, order: query.order })) }
}

const SELECTION = { exclude: 'kept', include: 'all', only: 'spam' } as const

/** One page of the records of `appId` matching `filter` (parsed against its fields); `total` counts the matches. */
export async function readFilteredPage(ctx: AppContext, appId: string, query: PageQuery, filter: FilterNode): Promise<RecordPage> {
  const window = { filter, selection: SELECTION[query.spam], order: query.order, offset: (query.page - 1) * query.size, limit: query.size }
  const { rows, total } = await ctx.reads.run(() => ctx.storage.records.filteredPage(appId, window))
  return { page: query.page, size: query.size, total, rows }
}

/** The page response body `{code:200, records, page, size, total}` as JSON text. */
export function pageJson(page: RecordPage): string {
  return `{"code":200,"records":${recordsJson(page.rows)},"page":${page.page},"size":${page.size},"total":${page.total}}`
}
