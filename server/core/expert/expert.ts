/**
 * @module The expert: the author's profile shown on reports and their commentary per
 * scale level. The profile row is made on first write; until then it is empty.
 */
import type { Expert, ExpertComment, ExpertProfile } from '../../contract/api/expert.ts'
import type { AppContext } from '../context.ts'
import type { ExpertCommentRow } from '../../db/storage/experts.ts'
import { parseInput } from '../../contract/apps/input.ts'
import { requireApp } from '../apps/member-app.ts'
import { notFound } from '../../contract/errors.ts'
import { newId } from '../ids.ts'
import { findScale, scaleGone, toRecord, type ScaleRecord } from '../scales/store.ts'
import {
  setCommentSchema,
  setExpertSchema,
  type SetCommentInput,
  type SetExpertInput,
} from '../../contract/expert/schemas.ts'

/** The profile, a comment and the whole expert as the API shows them: the contract's answer shapes (server/contract/api/expert.ts). */
export type { Expert, ExpertComment, ExpertProfile }

/** The profile of an app (empty until set); no ownership check. */
export async function expertProfileOf(ctx: AppContext, appId: string): Promise<ExpertProfile> {
  return profileView(await ctx.storage.experts.profile(appId))
}

const profileView = (row: ExpertProfile | null): ExpertProfile => ({
  name: row?.name ?? '',
  title: row?.title ?? '',
  bio: row?.bio ?? '',
  avatarUrl: row?.avatarUrl ?? null,
})

const commentView = (row: ExpertCommentRow): ExpertComment => ({
  scale: row.scaleKey,
  level: row.levelKey,
  text: row.text,
  updatedAt: new Date(row.updatedAt).toISOString(),
})

/** The comments of an app, in scale order then level key; no ownership check. */
export async function expertCommentsOf(ctx: AppContext, appId: string): Promise<ExpertComment[]> {
  return (await ctx.storage.experts.comments(appId)).map(commentView)
}

/** Profile and comments of one of `userId`'s apps. */
export async function getExpert(ctx: AppContext, userId: string, appId: string): Promise<Expert> {
  await requireApp(ctx, userId, appId)
  return { ...(await expertProfileOf(ctx, appId)), comments: await expertCommentsOf(ctx, appId) }
}

/** Changes the profile; properties left out stay, `avatarUrl: null` removes the picture. */
export async function setExpert(
  ctx: AppContext,
  userId: string,
  appId: string,
  input: SetExpertInput,
): Promise<Expert> {
  const patch = parseInput(setExpertSchema, input)
  await requireApp(ctx, userId, appId)
  const profile = await ctx.storage.experts.upsertProfile(appId, patch, ctx.clock.now())
  return { ...profileView(profile), comments: await expertCommentsOf(ctx, appId) }
}

/** The comments of one of `userId`'s apps. */
export async function listExpertComments(
  ctx: AppContext,
  userId: string,
  appId: string,
): Promise<{ comments: ExpertComment[] }> {
  await requireApp(ctx, userId, appId)
  return { comments: await expertCommentsOf(ctx, appId) }
}

const hasLevel = (scale: Pick<ScaleRecord, 'levels'>, levelKey: string) =>
  scale.levels.some((level) => level.key === levelKey)

const noLevel = (scale: Pick<ScaleRecord, 'key'>, levelKey: string) =>
  notFound(`Level ${JSON.stringify(levelKey)} in scale "${scale.key}"`)

/** Sets the comment for one level of a scale (scale by id or key). */
export async function setExpertComment(
  ctx: AppContext,
  userId: string,
  appId: string,
  scaleRef: string,
  levelKey: string,
  input: SetCommentInput,
): Promise<ExpertComment> {
  const { text } = parseInput(setCommentSchema, input)
  await requireApp(ctx, userId, appId)
  const scale = await findScale(ctx, appId, scaleRef)
  if (!hasLevel(scale, levelKey)) throw noLevel(scale, levelKey)
  // The level is checked again while the scale is held: it may be removed in between.
  const stored = await ctx.storage.experts.setComment(
    { id: newId(), appId, scaleId: scale.id, levelKey, text, now: ctx.clock.now() },
    (row) => hasLevel(toRecord(row), levelKey),
  )
  if (!stored.ok) throw stored.reason === 'no_level' ? noLevel(scale, levelKey) : scaleGone(scaleRef)
  return commentView(stored.row)
}

/** Removes the comment for one level; 404 when there is none. */
export async function removeExpertComment(
  ctx: AppContext,
  userId: string,
  appId: string,
  scaleRef: string,
  levelKey: string,
): Promise<{ deleted: true; scale: string; level: string }> {
  await requireApp(ctx, userId, appId)
  const scale = await findScale(ctx, appId, scaleRef)
  if (!(await ctx.storage.experts.removeComment(appId, scale.id, levelKey)))
    throw notFound(`Comment for level ${JSON.stringify(levelKey)} of scale "${scale.key}"`)
  return { deleted: true, scale: scale.key, level: levelKey }
}
