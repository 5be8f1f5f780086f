/**
 * @module RecordStore on SQLite (see storage/records.ts): the group commit
 * (record-commit.ts), deletion with renumbering (record-delete.ts), marking spam or not
 * spam (record-spam.ts), edits and their history (record-edit.ts), and the read paths as raw statements compiled once
 * (record-reads.ts; the batches of pages and exports, record-batches.ts and batch-reader.ts). Synchronous
 * inside: every method has done its work when it returns its (resolved) promise.
 */
import { eq } from 'drizzle-orm'
import type { BatchRow, RecordStore, ScoreSource } from '../storage/records.ts'
import type { SqliteContext } from './context.ts'
import { sqliteCommitGroup } from './record-commit.ts'
import { durableSerials } from './durable-serials.ts'
import { sqliteDeleteRecords } from './record-delete.ts'
import { sqliteSetSpam } from './record-spam.ts'
import { sqliteEditRecord, sqliteRecordHistory } from './record-edit.ts'
import { filteredCountSql } from './record-batches.ts'
import { batchReader, takeUpTo } from './batch-reader.ts'
import type { Compiled } from './record-filter.ts'
import { sqliteIdempotency } from './idempotency.ts'
import { inImmediateTransaction } from './immediate.ts'
import { recordStatements, rowsWithFlags } from './record-reads.ts'
import { apps, records } from './schema.ts'

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
  const setScore = db.sqlite.prepare<unknown, [{ key: number; scores: string | null }]>(
    'UPDATE records SET scores = $scores WHERE rowid = $key',
  )
  const bumpGeneration = db.sqlite.prepare<unknown, [{ appId: string; now: number }]>(
    "UPDATE app_stats SET generation = generation + 1, aggregates = '{}', updated_at = $now WHERE app_id = $appId",
  )
  const batches = batchReader(db)
  const serials = durableSerials()
  // By rowid, which no delete renumbers, so rescoring neither skips nor repeats a record.
  const scoreSources = db.sqlite.prepare<ScoreSource, [{ appId: string; after: number; limit: number }]>(
    'SELECT rowid AS key, data FROM records WHERE app_id = $appId AND rowid > $after ORDER BY rowid LIMIT $limit',
  )
  return {
    commitGroup: sqliteCommitGroup(db, serials),
    groupsInFlight: 1,
    delete: sqliteDeleteRecords(db),
    setSpam: sqliteSetSpam(db),
    edit: sqliteEditRecord(db),
    history: sqliteRecordHistory(db),

    async lastSerial(appId) {
      const row = reads().lastSerial.get({ appId })
      if (!row) return null
      return serials.of(appId) ?? row.serial
    },

    async pruneIdempotencyKeys(before) {
      return keys.prune(before)
    },

    async after(appId, afterSeq, limit) {
      return rowsWithFlags(reads().after.all({ appId, after: afterSeq, limit }))
    },

    async batch(appId, query): Promise<BatchRow[]> {
      return batches.records(appId, query)
    },

    async live(appId, query): Promise<BatchRow[]> {
      return batches.live(appId, query)
    },

    async filteredCount(appId, selection, filter) {
      return runOnce<{ n: number }>(db, filteredCountSql(appId, selection, filter))[0].n
    },

    async one(appId, id) {
      const row = reads().one.get({ appId, id })
      return row ? rowsWithFlags([row])[0] : null
    },

    async scoreSources(appId, afterKey, budget) {
      return takeUpTo(scoreSources.iterate({ appId, after: afterKey, limit: budget.rows }), budget.bytes)
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
        .select({
          id: records.id,
          appId: records.appId,
          appName: apps.name,
          data: records.data,
          scores: records.scores,
          reportKeyHash: records.reportKeyHash,
          createdAt: records.createdAt,
        })
        .from(records)
        .innerJoin(apps, eq(apps.id, records.appId))
        .where(eq(records.id, recordId))
        .get()
      return row ?? null
    },
  }
}
