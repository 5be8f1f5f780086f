/**
 * @module ScaleStore on SQLite (see storage/scales.ts). Writes run in IMMEDIATE
 * transactions, which hold the whole database: counting, numbering and the key check
 * inside one are final.
 */
import { and, asc, eq, inArray, max as maxOf, or, sql } from 'drizzle-orm'
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core'
import { renumbered } from '../positions.ts'
import type { ScaleRow, ScaleStore, ScaleWrite } from '../storage/scales.ts'
import type { SqliteContext } from './context.ts'
import { announcedTransaction } from './audit.ts'
import type * as schema from './schema.ts'
import { expertComments, scales } from './schema.ts'

/** The database or a transaction on it. */
type Queryable = BaseSQLiteDatabase<'sync', void, typeof schema>

/** The scales of an app in position order. */
const scaleRowsOf = (q: Queryable, appId: string): ScaleRow[] =>
  q.select().from(scales).where(eq(scales.appId, appId)).orderBy(asc(scales.position), asc(scales.id)).all()

const keyTaken = (q: Queryable, appId: string, key: string, id: string) =>
  q
    .select({ id: scales.id })
    .from(scales)
    .where(and(eq(scales.appId, appId), eq(scales.key, key)))
    .all()
    .some((row) => row.id !== id)

/** The scales store over the open SQLite database. */
export function sqliteScales(db: SqliteContext): ScaleStore {
  return {
    async listForApp(appId) {
      return scaleRowsOf(db.db, appId)
    },

    async find(appId, ref) {
      const rows = db.db
        .select()
        .from(scales)
        .where(and(eq(scales.appId, appId), or(eq(scales.id, ref), eq(scales.key, ref))))
        .all()
      return rows.find((row) => row.id === ref) ?? rows[0] ?? null
    },

    async create(scale, admit) {
      const result = announcedTransaction(
        db,
        (tx): ScaleWrite => {
          const { n, last } = tx
            .select({ n: sql<number>`count(*)`, last: maxOf(scales.position) })
            .from(scales)
            .where(eq(scales.appId, scale.appId))
            .get()!
          admit(n)
          if (keyTaken(tx, scale.appId, scale.key, scale.id)) return { ok: false, reason: 'key_taken' }
          // A vanished app would fail the foreign key: say so instead.
          if (!tx.get<{ one: number }>(sql`SELECT 1 AS one FROM apps WHERE id = ${scale.appId}`))
            return { ok: false, reason: 'not_found' }
          const row: ScaleRow = { ...scale, position: last === null ? 0 : last + 1, updatedAt: scale.createdAt }
          tx.insert(scales).values(row).run()
          return { ok: true, row }
        },
        (result) => (result.ok ? [scale.appId, 'app'] : null),
      )
      return result
    },

    async update(appId, id, change) {
      const result = announcedTransaction(
        db,
        (tx): ScaleWrite => {
          const current = tx
            .select()
            .from(scales)
            .where(and(eq(scales.appId, appId), eq(scales.id, id)))
            .get()
          if (!current) return { ok: false, reason: 'not_found' }
          const { dropComments, ...patch } = change(current)
          if (patch.key !== undefined && keyTaken(tx, appId, patch.key, id)) return { ok: false, reason: 'key_taken' }
          if (dropComments && dropComments.length > 0) {
            tx.delete(expertComments)
              .where(and(eq(expertComments.scaleId, id), inArray(expertComments.levelKey, dropComments)))
              .run()
          }
          const row = tx.update(scales).set(patch).where(eq(scales.id, id)).returning().get()!
          return { ok: true, row }
        },
        (result) => (result.ok ? [appId, 'app'] : null),
      )
      return result
    },

    async remove(appId, id) {
      const removed = announcedTransaction(
        db,
        (tx) => {
          // Expert comments go with the scale (ON DELETE CASCADE).
          const gone = tx
            .delete(scales)
            .where(and(eq(scales.appId, appId), eq(scales.id, id)))
            .returning({ id: scales.id })
            .all()
          if (gone.length === 0) return false
          for (const moved of renumbered(scaleRowsOf(tx, appId)))
            tx.update(scales).set({ position: moved.position }).where(eq(scales.id, moved.id)).run()
          return true
        },
        (removed) => (removed ? [appId, 'app'] : null),
      )
      return removed
    },
  }
}
