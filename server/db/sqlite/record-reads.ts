/**
 * @module The record read paths as raw bun:sqlite statements, compiled once per store.
 * drizzle's prepared selects map every row through its column table, which tripled the
 * cost of a 1000-record page (≈ 3 ms against ≈ 1 ms); these return rows as SQLite gives
 * them. Pages and exports are read in batches (record-batches.ts).
 */
import type { StatsRow } from '../storage/stats.ts'
import type { Store } from './connection.ts'

/** A record row as SQLite gives it: `spam` is 1 for honeypot-caught records (the store makes it a boolean). */
export interface RawRecordRow {
  id: string
  data: string
  meta: string
  scores: string | null
  spam: number
  createdAt: number
}

const COLUMNS = 'id, data, meta, scores, spam, created_at AS createdAt'
/** Every column the aggregates and tests read, in `StatsRow` shape (spam still 0/1). */
export const ROW_COLUMNS = 'id, seq, pos, spam, data, meta, scores, created_at AS createdAt'

/**
 * Rows with `spam` as the boolean the storage interface promises (SQLite has no booleans:
 * it stores 0 and 1). Changed in place: the rows are fresh objects from the statement.
 */
export function rowsWithFlags<Row extends { spam: boolean | number }>(
  rows: Row[],
): Array<Omit<Row, 'spam'> & { spam: boolean }> {
  for (let i = 0; i < rows.length; i++)
    (rows[i] as { spam: boolean | number }).spam = rows[i].spam === true || rows[i].spam === 1
  return rows as Array<Omit<Row, 'spam'> & { spam: boolean }>
}

type After = { appId: string; after: number; limit: number }

/** The SQL of every read statement (the query-plan test reads it). */
export const RECORD_READ_SQL = {
  one: `SELECT ${COLUMNS} FROM records WHERE app_id = $appId AND id = $id`,
  /** Records after a seq, all columns: tests reading what was stored; the stats rebuild. */
  after: `SELECT ${ROW_COLUMNS} FROM records WHERE app_id = $appId AND seq > $after ORDER BY seq LIMIT $limit`,
  /** The counters a page's `total` and a summary's freshness check come from (kept current by ingest and deletion). */
  counts: 'SELECT seq, kept, spam, generation FROM app_stats WHERE app_id = $appId',
  /** Where a live stream starting now begins (before the group a sync still holds: durable-serials.ts). */
  lastSerial: 'SELECT serial FROM app_stats WHERE app_id = $appId',
} as const

/** A statement whose single argument is an object of named parameters. */
interface Query<Row, Params> {
  all(params: Params): Row[]
  get(params: Params): Row | null
}

function compile(store: Store) {
  // bun:sqlite binds `$name` placeholders from an object's `name` keys (the store is strict).
  const q = <Row, Params>(sql: string) => store.sqlite.prepare(sql) as unknown as Query<Row, Params>
  const s = RECORD_READ_SQL
  return {
    one: q<RawRecordRow, { appId: string; id: string }>(s.one),
    after: q<Omit<StatsRow, 'spam'> & { spam: number }, After>(s.after),
    counts: q<{ seq: number; kept: number; spam: number; generation: number }, { appId: string }>(s.counts),
    lastSerial: q<{ serial: number }, { appId: string }>(s.lastSerial),
  }
}

export type RecordStatements = ReturnType<typeof compile>

const cache = new WeakMap<Store, RecordStatements>()

/** The read statements of `store`, compiled on first use. */
export function recordStatements(store: Store): RecordStatements {
  let statements = cache.get(store)
  if (!statements) {
    statements = compile(store)
    cache.set(store, statements)
  }
  return statements
}
