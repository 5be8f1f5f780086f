/**
 * @module Apps: create, list, read, rename, delete. An app is made together with its
 * endpoint row (share settings, no token yet, unpublished) and its counters row, in one
 * transaction, so the collection endpoints can rely on both existing.
 */
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context.ts'
import { apps, appStats, endpoints } from '../../db/sqlite/schema.ts'
import { newId } from '../ids.ts'
import { DEFAULT_READ_ACCESS } from '../share/reads.ts'
import { parseInput } from './input.ts'
import { requireOwnedApp } from './owned.ts'
import { createAppSchema, updateAppSchema, type CreateAppInput, type UpdateAppInput } from './schemas.ts'
import { appsOwnedBy, appView, type App } from './view.ts'

/** Creates an app owned by `userId`, with its endpoint and counters rows. */
export async function createApp(ctx: AppContext, userId: string, input: CreateAppInput): Promise<App> {
  const { name, description = '' } = parseInput(createAppSchema, input)
  const now = ctx.clock.now()
  const id = newId()
  ctx.store.db.transaction(
    (tx) => {
      tx.insert(apps).values({ id, ownerId: userId, name, description, createdAt: now, updatedAt: now }).run()
      // Records are the owner's: a new endpoint's token writes, and reads nothing (rule 16).
      tx.insert(endpoints).values({ appId: id, reads: DEFAULT_READ_ACCESS, createdAt: now, updatedAt: now }).run()
      tx.insert(appStats).values({ appId: id, seq: 0, kept: 0, spam: 0, aggregates: '{}', updatedAt: now }).run()
    },
    { behavior: 'immediate' },
  )
  return appView(ctx, id)
}

/** The apps `userId` owns, newest first. */
export const listApps = (ctx: AppContext, userId: string): Promise<App[]> => appsOwnedBy(ctx, userId)

/** One of `userId`'s apps; 404 when missing or someone else's. */
export async function getApp(ctx: AppContext, userId: string, appId: string): Promise<App> {
  await requireOwnedApp(ctx, userId, appId)
  return appView(ctx, appId)
}

/** Renames an app or changes its description; properties left out stay as they are. */
export async function updateApp(ctx: AppContext, userId: string, appId: string, input: UpdateAppInput): Promise<App> {
  const patch = parseInput(updateAppSchema, input)
  await requireOwnedApp(ctx, userId, appId)
  if (patch.name !== undefined || patch.description !== undefined) {
    ctx.store.db
      .update(apps)
      .set({ ...patch, updatedAt: ctx.clock.now() })
      .where(eq(apps.id, appId))
      .run()
    ctx.changes.notify(appId, 'app')
  }
  return appView(ctx, appId)
}

/** Deletes an app; its fields, endpoint, records and counters go with it (foreign-key cascade). */
export async function deleteApp(ctx: AppContext, userId: string, appId: string): Promise<{ deleted: true; id: string }> {
  await requireOwnedApp(ctx, userId, appId)
  ctx.store.db.delete(apps).where(eq(apps.id, appId)).run()
  ctx.changes.notify(appId, 'deleted')
  return { deleted: true, id: appId }
}
