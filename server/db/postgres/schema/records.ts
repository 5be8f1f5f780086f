/**
 * @module The PostgreSQL tables of records and what is kept beside them: the owner's edits,
 * the answers of idempotent ingest requests, and the per-app aggregates.
 */
import { sql } from 'drizzle-orm'
import { bigint, boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, millis } from './columns.ts'
import { apps } from './apps.ts'

/**
 * Records. `seq` numbers an app's records 1, 2, 3… in insertion order and `pos` numbers
 * its non-spam records the same way (null for spam), so page N is a key range, not an
 * OFFSET scan. Deleting records renumbers the app's later rows.
 */
export const records = pgTable(
  'records',
  {
    /** Insertion order across all apps (SQLite's rowid). */
    rowid: bigint('rowid', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    id: text('id').notNull().unique(),
    /**
     * No foreign key here, unlike SQLite: its check per inserted row was 12–30% of a group
     * commit's statement. Rows are only inserted for an app whose counters row the same
     * statement locks, and deleting an app deletes its records explicitly (deleteAppsData).
     */
    appId: text('app_id').notNull(),
    seq: integer('seq').notNull(),
    pos: integer('pos'),
    /** The record's place in its app's live stream (as on SQLite): it only grows, never renumbered or used again; no index (a live read walks seq's). */
    serial: bigint('serial', { mode: 'number' }).notNull().default(0),
    spam: boolean('spam').notNull().default(false),
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
    uniqueIndex('records_app_spam_seq_idx').on(t.appId, t.seq).where(sql`${t.spam}`),
  ],
)

/**
 * The history of the owner's edits of a record (core/records/history.ts): one row per edit,
 * numbered 1, 2, 3… per record; an edit drops the rows older than the newest
 * `LIMITS.recordHistoryKept`. Deleting the record deletes its history.
 */
export const recordEdits = pgTable(
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
export const idempotencyKeys = pgTable(
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
export const appStats = pgTable('app_stats', {
  appId: text('app_id')
    .primaryKey()
    .references(() => apps.id, { onDelete: 'cascade' }),
  /** Last `seq` handed out. */
  seq: integer('seq').notNull().default(0),
  /** Last `serial` handed out: it only grows (deleting records never lowers it). */
  serial: bigint('serial', { mode: 'number' }).notNull().default(0),
  /**
   * Bumped whenever records are renumbered or rescored (deletion, rescore): a summary kept by
   * a process for an older generation must be reloaded, not extended.
   */
  generation: integer('generation').notNull().default(0),
  /** Non-spam records (= last `pos`). */
  kept: integer('kept').notNull().default(0),
  spam: integer('spam').notNull().default(0),
  firstAt: millis('first_at'),
  lastAt: millis('last_at'),
  /** JSON aggregates (per field, per day); shape owned by server/core/records/stats. */
  aggregates: text('aggregates').notNull().default('{}'),
  updatedAt: millis('updated_at').notNull(),
})
