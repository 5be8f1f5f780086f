/**
 * @module Streamed exports of an app's records as CSV or JSON Lines, read in batches
 * bounded by rows and stored bytes (records/batches.ts) only when the client is ready for
 * more (records/text-stream.ts), so memory stays flat whatever the number and size of the
 * records. An export is a copy as of "roughly now", like any paged read.
 *
 * Files: a CSV cell of a file field lists its files (file-cells.ts); a JSON Lines record
 * holds its file objects exactly as stored, `{id, name, size, type, sha256}`, as every read
 * of records does, adding nothing: the download path is `files.download` with the app and
 * the file's id.
 */
import type { AppContext } from '../core/context.ts'
import type { FilterNode } from '../db/storage/record-filter.ts'
import { recordBatches } from '../core/records/batches.ts'
import type { SpamMode } from '../core/records/schemas.ts'
import { recordJson, type StoredRecord } from '../core/records/shape.ts'
import { textStream } from '../core/records/text-stream.ts'
import { loadScoringDefinition } from '../core/scoring/definition.ts'
import { exportKeys } from './columns.ts'
import { csvRows } from './csv-rows.ts'

export type ExportFormat = 'csv' | 'jsonl'

/** Turns rows into text, CSV or JSONL. */
interface Encoder {
  header: string
  rows(rows: readonly StoredRecord[]): string
}

const jsonlEncoder: Encoder = {
  header: '',
  rows(rows) {
    let out = ''
    for (const row of rows) out += `${recordJson(row)}\n`
    return out
  },
}

const SELECTION = { exclude: 'kept', include: 'all', only: 'spam' } as const

/**
 * The records of `appId` selected by `spam` (and `filter`) as a byte stream in `format`; a
 * CSV export with spam has a `spam` column, and `raw` leaves its text cells as stored.
 */
export async function exportStream(
  ctx: AppContext,
  appId: string,
  spam: SpamMode,
  format: ExportFormat,
  filter?: FilterNode,
  raw = false,
): Promise<ReadableStream<Uint8Array>> {
  const scaleKeys = (await loadScoringDefinition(ctx, appId)).scales.map((scale) => scale.key)
  const columns = format === 'csv' ? await exportKeys(ctx, appId) : null
  const encoder = columns
    ? csvRows(columns.keys, scaleKeys, {
        spam: spam !== 'exclude',
        raw,
        otherKeys: columns.otherKeys,
        files: { appId, keys: columns.fileKeys },
        cellTexts: columns.cellTexts,
      })
    : jsonlEncoder
  return textStream(ctx, `a ${format} export`, {
    head: encoder.header,
    batches: recordBatches(ctx, appId, { selection: SELECTION[spam], order: 'asc', filter, start: { at: 1 } }),
    text: (rows) => encoder.rows(rows),
    tail: () => '',
  })
}
