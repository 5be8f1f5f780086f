/**
 * @module Reading an app's records in batches bounded by rows and by stored bytes
 * (`LIMITS.readBatchRows`, `LIMITS.readBatchBytes`), each batch through the read gate in an
 * event-loop turn of its own, the next one only when the consumer asks for it. So a read's
 * memory is a batch or two whatever the records' size, and other requests run in between.
 *
 * Each batch after the first goes on after the last record sent, found by its id where it is
 * now: a record deleted, marked spam or unmarked between two batches renumbers the rows
 * after it, and keying on the old number would skip or repeat one. If the last record sent
 * is itself gone, the read goes on after its old key (the one record after it may then be
 * skipped, as when a page boundary moves between two page reads).
 */
import type { AppContext } from '../context.ts'
import type { BatchRow, BatchStart, ReadSelection } from '../../db/storage/records.ts'
import type { FilterNode } from '../../db/storage/record-filter.ts'
import { LIMITS } from '../../contract/limits.ts'
import { countRecordsRead } from './read-garbage.ts'

/** What a read selects and where it starts; `limit` caps its records (a page's size). */
export interface RecordRead {
  selection: ReadSelection
  order: 'asc' | 'desc'
  filter?: FilterNode
  start: BatchStart
  limit?: number
}

/** The records of `read` as batches, read one at a time as they are asked for; ends when the records or `limit` do. */
export async function* recordBatches(
  ctx: AppContext,
  appId: string,
  read: RecordRead,
): AsyncGenerator<BatchRow[], void, undefined> {
  const { selection, order, filter } = read
  let start = read.start
  let remaining = read.limit ?? Number.POSITIVE_INFINITY
  while (remaining > 0) {
    const rows = Math.min(LIMITS.readBatchRows, remaining)
    const batch = await ctx.readGate.run(() =>
      ctx.storage.records.batch(appId, { selection, order, filter, start, rows, bytes: LIMITS.readBatchBytes }),
    )
    if (batch.length === 0) return
    countRecordsRead(batch)
    remaining -= batch.length
    const last = batch[batch.length - 1]
    start = { afterId: last.id, key: last.cursor }
    yield batch
  }
}
