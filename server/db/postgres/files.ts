/**
 * @module FileStore on PostgreSQL (see storage/files.ts): files' rows and the tus uploads
 * under way. A record's commit claims pending files in its own transaction (file-claims.ts).
 * A chunk is appended by one conditional UPDATE (`WHERE received = offset … RETURNING`), so
 * two PATCHes of one upload, from any processes, never both move it. Orphans are found by
 * anti-join against apps and records (no foreign keys: the sweeper removes the bytes first).
 */
import { and, asc, count, eq, exists, inArray, isNotNull, isNull, lt, not, or, sql, sum } from 'drizzle-orm'
import type { FileStore, UploadRow } from '../storage/files.ts'
import type { PgContext } from './context.ts'
import { apps, files, records, uploads } from './schema.ts'

type StoredUpload = typeof uploads.$inferSelect

/** An upload as core sees it: `received` is tus's offset, `chunks` parsed. */
const uploadOf = ({ received, chunks, ...rest }: StoredUpload): UploadRow => ({
  ...rest,
  offset: received,
  chunks: JSON.parse(chunks) as string[],
})

/** The file store over the PostgreSQL pool. */
export function postgresFiles(db: PgContext): FileStore {
  // Long: the store's methods, each short, over one pool.
  const pg = db.db
  const ofApp = (appId: string, ids: readonly string[]) => and(eq(files.appId, appId), inArray(files.id, [...ids]))
  const appGone = (appId: typeof files.appId | typeof uploads.appId) =>
    not(exists(pg.select({ id: apps.id }).from(apps).where(eq(apps.id, appId))))
  const theUpload = (appId: string, id: string) => and(eq(uploads.appId, appId), eq(uploads.id, id))

  return {
    async insert(row) {
      await pg.insert(files).values(row)
    },

    async get(appId, id) {
      const [row] = await pg
        .select()
        .from(files)
        .where(and(eq(files.appId, appId), eq(files.id, id)))
      return row ?? null
    },

    async pending(appId, ids) {
      if (ids.length === 0) return []
      return pg
        .select()
        .from(files)
        .where(and(ofApp(appId, ids), isNull(files.recordId)))
        .orderBy(asc(files.createdAt), asc(files.id))
    },

    async ofRecords(appId, recordIds) {
      if (recordIds.length === 0) return []
      return pg
        .select()
        .from(files)
        .where(and(eq(files.appId, appId), inArray(files.recordId, [...recordIds])))
        .orderBy(asc(files.createdAt), asc(files.id))
    },

    async usage(appId) {
      const [stored] = await pg
        .select({ n: count(), bytes: sum(files.size) })
        .from(files)
        .where(eq(files.appId, appId))
      const [underWay] = await pg
        .select({ n: count(), bytes: sum(uploads.received) })
        .from(uploads)
        .where(eq(uploads.appId, appId))
      return {
        files: Number(stored?.n ?? 0) + Number(underWay?.n ?? 0),
        bytes: Number(stored?.bytes ?? 0) + Number(underWay?.bytes ?? 0),
      }
    },

    async orphans(pendingBefore, now, limit) {
      const recordGone = and(
        isNotNull(files.recordId),
        not(exists(pg.select({ id: records.id }).from(records).where(eq(records.id, files.recordId)))),
      )
      const stale = and(isNull(files.recordId), lt(files.createdAt, pendingBefore))
      const orphanFiles = await pg
        .select()
        .from(files)
        .where(or(stale, recordGone, appGone(files.appId)))
        .orderBy(asc(files.createdAt), asc(files.id))
        .limit(limit)
      const room = limit - orphanFiles.length
      const orphanUploads =
        room > 0
          ? (
              await pg
                .select()
                .from(uploads)
                .where(or(lt(uploads.expiresAt, now), appGone(uploads.appId)))
                .orderBy(asc(uploads.expiresAt), asc(uploads.id))
                .limit(room)
            ).map(uploadOf)
          : []
      return { files: orphanFiles, uploads: orphanUploads }
    },

    async forget(fileIds, uploadIds) {
      if (fileIds.length === 0 && uploadIds.length === 0) return
      await pg.transaction(async (tx) => {
        if (fileIds.length > 0) await tx.delete(files).where(inArray(files.id, [...fileIds]))
        if (uploadIds.length > 0) await tx.delete(uploads).where(inArray(uploads.id, [...uploadIds]))
      })
    },

    async discardPending(appId, ids) {
      if (ids.length === 0) return []
      return pg
        .delete(files)
        .where(and(ofApp(appId, ids), isNull(files.recordId)))
        .returning()
    },

    async createUpload({ offset, chunks, ...row }) {
      await pg.insert(uploads).values({ ...row, received: offset, chunks: JSON.stringify(chunks) })
    },

    async getUpload(appId, id) {
      const [row] = await pg.select().from(uploads).where(theUpload(appId, id))
      return row ? uploadOf(row) : null
    },

    async appendChunk(appId, id, offset, chunkKey, bytes) {
      // One conditional statement: a concurrent PATCH (any process) waits for the row, then finds the offset moved.
      const [row] = await pg
        .update(uploads)
        .set({
          received: sql`${uploads.received} + ${bytes}::bigint`,
          chunks: sql`(${uploads.chunks}::jsonb || jsonb_build_array(${chunkKey}::text))::text`,
        })
        .where(and(theUpload(appId, id), eq(uploads.received, offset)))
        .returning()
      return row ? uploadOf(row) : null
    },

    async finishUpload(appId, id, file) {
      return pg.transaction(async (tx) => {
        const gone = await tx.delete(uploads).where(theUpload(appId, id)).returning({ id: uploads.id })
        if (gone.length === 0) return false
        await tx.insert(files).values(file)
        return true
      })
    },

    async removeUpload(appId, id) {
      const [row] = await pg.delete(uploads).where(theUpload(appId, id)).returning()
      return row ? uploadOf(row) : null
    },
  }
}
