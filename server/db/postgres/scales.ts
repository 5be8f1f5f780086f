/**
 * @module ScaleStore on PostgreSQL (see storage/scales.ts). Every write holds the app's
 * scale lock (part-lock.ts), so the count core's limit is checked on, the next position, the key check and a
 * read-modify-write of items or levels are decided by one process at a time; the unique
 * index on (app_id, key) stays the last word and is answered as `key_taken`.
 */
import { and, asc, count, eq, inArray, max as maxOf, ne, or } from 'drizzle-orm'
import { renumbered } from '../positions.ts'
import type { ScaleRow, ScaleStore, ScaleWrite } from '../storage/scales.ts'
import { lockAppPart, type PgQuery } from './part-lock.ts'
import type { PgContext } from './context.ts'
import { FOREIGN_KEY_VIOLATION, pgFailureOf, UNIQUE_VIOLATION } from './errors.ts'
import { expertComments, scales } from './schema.ts'

const scaleRowsOf = (q: PgQuery, appId: string): Promise<ScaleRow[]> =>
  q.select().from(scales).where(eq(scales.appId, appId)).orderBy(asc(scales.position), asc(scales.id))

async function keyTaken(q: PgQuery, appId: string, key: string, id: string): Promise<boolean> {
  const [clash] = await q
    .select({ id: scales.id })
    .from(scales)
    .where(and(eq(scales.appId, appId), eq(scales.key, key), ne(scales.id, id)))
    .limit(1)
  return clash !== undefined
}

/** A refusal for what the database refused: the key index, or the app gone from under the insert. */
function refusalOf(error: unknown): ScaleWrite | null {
  const failure = pgFailureOf(error)
  if (failure?.code === UNIQUE_VIOLATION && failure.constraint === 'scales_app_key_idx')
    return { ok: false, reason: 'key_taken' }
  if (failure?.code === FOREIGN_KEY_VIOLATION) return { ok: false, reason: 'not_found' }
  return null
}

/** The scales store over the PostgreSQL pool. */
export function postgresScales(db: PgContext): ScaleStore {
  /** Runs a write holding the app's scale lock, answering what the database refused as a result. */
  const write = async (appId: string, work: (tx: PgQuery) => Promise<ScaleWrite>): Promise<ScaleWrite> => {
    try {
      return await db.changes.transaction(db.db, async (tx, changed) => {
        await lockAppPart(tx, 'scales', appId)
        const result = await work(tx)
        if (result.ok) changed(appId, 'app')
        return result
      })
    } catch (error) {
      const refusal = refusalOf(error)
      if (refusal) return refusal
      throw error
    }
  }

  return {
    listForApp: (appId) => scaleRowsOf(db.db, appId),

    async find(appId, ref) {
      const rows = await db.db
        .select()
        .from(scales)
        .where(and(eq(scales.appId, appId), or(eq(scales.id, ref), eq(scales.key, ref))))
      return rows.find((row) => row.id === ref) ?? rows[0] ?? null
    },

    create: (scale, admit) =>
      write(scale.appId, async (tx) => {
        const [{ n, last }] = await tx
          .select({ n: count(), last: maxOf(scales.position) })
          .from(scales)
          .where(eq(scales.appId, scale.appId))
        admit(n)
        if (await keyTaken(tx, scale.appId, scale.key, scale.id)) return { ok: false, reason: 'key_taken' }
        const row: ScaleRow = { ...scale, position: last === null ? 0 : last + 1, updatedAt: scale.createdAt }
        await tx.insert(scales).values(row)
        return { ok: true, row }
      }),

    update: (appId, id, change) =>
      write(appId, async (tx) => {
        // FOR UPDATE: a comment being set on one of its levels (experts.setComment) finishes first.
        const [current] = await tx
          .select()
          .from(scales)
          .where(and(eq(scales.appId, appId), eq(scales.id, id)))
          .for('update')
        if (!current) return { ok: false, reason: 'not_found' }
        const { dropComments, ...patch } = change(current)
        if (patch.key !== undefined && (await keyTaken(tx, appId, patch.key, id)))
          return { ok: false, reason: 'key_taken' }
        if (dropComments && dropComments.length > 0) {
          await tx
            .delete(expertComments)
            .where(and(eq(expertComments.scaleId, id), inArray(expertComments.levelKey, dropComments)))
        }
        const [row] = await tx.update(scales).set(patch).where(eq(scales.id, id)).returning()
        return { ok: true, row }
      }),

    async remove(appId, id) {
      const result = await write(appId, async (tx) => {
        // Expert comments go with the scale (ON DELETE CASCADE).
        const [gone] = await tx
          .delete(scales)
          .where(and(eq(scales.appId, appId), eq(scales.id, id)))
          .returning()
        if (!gone) return { ok: false, reason: 'not_found' }
        for (const moved of renumbered(await scaleRowsOf(tx, appId)))
          await tx.update(scales).set({ position: moved.position }).where(eq(scales.id, moved.id))
        return { ok: true, row: gone }
      })
      return result.ok
    },
  }
}
