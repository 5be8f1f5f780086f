/**
 * @module Pages of an app's records: oldest first by default, page p of size s holds
 * positions (p-1)·s+1 … p·s, so new records only ever append to the last page and the
 * read-all protocol never skips or repeats a record while writes continue.
 *
 * A page is streamed in batches (batches.ts): `total` comes from the counters first, then
 * the records follow as they are read, so a page of 1000 records of 1 MiB holds a few MiB,
 * not a GiB. A page is never cut short to save memory: it holds `size` records unless the
 * app's records end first.
 */
import type { AppContext } from '../context.ts'
import type { FilterNode } from '../../db/storage/record-filter.ts'
import { recordBatches, type RecordRead } from './batches.ts'
import { recordCounts, totalFor } from './counts.ts'
import type { PageQuery } from './schemas.ts'
import { recordJson, type StoredRecord } from './shape.ts'
import { textStream, type TextDelivery } from './text-stream.ts'

export interface RecordPage {
  page: number
  size: number
  total: number
  /** The page's records, batch by batch, read as they are asked for. */
  batches: AsyncGenerator<StoredRecord[], void, undefined>
}

const SELECTION = { exclude: 'kept', include: 'all', only: 'spam' } as const

/** Positions 1…total of the selected records covered by page `page` in `order`. */
function positions(query: PageQuery, total: number): { from: number; to: number } {
  const skip = (query.page - 1) * query.size
  if (query.order === 'asc') return { from: skip + 1, to: skip + query.size }
  return { from: Math.max(1, total - skip - query.size + 1), to: total - skip }
}

async function* none(): AsyncGenerator<StoredRecord[], void, undefined> {}

/** One page of `appId`'s records; no ownership or switch checks (callers do those). */
export async function readPage(ctx: AppContext, appId: string, query: PageQuery): Promise<RecordPage> {
  const total = totalFor(await recordCounts(ctx, appId), query.spam)
  const result = { page: query.page, size: query.size, total }
  const skip = (query.page - 1) * query.size
  if (skip >= total) return { ...result, batches: none() }
  const selection = SELECTION[query.spam]
  // Spam rows have no dense number of their own: the page's first row is found by walking the spam index.
  if (selection === 'spam')
    return {
      ...result,
      batches: recordBatches(ctx, appId, { selection, order: query.order, start: { skip }, limit: query.size }),
    }
  const { from, to } = positions(query, total)
  const read: RecordRead = {
    selection,
    order: query.order,
    start: { at: query.order === 'asc' ? from : to },
    limit: to - from + 1,
  }
  return { ...result, batches: recordBatches(ctx, appId, read) }
}

/** One page of the records of `appId` matching `filter` (parsed against its fields); `total` counts the matches. */
export async function readFilteredPage(
  ctx: AppContext,
  appId: string,
  query: PageQuery,
  filter: FilterNode,
): Promise<RecordPage> {
  const selection = SELECTION[query.spam]
  const total = await ctx.readGate.run(() => ctx.storage.records.filteredCount(appId, selection, filter))
  const skip = (query.page - 1) * query.size
  const batches =
    skip >= total
      ? none()
      : recordBatches(ctx, appId, { selection, order: query.order, filter, start: { skip }, limit: query.size })
  return { page: query.page, size: query.size, total, batches }
}

/** The page response body `{code:200, records, page, size, total}` as a stream of JSON text, sent as `delivery` says. */
export function pageStream(
  ctx: AppContext,
  page: RecordPage,
  delivery: TextDelivery = {},
): Promise<ReadableStream<Uint8Array>> {
  return textStream(
    ctx,
    'a page of records',
    {
      head: '{"code":200,"records":[',
      batches: page.batches,
      text(rows, first) {
        let out = ''
        for (let i = 0; i < rows.length; i++) out += (first && i === 0 ? '' : ',') + recordJson(rows[i])
        return out
      },
      tail: () => `],"page":${page.page},"size":${page.size},"total":${page.total}}`,
    },
    delivery,
  )
}
