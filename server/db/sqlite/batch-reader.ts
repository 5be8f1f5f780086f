/**
 * @module Running the batch statements of record-batches.ts: a statement's rows are stepped
 * through one at a time and left as soon as their stored text reaches the batch's bytes, so
 * a batch of 1 MiB records costs a MiB or two, not rows × record size. Pages and exports
 * read so (records.ts `batch`), and so do the owner's changes inside their transactions:
 * the delete and spam units and the recount read every record they need in such batches.
 */
import type { Statement } from 'bun:sqlite'
import type { BatchQuery, BatchRow, LiveQuery, ReadBudget } from '../storage/records.ts'
import type { StatsRow } from '../storage/stats.ts'
import type { SqliteContext } from './context.ts'
import { batchShape, batchSql, liveSql, type StatsBatchQuery } from './record-batches.ts'
import type { Compiled } from './record-filter.ts'
import { rowsWithFlags } from './record-reads.ts'

/**
 * The rows of `rows` up to the one whose stored text (data, meta, scores) brings the total
 * to `bytes`, counted in characters (what the strings take in memory, near enough): the
 * rest are never read (leaving the loop resets the statement).
 */
export function takeUpTo<Row extends { data: string; meta?: string; scores?: string | null }>(
  rows: IterableIterator<Row>,
  bytes: number,
): Row[] {
  const taken: Row[] = []
  let total = 0
  for (const row of rows) {
    taken.push(row)
    total += row.data.length + (row.meta?.length ?? 0) + (row.scores?.length ?? 0)
    if (total >= bytes) break
  }
  return taken
}

type Raw = { data: string; meta: string; scores: string | null; spam: number }

/** Reads batches of one SQLite store. */
export interface BatchReader {
  /** One batch of a page or an export (RecordStore `batch`). */
  records(appId: string, query: BatchQuery): BatchRow[]
  /** One batch of a live stream (RecordStore `live`). */
  live(appId: string, query: LiveQuery): BatchRow[]
  /** One batch of StatsRows (and their key), for an owner's change. */
  stats(appId: string, query: StatsBatchQuery): Array<StatsRow & { cursor: number }>
}

function reader(db: SqliteContext): BatchReader {
  // The statements without a filter (a few dozen shapes) are prepared once; filtered ones run once.
  const prepared = new Map<string, Statement<Raw, Array<string | number>>>()
  function run(appId: string, query: StatsBatchQuery, columns: 'record' | 'stats'): Raw[] {
    return runCompiled(batchSql(appId, query, columns), batchShape(query, columns), query.bytes)
  }
  function runCompiled(compiled: Compiled, shape: string | null, bytes: number): Raw[] {
    let statement = shape === null ? undefined : prepared.get(shape)
    if (!statement) {
      statement = db.sqlite.prepare<Raw, Array<string | number>>(compiled.sql)
      if (shape !== null) prepared.set(shape, statement)
    }
    try {
      return takeUpTo(statement.iterate(...compiled.params), bytes)
    } finally {
      if (shape === null) statement.finalize()
    }
  }
  return {
    records: (appId, query) => rowsWithFlags(run(appId, query, 'record')) as unknown as BatchRow[],
    live: (appId, query) =>
      rowsWithFlags(
        runCompiled(liveSql(appId, query), query.filter ? null : `live ${query.selection}`, query.bytes),
      ) as unknown as BatchRow[],
    stats: (appId, query) =>
      rowsWithFlags(run(appId, query, 'stats')) as unknown as Array<StatsRow & { cursor: number }>,
  }
}

const readers = new WeakMap<SqliteContext, BatchReader>()

/** The batch reader of `db`, made on first use. */
export function batchReader(db: SqliteContext): BatchReader {
  let found = readers.get(db)
  if (!found) {
    found = reader(db)
    readers.set(db, found)
  }
  return found
}

/**
 * Hands `visit` the app's records from seq `from` on (only those numbered `seqs`, when
 * given), in seq order, a batch within `budget` at a time. For a unit that holds the app's
 * lock, so nothing is renumbered between two batches.
 */
export function eachStatsBatch(
  db: SqliteContext,
  appId: string,
  from: number,
  budget: ReadBudget,
  visit: (rows: StatsRow[]) => void,
  seqs?: readonly number[],
): void {
  const read = batchReader(db)
  let at = from
  let left = seqs ? seqs.length : Number.POSITIVE_INFINITY
  while (left > 0) {
    const rows = read.stats(appId, {
      selection: 'all',
      order: 'asc',
      start: { at },
      rows: budget.rows,
      bytes: budget.bytes,
      seqs,
    })
    if (rows.length === 0) return
    visit(rows)
    left -= rows.length
    at = rows[rows.length - 1].cursor + 1
  }
}
