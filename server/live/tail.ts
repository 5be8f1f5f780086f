/**
 * @module Reading the records after a position for the streams of one app that select the
 * same records (spam setting and filter): a wake-up usually finds them all at the same
 * position, so the first asks the storage for the next batch and the others get that same
 * read (in flight, or kept until the next heartbeat), and a burst of commits costs a read
 * per batch, not one per stream and record. A stream behind the others reads on its own.
 * What is read is one storage batch (`LIMITS.readBatchRows`, `readBatchBytes`), through
 * the read gate, as pages are.
 */
import type { AppContext } from '../core/context.ts'
import type { FilterNode } from '../db/storage/record-filter.ts'
import type { ReadSelection } from '../db/storage/records.ts'
import { LIMITS } from '../contract/limits.ts'
import { recordEvent } from './events.ts'
import { fieldsOf } from '../core/collect/field-cache.ts'
import { strangersView } from '../core/files/strangers-view.ts'
import { countRecordsRead } from '../core/records/read-garbage.ts'

/**
 * The selected records with a serial in (`after`, `through`], as the stream bytes of their
 * events: encoded once, and written as they are to every stream standing at `after`.
 */
export interface Chunk {
  after: number
  through: number
  bytes: Uint8Array
  count: number
  /** The last record of the chunk (null when it has none): the next read starts right after it. */
  lastId: string | null
}

const encoder = new TextEncoder()
const NOTHING = new Uint8Array(0)

export interface TailReader {
  /**
   * The next records after position `after` (where the record `afterId` was sent, when
   * known), reading no further than `known` (the newest position told of).
   */
  next(after: number, afterId: string | null, known: number): Promise<Chunk>
  /** Drops what is kept (records were deleted or marked: the next read sees them as they are). */
  forget(): void
}

/** What a group of streams selects. */
export interface Selection {
  selection: ReadSelection
  filter?: FilterNode
  /** Read for strangers: file answers are shown by name, size and type (core/files/strangers-view.ts). */
  strangers?: boolean
}

/** A reader for the streams of `appId` that select `what`. */
export function tailReader(ctx: AppContext, appId: string, what: Selection): TailReader {
  let kept: Chunk | null = null
  /** The read under way, and the position it reads after. */
  let loading: Promise<Chunk> | null = null
  let loadingAfter = -1

  async function read(after: number, afterId: string | null, known: number): Promise<Chunk> {
    const rows = await ctx.readGate.run(() =>
      ctx.storage.records.live(appId, {
        selection: what.selection,
        filter: what.filter,
        after,
        afterId,
        through: known,
        rows: LIMITS.readBatchRows,
        bytes: LIMITS.readBatchBytes,
      }),
    )
    // Nothing selected up to `known`: the stream moves there without sending anything.
    if (rows.length === 0) return { after, through: known, bytes: NOTHING, count: 0, lastId: null }
    countRecordsRead(rows)
    const view = what.strangers ? strangersView(await fieldsOf(ctx, appId)) : null
    let text = ''
    for (const row of rows) text += recordEvent(view ? view(row) : row, row.cursor)
    const last = rows[rows.length - 1]
    return { after, through: last.cursor, bytes: encoder.encode(text), count: rows.length, lastId: last.id }
  }

  return {
    next(after, afterId, known) {
      if (kept && kept.after === after) return Promise.resolve(kept)
      if (loading && loadingAfter === after) return loading
      const chunk = read(after, afterId, known)
      loading = chunk
      loadingAfter = after
      const done = () => {
        if (loading === chunk) loading = null
      }
      void chunk.then((read) => {
        done()
        if (!kept || read.after >= kept.after) kept = read
      }, done)
      return chunk
    },
    forget() {
      kept = null
      loading = null
    },
  }
}
