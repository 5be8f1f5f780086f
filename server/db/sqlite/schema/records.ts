/**
 * @module The SQLite tables of records and what is kept beside them: the owner's edits, the
 * answers of idempotent ingest requests, and the per-app aggregates.
 */
import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { createdAt } from './columns.ts'
import { apps } from './apps.ts'

/**
 * Records. `seq` numbers an app's records 1, 2, 3… in insertion order and `pos` numbers
 * its non-spam records the same way (null for spam), so page N is a key range, not an
 * OFFSET scan. Deleting records renumbers the app's later rows. `serial` is the record's
 * place in its app's live stream (server/live): handed out at commit from `app_stats.serial`,
 * it only grows, and is never renumbered or used again. It has no index of its own (one
 * cost a tenth of ingest): serials and seqs of an app rise together, so a live read walks
 * the seq index (storage/records.ts `live`).
 */
export const records = sqliteTable(
  'records',
  {
    rowid: integer('rowid').primaryKey(),
    id: text('id').notNull().unique(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    pos: integer('pos'),
    serial: integer('serial').notNull().default(0),
    spam: integer('spam', { mode: 'boolean' }).notNull().default(false),
    /** The record's data object as JSON text, exactly as stored. */
    data: text('data').notNull(),
    /** `{source?, timestamp?}` as JSON text. */
    meta: text('meta').notNull().default('{}'),
    /** Scores per scale as JSON text, computed at submission (assessment apps). */
    scores: text('scores'),
    /** SHA-256 of the respondent's report key (assessment apps). */
    reportKeyHash: text('report_key_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('records_app_seq_idx').on(t.appId, t.seq),
    uniqueIndex('records_app_pos_idx').on(t.appId, t.pos).where(sql`${t.pos} is not null`),
    // Pages of spam only (`?spam=only`) walk this small index instead of every record.
    uniqueIndex('records_app_spam_seq_idx').on(t.appId, t.seq).where(sql`${t.spam} = 1`),
  ],
)

/**
 * The history of the owner's edits of a record (core/records/history.ts): one row per edit,
 * numbered 1, 2, 3… per record; an edit drops the rows older than the newest
 * `LIMITS.recordHistoryKept`. Deleting the record deletes its history.
 */
export const recordEdits = sqliteTable(
  'record_edits',
  {
    recordId: text('record_id')
      .notNull()
      .references(() => records.id, { onDelete: 'cascade' }),
    n: integer('n').notNull(),
    /** The account that made the edit, and its e-mail address at the time. */
    userId: text('user_id').notNull(),
    author: text('author').notNull(),
    /** The fields changed, from what to what, as JSON text. */
    changes: text('changes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.recordId, t.n] })],
)

/**
 * The answers of ingest requests sent with an `Idempotency-Key` (core/collect/idempotency.ts):
 * written in the transaction that commits the records, so a retry after a lost answer gets
 * the same ids and never a duplicate. Kept 24 hours.
 */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of what was submitted: the same key with other records is refused. */
    fingerprint: text('fingerprint').notNull(),
    /** The record ids the first request was answered with, as a JSON array. */
    ids: text('ids').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
)

/**
 * Aggregates per app, kept current at insert so /summary never rescans records:
 * counters plus a JSON document of per-field and per-day aggregates.
 */
export const appStats = sqliteTable('app_stats', {
  appId: text('app_id')
    .primaryKey()
    .references(() => apps.id, { onDelete: 'cascade' }),
  /** Last `seq` handed out. */
  seq: integer('seq').notNull().default(0),
  /** Last `serial` handed out: it only grows (deleting records never lowers it). */
  serial: integer('serial').notNull().default(0),
  /**
   * Bumped whenever records are renumbered or rescored (deletion, rescore): a summary kept by
   * a process for an older generation must be reloaded, not extended.
   */
  generation: integer('generation').notNull().default(0),
  /** Non-spam records (= last `pos`). */
  kept: integer('kept').notNull().default(0),
  spam: integer('spam').notNull().default(0),
  firstAt: integer('first_at'),
  lastAt: integer('last_at'),
  /** JSON aggregates (per field, per day); shape owned by server/core/records/stats. */
  aggregates: text('aggregates').notNull().default('{}'),
  updatedAt: integer('updated_at').notNull(),
})
