/**
 * @module Editing one record on SQLite, in one IMMEDIATE transaction: the app's counters
 * row is read under the write lock, the record read, core decides what it becomes (its
 * refusal rolls everything back), the aggregates adjuster is fed the record as it was, the
 * data and scores are written (id, createdAt, meta, seq and pos stay), the history entry is
 * added and entries past the kept number dropped, a `record.updated` outbox row goes in for
 * a non-spam record, and the counters' generation moves on with the adjusted aggregates
 * document, so every reader of the summary sees the edit at once.
 */
import { updatedJson } from '../storage/outbox-batch.ts'
import type { EditOutcome, HistoryRow, RecordEditor } from '../storage/records.ts'
import type { Counters } from '../storage/stats.ts'
import { appStatsStatements } from './app-stats.ts'
import type { SqliteContext } from './context.ts'
import { changeTransaction } from './audit.ts'
import { adjustedDocument, feedAdjuster } from './record-delete.ts'
import { rowsWithFlags, type RawRecordRow } from './record-reads.ts'
import { sqliteOutbox } from './outbox.ts'

type Found = { outcome: EditOutcome; changed: boolean }

/** The edit unit of the SQLite record store. */
export function sqliteEditRecord(
  db: SqliteContext,
): (appId: string, id: string, editor: RecordEditor) => Promise<EditOutcome> {
  const counterStatements = appStatsStatements(db)
  const outbox = sqliteOutbox(db)
  const q = db.sqlite
  const read = q.prepare<RawRecordRow & { seq: number }, [{ appId: string; id: string }]>(
    'SELECT id, seq, data, meta, scores, spam, created_at AS createdAt FROM records WHERE app_id = $appId AND id = $id',
  )
  const write = q.prepare<unknown, [{ appId: string; id: string; data: string; scores: string | null }]>(
    'UPDATE records SET data = $data, scores = $scores WHERE app_id = $appId AND id = $id',
  )
  const lastEdit = q.prepare<{ n: number }, [{ id: string }]>(
    'SELECT COALESCE(MAX(n), 0) AS n FROM record_edits WHERE record_id = $id',
  )
  const addEdit = q.prepare<
    unknown,
    [{ id: string; n: number; userId: string; author: string; changes: string; at: number }]
  >(
    'INSERT INTO record_edits (record_id, n, user_id, author, changes, created_at) VALUES ($id, $n, $userId, $author, $changes, $at)',
  )
  const dropEdits = q.prepare<unknown, [{ id: string; upTo: number }]>(
    'DELETE FROM record_edits WHERE record_id = $id AND n <= $upTo',
  )
  const storeStats = q.prepare<
    unknown,
    [
      {
        appId: string
        generation: number
        document: string
        firstAt: number | null
        lastAt: number | null
        now: number
      },
    ]
  >(
    'UPDATE app_stats SET generation = $generation, aggregates = $document, first_at = $firstAt, last_at = $lastAt, updated_at = $now WHERE app_id = $appId',
  )

  function inTransaction(appId: string, id: string, editor: RecordEditor): Found {
    const stats = counterStatements.document.get({ appId })
    const raw = stats ? read.get({ appId, id }) : null
    if (!stats || !raw) return { outcome: { found: false }, changed: false }
    const [row] = rowsWithFlags([raw])
    const update = editor.decide(row)
    if (!update) return { outcome: { found: true, changed: false }, changed: false }
    const counters: Counters = { seq: stats.seq, kept: stats.kept, spam: stats.spam, generation: stats.generation }
    // Read before the record changes: the adjuster takes the record out as it was.
    const adjust = editor.adjuster
    const start = adjust.start(counters, stats.document)
    feedAdjuster(db, appId, adjust, start, [row])
    write.run({ appId, id, data: update.data, scores: update.scores })
    const n = lastEdit.get({ id })!.n + 1
    addEdit.run({ id, n, userId: update.userId, author: update.author, changes: update.changes, at: update.at })
    dropEdits.run({ id, upTo: n - editor.keep })
    if (!row.spam) {
      outbox({
        appId,
        event: 'record.updated',
        idPrefix: `msg_${id}_updated${n}_`,
        subject: id,
        payload: `[${updatedJson(id, new Date(row.createdAt).toISOString(), update.data, update.changed)}]`,
        records: 1,
        now: update.at,
      })
    }
    const after: Counters = { ...counters, generation: counters.generation + 1 }
    // After the write, so refills read the record as it is now.
    const stored = adjustedDocument(db, appId, adjust, start)
    storeStats.run({ appId, generation: after.generation, ...stored, now: db.now() })
    return { outcome: { found: true, changed: true, counters: after }, changed: true }
  }

  return async (appId, id, editor) => {
    const { outcome, changed } = changeTransaction(db, (noteChange) => {
      const result = inTransaction(appId, id, editor)
      if (result.changed) noteChange(appId, 'records')
      return result
    })
    if (changed) db.checkpoints.afterWrite()
    return outcome
  }
}

/** The history reads of the SQLite record store. */
export function sqliteRecordHistory(
  db: SqliteContext,
): (id: string, limit: number) => Promise<{ edits: number; entries: HistoryRow[] }> {
  const entries = db.sqlite.prepare<HistoryRow, [{ id: string; limit: number }]>(
    'SELECT n, created_at AS at, user_id AS userId, author, changes FROM record_edits WHERE record_id = $id ORDER BY n DESC LIMIT $limit',
  )
  return async (id, limit) => {
    const rows = entries.all({ id, limit })
    return { edits: rows[0]?.n ?? 0, entries: rows }
  }
}
