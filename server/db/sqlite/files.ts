/**
 * @module FileStore on SQLite (see storage/files.ts): files' rows and the tus uploads under
 * way. A record's commit claims pending files in its own transaction (file-claims.ts); the
 * rest are single statements or short IMMEDIATE transactions. Orphans are found by
 * anti-join against apps and records (no foreign keys: the sweeper removes the bytes first).
 */
import { and, asc, count, eq, exists, inArray, isNotNull, isNull, lt, not, or, sql, sum } from 'drizzle-orm'
import type { FileRow, FileStore, UploadRow } from '../storage/files.ts'
import type { SqliteContext } from './context.ts'
import { apps, files, records, uploads } from './schema.ts'

type StoredUpload = typeof uploads.$inferSelect

/** An upload as core sees it: `received` is tus's offset, `chunks` parsed. */
const uploadOf = ({ received, chunks, ...rest }: StoredUpload): UploadRow => ({
  ...rest,
  offset: received,
  chunks: JSON.parse(chunks) as string[],
})

/** The file store over the open SQLite database. */
export function sqliteFiles(db: SqliteContext): FileStore {
  // Long: the store's methods, each short, over one database.
  const d = db.db
  const immediate = <T>(work: () => T): T => d.transaction(work, { behavior: 'immediate' })
  const ofApp = (appId: string, ids: readonly string[]) => and(eq(files.appId, appId), inArray(files.id, [...ids]))
  const appGone = (appId: typeof files.appId | typeof uploads.appId) =>
    not(exists(d.select({ id: apps.id }).from(apps).where(eq(apps.id, appId))))
  const theUpload = (appId: string, id: string) => and(eq(uploads.appId, appId), eq(uploads.id, id))

  return {
    async insert(row) {
      d.insert(files).values(row).run()
    },

    async get(appId, id) {
      return (
        d
          .select()
          .from(files)
          .where(and(eq(files.appId, appId), eq(files.id, id)))
          .get() ?? null
      )
    },

    async pending(appId, ids) {
      if (ids.length === 0) return []
      return d
        .select()
        .from(files)
        .where(and(ofApp(appId, ids), isNull(files.recordId)))
        .orderBy(asc(files.createdAt), asc(files.id))
        .all()
    },

    async ofRecords(appId, recordIds) {
      if (recordIds.length === 0) return []
      return d
        .select()
        .from(files)
        .where(and(eq(files.appId, appId), inArray(files.recordId, [...recordIds])))
        .orderBy(asc(files.createdAt), asc(files.id))
        .all()
    },

    async usage(appId) {
      const stored = d
        .select({ n: count(), bytes: sum(files.size) })
        .from(files)
        .where(eq(files.appId, appId))
        .get()
      const underWay = d
        .select({ n: count(), bytes: sum(uploads.received) })
        .from(uploads)
        .where(eq(uploads.appId, appId))
        .get()
      return {
        files: (stored?.n ?? 0) + (underWay?.n ?? 0),
        bytes: Number(stored?.bytes ?? 0) + Number(underWay?.bytes ?? 0),
      }
    },

    async orphans(pendingBefore, now, limit) {
      const recordGone = and(
        isNotNull(files.recordId),
        not(exists(d.select({ id: records.id }).from(records).where(eq(records.id, files.recordId)))),
      )
      const stale = and(isNull(files.recordId), lt(files.createdAt, pendingBefore))
      const orphanFiles: FileRow[] = d
        .select()
        .from(files)
        .where(or(stale, recordGone, appGone(files.appId)))
        .orderBy(asc(files.createdAt), asc(files.id))
        .limit(limit)
        .all()
      const room = limit - orphanFiles.length
      const orphanUploads =
        room > 0
          ? d
              .select()
              .from(uploads)
              .where(or(lt(uploads.expiresAt, now), appGone(uploads.appId)))
              .orderBy(asc(uploads.expiresAt), asc(uploads.id))
              .limit(room)
              .all()
              .map(uploadOf)
          : []
      return { files: orphanFiles, uploads: orphanUploads }
    },

    async forget(fileIds, uploadIds) {
      if (fileIds.length === 0 && uploadIds.length === 0) return
      immediate(() => {
        if (fileIds.length > 0)
          d.delete(files)
            .where(inArray(files.id, [...fileIds]))
            .run()
        if (uploadIds.length > 0)
          d.delete(uploads)
            .where(inArray(uploads.id, [...uploadIds]))
            .run()
      })
    },

    async discardPending(appId, ids) {
      if (ids.length === 0) return []
      return d
        .delete(files)
        .where(and(ofApp(appId, ids), isNull(files.recordId)))
        .returning()
        .all()
    },

    async createUpload({ offset, chunks, ...row }) {
      d.insert(uploads)
        .values({ ...row, received: offset, chunks: JSON.stringify(chunks) })
        .run()
    },

    async getUpload(appId, id) {
      const row = d.select().from(uploads).where(theUpload(appId, id)).get()
      return row ? uploadOf(row) : null
    },

    async appendChunk(appId, id, offset, chunkKey, bytes) {
      // One conditional statement: the offset is checked and moved together.
      const row = d
        .update(uploads)
        .set({
          received: sql`${uploads.received} + ${bytes}`,
          chunks: sql`json_insert(${uploads.chunks}, '$[#]', ${chunkKey})`,
        })
        .where(and(theUpload(appId, id), eq(uploads.received, offset)))
        .returning()
        .get()
      return row ? uploadOf(row) : null
    },

    async finishUpload(appId, id, file) {
      return immediate(() => {
        const gone = d.delete(uploads).where(theUpload(appId, id)).returning({ id: uploads.id }).all()
        if (gone.length === 0) return false
        d.insert(files).values(file).run()
        return true
      })
    },

    async removeUpload(appId, id) {
      const row = d.delete(uploads).where(theUpload(appId, id)).returning().get()
      return row ? uploadOf(row) : null
    },
  }
}
