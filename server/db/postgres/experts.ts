/**
 * @module ExpertStore on PostgreSQL (see storage/experts.ts). The profile is set in one
 * upsert naming only the given columns; a comment is set while the scale row is held
 * (FOR SHARE), so it cannot land on a level being removed (scales.update holds it FOR UPDATE).
 */
import { and, asc, eq } from 'drizzle-orm'
import type { ExpertCommentWrite, ExpertStore } from '../storage/experts.ts'
import type { PgContext } from './context.ts'
import { expertComments, experts, scales } from './schema.ts'

/** The experts store over the PostgreSQL pool. */
export function postgresExperts(db: PgContext): ExpertStore {
  return {
    async profile(appId) {
      const [row] = await db.db.select().from(experts).where(eq(experts.appId, appId))
      return row ?? null
    },

    upsertProfile: (appId, patch, updatedAt) =>
      db.changes.transaction(db.db, async (tx, changed) => {
        const set = { ...definedOnly(patch), updatedAt }
        const [row] = await tx
          .insert(experts)
          .values({ appId, ...set })
          .onConflictDoUpdate({ target: experts.appId, set })
          .returning()
        changed(appId, 'app')
        return row
      }),

    comments: (appId) =>
      db.db
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
        .orderBy(asc(scales.position), asc(expertComments.levelKey)),

    setComment: (comment, hasLevel) =>
      db.changes.transaction(db.db, async (tx, changed): Promise<ExpertCommentWrite> => {
        const [scale] = await tx
          .select()
          .from(scales)
          .where(and(eq(scales.appId, comment.appId), eq(scales.id, comment.scaleId)))
          .for('share')
        if (!scale) return { ok: false, reason: 'not_found' }
        if (!hasLevel(scale)) return { ok: false, reason: 'no_level' }
        const { text, now } = comment
        const [stored] = await tx
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
        changed(comment.appId, 'app')
        return {
          ok: true,
          row: {
            scaleId: scale.id,
            scaleKey: scale.key,
            levelKey: stored.levelKey,
            text: stored.text,
            createdAt: stored.createdAt,
            updatedAt: stored.updatedAt,
          },
        }
      }),

    removeComment: (appId, scaleId, levelKey) =>
      db.changes.transaction(db.db, async (tx, changed) => {
        const removed = await tx
          .delete(expertComments)
          .where(
            and(
              eq(expertComments.appId, appId),
              eq(expertComments.scaleId, scaleId),
              eq(expertComments.levelKey, levelKey),
            ),
          )
          .returning({ id: expertComments.id })
        if (removed.length === 0) return false
        changed(appId, 'app')
        return true
      }),
  }
}

/** `patch` without the properties left out. */
const definedOnly = <T extends object>(patch: T): Partial<T> =>
  Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>
