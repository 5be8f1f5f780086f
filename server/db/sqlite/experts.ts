/**
 * @module ExpertStore on SQLite (see storage/experts.ts).
 */
import { and, asc, eq } from 'drizzle-orm'
import type { ExpertCommentRow, ExpertCommentWrite, ExpertStore } from '../storage/experts.ts'
import type { SqliteContext } from './context.ts'
import { changeTransaction } from './audit.ts'
import { expertComments, experts, scales } from './schema.ts'

/** The experts store over the open SQLite database. */
export function sqliteExperts(db: SqliteContext): ExpertStore {
  return {
    async profile(appId) {
      return db.db.select().from(experts).where(eq(experts.appId, appId)).get() ?? null
    },

    async upsertProfile(appId, patch, updatedAt) {
      const set = { ...definedOnly(patch), updatedAt }
      return changeTransaction(db, (changed) => {
        changed(appId, 'app')
        return db.db
          .insert(experts)
          .values({ appId, ...set })
          .onConflictDoUpdate({ target: experts.appId, set })
          .returning()
          .get()
      })
    },

    async comments(appId) {
      return db.db
        .select({
          scaleId: expertComments.scaleId,
          scaleKey: scales.key,
          levelKey: expertComments.levelKey,
          text: expertComments.text,
          createdAt: expertComments.createdAt,
          updatedAt: expertComments.updatedAt,
        })
        .from(expertComments)
        .innerJoin(scales, eq(scales.id, expertComments.scaleId))
        .where(eq(expertComments.appId, appId))
        .orderBy(asc(scales.position), asc(expertComments.levelKey))
        .all()
    },

    async setComment(comment, hasLevel) {
      return changeTransaction(db, (changed): ExpertCommentWrite => {
        const tx = db.db
        const scale = tx
          .select()
          .from(scales)
          .where(and(eq(scales.appId, comment.appId), eq(scales.id, comment.scaleId)))
          .get()
        if (!scale) return { ok: false, reason: 'not_found' }
        if (!hasLevel(scale)) return { ok: false, reason: 'no_level' }
        const { text, now } = comment
        const stored = tx
          .insert(expertComments)
          .values({
            id: comment.id,
            appId: comment.appId,
            scaleId: scale.id,
            levelKey: comment.levelKey,
            text,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoUpdate({
            target: [expertComments.scaleId, expertComments.levelKey],
            set: { text, updatedAt: now },
          })
          .returning()
          .get()
        const row: ExpertCommentRow = {
          scaleId: scale.id,
          scaleKey: scale.key,
          levelKey: stored.levelKey,
          text: stored.text,
          createdAt: stored.createdAt,
          updatedAt: stored.updatedAt,
        }
        changed(comment.appId, 'app')
        return { ok: true, row }
      })
    },

    async removeComment(appId, scaleId, levelKey) {
      return changeTransaction(db, (changed) => {
        const removed = db.db
          .delete(expertComments)
          .where(
            and(
              eq(expertComments.appId, appId),
              eq(expertComments.scaleId, scaleId),
              eq(expertComments.levelKey, levelKey),
            ),
          )
          .returning({ id: expertComments.id })
          .all()
        if (removed.length === 0) return false
        changed(appId, 'app')
        return true
      })
    },
  }
}

/** `patch` without the properties left out. */
const definedOnly = <T extends object>(patch: T): Partial<T> =>
  Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>
