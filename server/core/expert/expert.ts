/**
 * @module The expert: the author's profile shown on reports and their commentary per
 * scale level. The profile row is made on first write; until then it is empty.
 */
import { and, asc, eq } from 'drizzle-orm'
import type { AppContext } from '../../context.ts'
import { expertComments, experts, scales } from '../../db/sqlite/schema.ts'
import { parseInput } from '../apps/input.ts'
import { requireOwnedApp } from '../apps/owned.ts'
import { notFound } from '../errors.ts'
import { newId } from '../ids.ts'
import { findScale, type ScaleRecord } from '../scales/store.ts'
import { setCommentSchema, setExpertSchema, type SetCommentInput, type SetExpertInput } from './schemas.ts'

export interface ExpertProfile {
  name: string
  title: string
  bio: string
  avatarUrl: string | null
}

export interface ExpertComment {
  scale: string
  level: string
  text: string
  updatedAt: string
}

export interface Expert extends ExpertProfile {
  comments: ExpertComment[]
}

/** The profile of an app (empty until set); no ownership check. */
export async function expertProfileOf(ctx: AppContext, appId: string): Promise<ExpertProfile> {
  const row = ctx.store.db.select().from(experts).where(eq(experts.appId, appId)).get()
  return { name: row?.name ?? '', title: row?.title ?? '', bio: row?.bio ?? '', avatarUrl: row?.avatarUrl ?? null }
}

/** The comments of an app, in scale order then level key; no ownership check. */
export async function expertCommentsOf(ctx: AppContext, appId: string): Promise<ExpertComment[]> {
  return ctx.store.db
    .select({ scale: scales.key, level: expertComments.levelKey, text: expertComments.text, updatedAt: expertComments.updatedAt })
    .from(expertComments)
    .innerJoin(scales, eq(scales.id, expertComments.scaleId))
    .where(eq(expertComments.appId, appId))
    .orderBy(asc(scales.position), asc(expertComments.levelKey))
    .all()
    .map((row) => ({ ...row, updatedAt: new Date(row.updatedAt).toISOString() }))
}

/** Profile and comments of one of `userId`'s apps. */
export async function getExpert(ctx: AppContext, userId: string, appId: string): Promise<Expert> {
  await requireOwnedApp(ctx, userId, appId)
  return { ...(await expertProfileOf(ctx, appId)), comments: await expertCommentsOf(ctx, appId) }
}

/** Changes the profile; properties left out stay, `avatarUrl: null` removes the picture. */
export async function setExpert(ctx: AppContext, userId: string, appId: string, input: SetExpertInput): Promise<Expert> {
  const patch = parseInput(setExpertSchema, input)
  await requireOwnedApp(ctx, userId, appId)
  const next = { ...(await expertProfileOf(ctx, appId)), ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) }
  const now = ctx.clock.now()
  ctx.store.db
    .insert(experts)
    .values({ appId, ...next, updatedAt: now })
    .onConflictDoUpdate({ target: experts.appId, set: { ...next, updatedAt: now } })
    .run()
  ctx.changes.notify(appId, 'app')
  return getExpert(ctx, userId, appId)
}

/** The comments of one of `userId`'s apps. */
export async function listExpertComments(ctx: AppContext, userId: string, appId: string): Promise<{ comments: ExpertComment[] }> {
  await requireOwnedApp(ctx, userId, appId)
  return { comments: await expertCommentsOf(ctx, appId) }
}

async function levelOf(ctx: AppContext, appId: string, scaleRef: string, levelKey: string): Promise<ScaleRecord> {
  const scale = await findScale(ctx, appId, scaleRef)
  if (!scale.levels.some((level) => level.key === levelKey)) throw notFound(`Level ${JSON.stringify(levelKey)} in scale "${scale.key}"`)
  return scale
}

/** Sets the comment for one level of a scale (scale by id or key). */
export async function setExpertComment(ctx: AppContext, userId: string, appId: string, scaleRef: string, levelKey: string, input: SetCommentInput): Promise<ExpertComment> {
  const { text } = parseInput(setCommentSchema, input)
  await requireOwnedApp(ctx, userId, appId)
  const scale = await levelOf(ctx, appId, scaleRef, levelKey)
  const now = ctx.clock.now()
  ctx.store.db
    .insert(expertComments)
    .values({ id: newId(), appId, scaleId: scale.id, levelKey, text, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [expertComments.scaleId, expertComments.levelKey], set: { text, updatedAt: now } })
    .run()
  ctx.changes.notify(appId, 'app')
  return { scale: scale.key, level: levelKey, text, updatedAt: new Date(now).toISOString() }
}

/** Removes the comment for one level; 404 when there is none. */
export async function removeExpertComment(ctx: AppContext, userId: string, appId: string, scaleRef: string, levelKey: string): Promise<{ deleted: true; scale: string; level: string }> {
  await requireOwnedApp(ctx, userId, appId)
  const scale = await findScale(ctx, appId, scaleRef)
  const removed = ctx.store.db
    .delete(expertComments)
    .where(and(eq(expertComments.scaleId, scale.id), eq(expertComments.levelKey, levelKey)))
    .returning({ id: expertComments.id })
    .all()
  if (removed.length === 0) throw notFound(`Comment for level ${JSON.stringify(levelKey)} of scale "${scale.key}"`)
  ctx.changes.notify(appId, 'app')
  return { deleted: true, scale: scale.key, level: levelKey }
}
