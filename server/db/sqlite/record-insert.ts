/**
 * @module The insert on the ingest hot path as raw bun:sqlite statements. drizzle's
 * prepared insert still maps placeholders per call (≈ 12% of a 1000-record batch in a CPU
 * profile); positional binding of a statement compiled once does not. Rows go in several
 * at a time: with statements of 64 rows a row costs ≈ 2.7 µs instead of ≈ 3.6 µs one by
 * one (`npm run bench:insert`), so a group is written in chunks of 64, 32, … 1 rows.
 */
import type { Statement } from 'bun:sqlite'
import type { Store } from './connection.ts'

/** One row of `records` in column order. */
export type RecordRow = [
  id: string,
  appId: string,
  seq: number,
  pos: number | null,
  serial: number,
  spam: 0 | 1,
  data: string,
  meta: string,
  scores: string | null,
  createdAt: number,
]

const COLUMNS = 'INSERT INTO records (id, app_id, seq, pos, serial, spam, data, meta, scores, created_at) VALUES '
const ROW_PARAMETERS = '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'
/** Rows per statement, largest first; every count is a sum of these. */
const CHUNKS = [64, 32, 16, 8, 4, 2, 1]

const statements = new WeakMap<Store, Map<number, Statement>>()

/** The statement inserting `size` rows, compiled once per store. */
function insertOf(store: Store, size: number): Statement {
  let bySize = statements.get(store)
  if (!bySize) {
    bySize = new Map()
    statements.set(store, bySize)
  }
  let statement = bySize.get(size)
  if (!statement) {
    statement = store.sqlite.prepare(COLUMNS + Array(size).fill(ROW_PARAMETERS).join(', '))
    bySize.set(size, statement)
  }
  return statement
}

/** Inserts the rows, in order, inside the caller's transaction. */
export function insertRecordRows(store: Store, rows: readonly RecordRow[]): void {
  let at = 0
  for (const size of CHUNKS) {
    if (rows.length - at < size) continue
    const statement = insertOf(store, size)
    while (rows.length - at >= size) {
      const values: RecordRow[number][] = []
      for (let end = at + size; at < end; at++) for (const value of rows[at]) values.push(value)
      statement.run(...values)
    }
  }
}
