/**
 * @module RecordStore on SQLite (see storage/records.ts): the group commit
 * (record-commit.ts), deletion with renumbering (record-delete.ts), marking spam or not
 * spam (record-spam.ts), and the read paths as raw statements compiled once
 * (record-reads.ts; the batches of pages and exports, record-batches.ts). Synchronous
 * inside: every method has done its work when it returns its (resolved) promise.
 */
import type { Statement } from 'bun:sqlite'
import { and, asc, eq, gt } from 'drizzle-orm'
import type { BatchQuery, BatchRow, RecordStore } from '../storage/records.ts'
import type { SqliteContext } from './context.ts'
import { sqliteCommitGroup } from './record-commit.ts'
import { sqliteDeleteRecords } from './record-delete.ts'
import { sqliteSetSpam } from './record-spam.ts'
import { batchShape, batchSql, filteredCountSql } from './record-batches.ts'
import type { Compiled } from './record-filter.ts'
import { sqliteIdempotency } from './idempotency.ts'
import { inImmediateTransaction } from './immediate.ts'
import { recordStatements, rowsWithFlags, type RawRecordRow } from './record-reads.ts'
import { apps, records } from './schema.ts'

type BatchRaw = RawRecordRow & { cursor: number }

/**
 * The rows of `rows` up to the one whose stored text (data, meta, scores) brings the total
 * to `bytes`, counted in characters (what the strings take in memory, near enough): the
 * rest are never read (leaving the loop resets the statement).
 */
function takeUpTo(rows: IterableIterator<BatchRaw>, bytes: number): BatchRaw[] {
  const taken: BatchRaw[] = []
  let total = 0
  for (const row of rows) {
    taken.push(row)
    total += row.data.length + row.meta.length + (row.scores?.length ?? 0)
    if (total >= bytes) break
  }
  return taken
}

/**
 * Runs a statement built for one filter and drops it: prepare, not query, since
 * bun:sqlite keeps every query()'s statement and filters vary without end.
 */
function runOnce<Row>(db: SqliteContext, compiled: Compiled): Row[] {
  const statement = db.sqlite.prepare<Row, Array<string | number>>(compiled.sql)
  try {
    return statement.all(...compiled.params)
  } finally {
    statement.finalize()
  }
}

/** The records store over the open SQLite database. */
export function sqliteRecords(db: SqliteContext): RecordStore {
  const reads = () => recordStatements(db)
  const keys = sqliteIdempotency(db)
  const setScore = db.sqlite.prepare<unknown, [{ key: number; scores: string | null }]>('UPDATE records SET scores = $scores WHERE rowid = $key')
  const bumpGeneration = db.sqlite.prepare<unknown, [{ appId: string; now: number }]>("UPDATE app_stats SET generation = generation + 1, aggregates = '{}', updated_at = $now WHERE app_id = $appId")
  // The batch statements without a filter (a few dozen shapes) are prepared once; filtered ones run once.
  const batchStatements = new Map<string, Statement<BatchRaw, Array<string | number>>>()
  const runBatch = (appId: string, query: BatchQuery): BatchRaw[] => {
    const compiled = batchSql(appId, query)
    const shape = batchShape(query)
    let statement = shape === null ? undefined : batchStatements.get(shape)
    if (!statement) {
      statement = db.sqlite.prepare<BatchRaw, Array<string | number>>(compiled.sql)
      if (shape !== null) batchStatements.set(shape, statement)
    }
    try {
      return takeUpTo(statement.iterate(...compiled.params), query.bytes)
    } finally {
      if (shape === null) statement.finalize()
    }
  }
  return {
    commitGroup: sqliteCommitGroup(db),
    groupsInFlight: 1,
    delete: sqliteDeleteRecords(db),
    setSpam: sqliteSetSpam(db),

    async pruneIdempotencyKeys(before) {
      return keys.prune(before)
    },

    async after(appId, afterSeq, limit) {
      return rowsWithFlags(reads().after.all({ appId, after: afterSeq, limit }))
    },

    async batch(appId, query): Promise<BatchRow[]> {
      return rowsWithFlags(runBatch(appId, query))
    },

    async filteredCount(appId, selection, filter) {
      return runOnce<{ n: number }>(db, filteredCountSql(appId, selection, filter))[0].n
    },

    async one(appId, id) {
      const row = reads().one.get({ appId, id })
      return row ? rowsWithFlags([row])[0] : null
    },

    async scoreSources(appId, afterKey, limit) {
      return db.db
        .select({ key: records.rowid, data: records.data })
        .from(records)
        .where(and(eq(records.appId, appId), gt(records.rowid, afterKey)))
        .orderBy(asc(records.rowid))
        .limit(limit)
        .all()
    },

    async setScores(appId, scores) {
      inImmediateTransaction(db, () => {
        for (const row of scores) setScore.run({ key: row.key, scores: row.scores })
        bumpGeneration.run({ appId, now: db.now() })
      })
      db.checkpoints.afterWrite()
      db.changes.emit(appId, 'records')
    },

    async setReportKey(recordId, hash) {
      db.db.update(records).set({ reportKeyHash: hash }).where(eq(records.id, recordId)).run()
    },

    async forReport(recordId) {
      const row = db.db
        .select({ id: records.id, appId: records.appId, appName: apps.name, data: records.data, scores: records.scores, reportKeyHash: records.reportKeyHash, createdAt: records.createdAt })
        .from(records)
        .innerJoin(apps, eq(apps.id, records.appId))
        .where(eq(records.id, recordId))
        .get()
      return row ?? null
    },
  }
}
