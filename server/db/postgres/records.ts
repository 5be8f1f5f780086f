/**
 * @module RecordStore on PostgreSQL (see storage/records.ts): the group commit
 * (record-commit.ts), deletion with renumbering (record-delete.ts), marking spam or not
 * spam (record-spam.ts), edits and their history (record-edit.ts), and the read paths as
 * SQL text sent on the raw pool with bound parameters (prepared once per connection by
 * Bun.SQL, rows as the driver gives them: no mapping per row). Pages and exports are read
 * in batches bounded by rows and bytes (record-batches.ts).
 */
import { eq, sql } from 'drizzle-orm'
import type { BatchRow, RecordRow, RecordStore, ReportRow, ScoreSource } from '../storage/records.ts'
import type { StatsRow } from '../storage/stats.ts'
import type { PgContext } from './context.ts'
import { postgresCommitGroup } from './record-commit.ts'
import { postgresDeleteRecords } from './record-delete.ts'
import { postgresSetSpam } from './record-spam.ts'
import { postgresEditRecord, postgresRecordHistory } from './record-edit.ts'
import { batchSql, filteredCountSql, liveSql } from './record-batches.ts'
import { pruneKeys } from './idempotency.ts'
import { records } from './schema.ts'

const COLUMNS = 'id, data, meta, scores, spam, created_at::float8 AS "createdAt"'
const ROW_COLUMNS = 'id, seq, pos, spam, data, meta, scores, created_at::float8 AS "createdAt"'

/** The SQL of every read (a test asks PostgreSQL for their plans). */
export const RECORD_READ_SQL = {
  one: `SELECT ${COLUMNS} FROM records WHERE app_id = $1 AND id = $2`,
  after: `SELECT ${ROW_COLUMNS} FROM records WHERE app_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
  lastSerial: 'SELECT serial::float8 AS serial FROM app_stats WHERE app_id = $1',
  scoreSources: `SELECT key, data FROM (
      SELECT *, sum(bytes) OVER (ORDER BY key ROWS UNBOUNDED PRECEDING) - bytes AS before FROM (
        SELECT rowid::float8 AS key, data, octet_length(data) AS bytes FROM records WHERE app_id = $1 AND rowid > $2::bigint ORDER BY rowid LIMIT $3::int) picked) running
    WHERE before < $4::bigint ORDER BY key`,
} as const

/** The records store over the PostgreSQL pool. */
export function postgresRecords(db: PgContext): RecordStore {
  const query = <Row>(text: string, params: unknown[]): Promise<Row[]> =>
    db.client.unsafe(text, params) as Promise<Row[]>
  return {
    commitGroup: postgresCommitGroup(db),
    groupsInFlight: 2,
    delete: postgresDeleteRecords(db),
    setSpam: postgresSetSpam(db),
    edit: postgresEditRecord(db),
    history: postgresRecordHistory(db),
    pruneIdempotencyKeys: (before) => pruneKeys(db.client, before),

    async lastSerial(appId) {
      const [row] = await query<{ serial: number }>(RECORD_READ_SQL.lastSerial, [appId])
      return row ? row.serial : null
    },

    after: (appId, afterSeq, limit) => query<StatsRow>(RECORD_READ_SQL.after, [appId, afterSeq, limit]),

    batch(appId, batch) {
      const compiled = batchSql(appId, batch)
      return query<BatchRow>(compiled.sql, compiled.params)
    },

    live(appId, live) {
      const compiled = liveSql(appId, live)
      return query<BatchRow>(compiled.sql, compiled.params)
    },

    async filteredCount(appId, selection, filter) {
      const compiled = filteredCountSql(appId, selection, filter)
      const [{ n }] = await query<{ n: number }>(compiled.sql, compiled.params)
      return n
    },

    async one(appId, id) {
      const [row] = await query<RecordRow>(RECORD_READ_SQL.one, [appId, id])
      return row ?? null
    },

    // By rowid, which no delete renumbers; cut by a running sum of the data's stored size, as a batch is (record-batches.ts).
    scoreSources: (appId, afterKey, budget) =>
      query<ScoreSource>(RECORD_READ_SQL.scoreSources, [appId, afterKey, budget.rows, budget.bytes]),

    async setScores(appId, scores) {
      await db.changes.transaction(db.db, async (tx, changed) => {
        await tx.execute(sql`UPDATE records r SET scores = s.scores FROM unnest(${sql.param(scores.map((row) => row.key))}::bigint[], ${sql.param(scores.map((row) => row.scores))}::text[]) AS s(key, scores)
          WHERE r.rowid = s.key AND r.app_id = ${appId}`)
        // Every process's aggregates (scores included) are stale now: a new generation, no document.
        await tx.execute(
          sql`UPDATE app_stats SET generation = generation + 1, aggregates = '{}', updated_at = ${db.now()} WHERE app_id = ${appId}`,
        )
        changed(appId, 'records')
      })
    },

    async setReportKey(recordId, hash) {
      await db.db.update(records).set({ reportKeyHash: hash }).where(eq(records.id, recordId))
    },

    async forReport(recordId) {
      const [row] = await query<ReportRow>(
        `SELECT r.id, r.app_id AS "appId", a.name AS "appName", r.data, r.scores, r.report_key_hash AS "reportKeyHash", r.created_at::float8 AS "createdAt"
         FROM records r JOIN apps a ON a.id = r.app_id WHERE r.id = $1`,
        [recordId],
      )
      return row ?? null
    },
  }
}
