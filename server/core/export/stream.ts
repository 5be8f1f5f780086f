/**
 * @module Streamed exports of an app's records as CSV or JSON Lines. Rows are pulled in
 * chunks of LIMITS.exportChunkRows by key range (after the last seq/pos sent), only when
 * the client is ready for more, so memory stays flat whatever the number of records.
 * Records deleted while an export runs can shift later rows by a position; an export is
 * a copy as of "roughly now", like any paged read.
 */
import type { AppContext } from '../../context.ts'
import { LIMITS } from '../limits.ts'
import type { SpamMode } from '../records/schemas.ts'
import { recordJson, type StoredRecord } from '../records/shape.ts'
import { recordStatements } from '../../db/record-reads.ts'
import { exportKeys, headerOf, LEADING_COLUMNS, TRAILING_COLUMNS } from './columns.ts'
import { csvRow, csvText, csvValue } from './csv.ts'
import { scoreCells, scoreColumns } from '../scoring/aggregate.ts'
import { loadScoringDefinition } from '../scoring/definition.ts'
import { parseStoredScores } from '../scoring/stored.ts'

export type ExportFormat = 'csv' | 'jsonl'

type Row = StoredRecord & { cursor: number | null }

/** A function returning the next chunk of rows after `after`. */
function chunkReader(ctx: AppContext, appId: string, spam: SpamMode): (after: number) => Row[] {
  const statements = recordStatements(ctx.store)
  const statement = spam === 'only' ? statements.chunkSpam : spam === 'include' ? statements.chunkAll : statements.chunkKept
  return (after) => statement.all({ appId, after, limit: LIMITS.exportChunkRows })
}

/** Turns rows into text, CSV or JSONL. */
interface Encoder {
  header: string
  rows(rows: Row[]): string
}

function csvEncoder(keys: string[], scaleKeys: string[]): Encoder {
  const header = csvRow([...LEADING_COLUMNS, ...keys.map(headerOf), ...scoreColumns(scaleKeys), ...TRAILING_COLUMNS].map(csvText))
  return {
    // The BOM tells Excel the file is UTF-8.
    header: `\uFEFF${header}`,
    rows(rows) {
      let out = ''
      for (const row of rows) {
        const data = JSON.parse(row.data) as Record<string, unknown>
        const meta = JSON.parse(row.meta) as { source?: unknown; timestamp?: unknown }
        const cells = [csvText(row.id), csvText(new Date(row.createdAt).toISOString())]
        for (const key of keys) cells.push(csvValue(Object.hasOwn(data, key) ? data[key] : undefined))
        for (const cell of scoreCells(row.scores === null ? null : parseStoredScores(row.scores), scaleKeys)) cells.push(csvValue(cell))
        cells.push(csvValue(Object.hasOwn(meta, 'source') ? meta.source : undefined), csvValue(Object.hasOwn(meta, 'timestamp') ? meta.timestamp : undefined))
        out += csvRow(cells)
      }
      return out
    },
  }
}

const jsonlEncoder: Encoder = {
  header: '',
  rows(rows) {
    let out = ''
    for (const row of rows) out += `${recordJson(row)}\n`
    return out
  },
}

/** The records of `appId` selected by `spam` as a byte stream in `format`. */
export function exportStream(ctx: AppContext, appId: string, spam: SpamMode, format: ExportFormat): ReadableStream<Uint8Array> {
  const next = chunkReader(ctx, appId, spam)
  const scaleKeys = loadScoringDefinition(ctx, appId).scales.map((scale) => scale.key)
  const encoder = format === 'csv' ? csvEncoder(exportKeys(ctx, appId), scaleKeys) : jsonlEncoder
  const utf8 = new TextEncoder()
  let cursor = 0
  let started = false
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      let text = ''
      if (!started) {
        started = true
        text = encoder.header
      }
      const rows = next(cursor)
      if (rows.length > 0) {
        cursor = rows[rows.length - 1].cursor!
        text += encoder.rows(rows)
      }
      if (text) controller.enqueue(utf8.encode(text))
      if (rows.length < LIMITS.exportChunkRows) controller.close()
    },
  }, { highWaterMark: 0 })
}
