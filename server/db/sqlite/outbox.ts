/**
 * @module The webhook outbox writes the other SQLite stores make inside their own
 * transactions: one `webhook_outbox` row per event and enabled subscription that listens to
 * it, chosen by the INSERT … SELECT itself, so a subscription removed or switched off a
 * moment ago gets nothing. The delivery worker's side is in webhooks.ts.
 */
import { batcher, deletedJson, type OutboxEvent } from '../storage/outbox-batch.ts'
import type { SqliteContext } from './context.ts'

/** Writes outbox rows on the open connection (inside the caller's transaction). */
export function sqliteOutbox(db: Pick<SqliteContext, 'sqlite'>): (event: OutboxEvent) => void {
  const insert = db.sqlite.prepare<
    unknown,
    [
      {
        appId: string
        event: string
        quoted: string
        idPrefix: string
        subject: string
        payload: string | null
        records: number
        now: number
      },
    ]
  >(
    `INSERT INTO webhook_outbox (id, webhook_id, app_id, event, subject, payload, records, created_at)
     SELECT $idPrefix || w.id, w.id, w.app_id, $event, $subject, $payload, $records, $now
     FROM webhooks w WHERE w.app_id = $appId AND w.enabled = 1 AND instr(w.events, $quoted) > 0`,
  )
  return (event) => void insert.run({ ...event, quoted: JSON.stringify(event.event) })
}

/** Writes the `record.deleted` outbox rows of the app's non-spam records `ids`, in batches (inside the caller's transaction). */
export function sqliteOutboxDeleted(
  db: Pick<SqliteContext, 'sqlite'>,
): (appId: string, ids: readonly string[], now: number) => void {
  const outbox = sqliteOutbox(db)
  return (appId, ids, now) => {
    const batches = batcher()
    for (const id of ids) batches.add(id, deletedJson(id))
    for (const batch of batches.done()) {
      outbox({
        appId,
        event: 'record.deleted',
        idPrefix: `msg_${batch.firstId}_deleted_`,
        subject: batch.firstId,
        payload: batch.payload,
        records: batch.records,
        now,
      })
    }
  }
}
