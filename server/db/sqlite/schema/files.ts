/**
 * @module The SQLite tables of files attached to records (storage/files.ts): the files'
 * rows (their bytes are in the blob store) and the resumable (tus) uploads under way.
 *
 * Neither has a foreign key to apps or records: deleting a record or an app leaves its
 * files' rows, so the sweeper finds them by anti-join (`orphans`), removes their bytes
 * first and only then the rows. A cascade would lose the blob keys of bytes still stored.
 */
import { sql } from 'drizzle-orm'
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { createdAt } from './columns.ts'

/** Files: pending (`record_id` null) until a record's commit claims them, then attached. */
export const files = sqliteTable(
  'files',
  {
    id: text('id').primaryKey(),
    appId: text('app_id').notNull(),
    /** The record that holds the file; null while pending. */
    recordId: text('record_id'),
    /** Where the bytes are in the blob store. */
    blobKey: text('blob_key').notNull(),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    /** The sniffed MIME type. */
    type: text('type').notNull(),
    /** Lowercase hex SHA-256 of the bytes. */
    sha256: text('sha256').notNull(),
    /** The client key that uploaded it; null for the owner's own. */
    uploadedBy: text('uploaded_by'),
    createdAt: createdAt(),
  },
  (t) => [
    // A record's files, an app's usage, a commit's claim of pending files.
    index('files_app_record_idx').on(t.appId, t.recordId),
    // The sweep of pending files past their time.
    index('files_pending_created_idx').on(t.createdAt).where(sql`${t.recordId} is null`),
  ],
)

/** Resumable uploads under way: the chunks received so far (each under its own blob key). */
export const uploads = sqliteTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    appId: text('app_id').notNull(),
    /** Bytes the upload will have in all (tus Upload-Length). */
    length: integer('length').notNull(),
    /** Bytes received so far (tus Upload-Offset; OFFSET is a reserved word). */
    received: integer('received').notNull().default(0),
    /** JSON array of the chunks' blob keys, in order. */
    chunks: text('chunks').notNull().default('[]'),
    name: text('name').notNull(),
    uploadedBy: text('uploaded_by'),
    createdAt: createdAt(),
    /** Epoch ms after which an unfinished upload is swept. */
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('uploads_app_idx').on(t.appId), index('uploads_expires_idx').on(t.expiresAt)],
)
