/**
 * @module Editing one record on PostgreSQL, in one transaction: the app's counters row is
 * locked first (the order the group commit and the delete take locks in, so they never
 * deadlock), the record read, core decides what it becomes (its refusal rolls everything
 * back), the aggregates adjuster is fed the record as it was, the data and scores are
 * written (id, createdAt, meta, seq and pos stay), the history entry is added and entries
 * past the kept number dropped, a `record.updated` outbox row goes in for a non-spam
 * record, and the counters' generation moves on with the adjusted aggregates document;
 * NOTIFY tells every process (`records`).
 */
import { sql } from 'drizzle-orm'
import { updatedJson } from '../storage/outbox-batch.ts'
import type { EditOutcome, HistoryRow, RecordEditor, RecordRow } from '../storage/records.ts'
import type { Counters } from '../storage/stats.ts'
import type { PgContext } from './context.ts'
import { adjustedDocument, feedAdjuster } from './record-delete.ts'
import { rowsOf } from './rows.ts'
import { pgOutbox } from './webhooks.ts'

/** The edit unit of the PostgreSQL record store. */
export function postgresEditRecord(
  db: PgContext,
): (appId: string, id: string, editor: RecordEditor) => Promise<EditOutcome> {
  return (appId, id, editor) =>
    db.changes.transaction(db.db, async (tx, changed): Promise<EditOutcome> => {
      const [stats] = await rowsOf<Counters & { document: string }>(
        tx,
        sql`SELECT seq, kept, spam, generation, aggregates AS document FROM app_stats WHERE app_id = ${appId} FOR UPDATE`,
      )
      if (!stats) return { found: false }
      const [row] = await rowsOf<RecordRow & { seq: number }>(
        tx,
        sql`SELECT id, seq, data, meta, scores, spam, created_at::float8 AS "createdAt" FROM records WHERE app_id = ${appId} AND id = ${id}`,
      )
      if (!row) return { found: false }
      const update = editor.decide(row)
      if (!update) return { found: true, changed: false }
      const counters: Counters = { seq: stats.seq, kept: stats.kept, spam: stats.spam, generation: stats.generation }
      // Read before the record changes: the adjuster takes the record out as it was.
      const adjust = editor.adjuster
      const start = adjust.start(counters, stats.document)
      await feedAdjuster(tx, appId, adjust, start, [row])
      await tx.execute(
        sql`UPDATE records SET data = ${update.data}, scores = ${update.scores} WHERE app_id = ${appId} AND id = ${id}`,
      )
      const [{ n }] = await rowsOf<{ n: number }>(
        tx,
        sql`INSERT INTO record_edits (record_id, n, user_id, author, changes, created_at)
          SELECT ${id}, COALESCE(MAX(n), 0) + 1, ${update.userId}, ${update.author}, ${update.changes}, ${update.at}
          FROM record_edits WHERE record_id = ${id} RETURNING n`,
      )
      await tx.execute(sql`DELETE FROM record_edits WHERE record_id = ${id} AND n <= ${n - editor.keep}`)
      if (!row.spam) {
        await pgOutbox(tx, [
          {
            appId,
            event: 'record.updated',
            idPrefix: `msg_${id}_updated${n}_`,
            subject: id,
            payload: `[${updatedJson(id, new Date(row.createdAt).toISOString(), update.data, update.changed)}]`,
            records: 1,
            now: update.at,
          },
        ])
      }
      const generation = counters.generation + 1
      // After the write, so refills read the record as it is now.
      const stored = await adjustedDocument(tx, appId, adjust, start)
      await tx.execute(sql`UPDATE app_stats SET generation = ${generation}, aggregates = ${stored.document},
        first_at = ${stored.firstAt}, last_at = ${stored.lastAt}, updated_at = ${db.now()} WHERE app_id = ${appId}`)
      changed(appId, 'records')
      return { found: true, changed: true, counters: { ...counters, generation } }
    })
}

/** The history reads of the PostgreSQL record store. */
export function postgresRecordHistory(
  db: PgContext,
): (id: string, limit: number) => Promise<{ edits: number; entries: HistoryRow[] }> {
  return async (id, limit) => {
    const rows = (await db.client.unsafe(
      'SELECT n, created_at::float8 AS at, user_id AS "userId", author, changes FROM record_edits WHERE record_id = $1 ORDER BY n DESC LIMIT $2',
      [id, limit],
    )) as HistoryRow[]
    return { edits: rows[0]?.n ?? 0, entries: rows }
  }
}
