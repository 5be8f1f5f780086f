/**
 * @module RecordStore on SQLite (see storage/records.ts): the group commit
 * (record-commit.ts), deletion with renumbering (record-delete.ts), marking spam or not
 * spam (record-spam.ts), and the read paths as raw statements compiled once
 * (record-reads.ts). Synchronous inside: every method has done its work when it returns
 * its (resolved) promise.
 */
import { and, asc, eq, gt } from 'drizzle-orm'
import type { ChunkSelection, PageRange, RecordStore } from '../storage/records.ts'
import type { SqliteContext } from './context.ts'
import { sqliteCommitGroup } from './record-commit.ts'
import { sqliteDeleteRecords } from './record-delete.ts'
import { sqliteSetSpam } from './record-spam.ts'
import { filteredChunkSql, filteredPageSql, type Compiled } from './record-filter.ts'
import { sqliteIdempotency } from './idempotency.ts'
import { inImmediateTransaction } from './immediate.ts'
import { recordStatements, rowsWithFlags, type RawRecordRow } from './record-reads.ts'
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
  const setScore = db.sqlite.prepare<unknown, [{ key: number; scores: string | null }]>('UPDATE records SET scores = $scores WHERE rowid = $key')
  const bumpGeneration = db.sqlite.prepare<unknown, [{ appId: string; now: number }]>("UPDATE app_stats SET generation = generation + 1, aggregates = '{}', updated_at = $now WHERE app_id = $appId")
  const chunkStatement = (selection: ChunkSelection) => (selection === 'spam' ? reads().chunkSpam : selection === 'all' ? reads().chunkAll : reads().chunkKept)
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

    async page(appId, range: PageRange) {
      const statements = reads()
      const desc = range.order === 'desc'
      if (range.by === 'spam') return rowsWithFlags((desc ? statements.spamDesc : statements.spamAsc).all({ appId, limit: range.limit, offset: range.offset }))
      const statement = range.by === 'seq' ? (desc ? statements.seqDesc : statements.seqAsc) : desc ? statements.posDesc : statements.posAsc
      return rowsWithFlags(statement.all({ appId, from: range.from, to: range.to }))
    },

    async filteredPage(appId, query) {
      const { rows, count } = filteredPageSql(appId, query)
      const [{ n: total }] = runOnce<{ n: number }>(db, count)
      return { rows: total <= query.offset ? [] : rowsWithFlags(runOnce<RawRecordRow>(db, rows)), total }
    },

    async chunk(appId, selection, after, limit, filter) {
      if (filter) return rowsWithFlags(runOnce<RawRecordRow & { cursor: number }>(db, filteredChunkSql(appId, selection, filter, after, limit)))
      return rowsWithFlags(chunkStatement(selection).all({ appId, after, limit }))
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
