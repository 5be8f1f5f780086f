/**
 * @module Apps: create, read, rename, delete (the list: list.ts). An app is made together with its
 * endpoint row (share settings, no token yet, unpublished) and its counters row, in one
 * transaction, so the collection endpoints can rely on both existing.
 */
import { auditChange, auditUnchanged } from '../audit/record.ts'
import { changedSettings } from '../audit/settings.ts'
import type { AppContext } from '../context.ts'
import { newId } from '../ids.ts'
import { DEFAULT_READ_ACCESS } from '../../contract/share/reads.ts'
import { parseInput } from '../../contract/apps/input.ts'
import { requireApp } from './member-app.ts'
import {
  createAppSchema,
  updateAppSchema,
  type CreateAppInput,
  type UpdateAppInput,
} from '../../contract/apps/schemas.ts'
import { appView, type App } from './view.ts'

/** Creates an app owned by `userId`, with its endpoint and counters rows. */
export async function createApp(ctx: AppContext, userId: string, input: CreateAppInput): Promise<App> {
  const { name, description = '' } = parseInput(createAppSchema, input)
  const now = ctx.clock.now()
  const id = newId()
  auditChange(ctx, { target: name, after: { name, description } })
  await ctx.storage.apps.create({
    app: { id, ownerId: userId, name, description, createdAt: now, updatedAt: now },
    // Records are the owner's: a new endpoint's token writes, and reads nothing (rule 16).
    endpoint: { reads: DEFAULT_READ_ACCESS },
  })
  return appView(ctx, id, userId)
}

/** One of `userId`'s apps; 404 when missing or someone else's. */
export async function getApp(ctx: AppContext, userId: string, appId: string): Promise<App> {
  await requireApp(ctx, userId, appId)
  return appView(ctx, appId, userId)
}

/** Renames an app or changes its description; properties left out stay as they are. */
export async function updateApp(ctx: AppContext, userId: string, appId: string, input: UpdateAppInput): Promise<App> {
  const patch = parseInput(updateAppSchema, input)
  const app = await requireApp(ctx, userId, appId)
  const changed = changedSettings({ name: app.name, description: app.description }, { ...patch })
  if (Object.keys(changed.after).length > 0) {
    auditChange(ctx, { target: app.name, ...changed })
    await ctx.storage.apps.update(appId, patch, ctx.clock.now())
  } else auditUnchanged(ctx)
  return appView(ctx, appId, userId)
}

/** Deletes an app; its fields, endpoint, records and counters go with it (foreign-key cascade). */
export async function deleteApp(
  ctx: AppContext,
  userId: string,
  appId: string,
): Promise<{ deleted: true; id: string }> {
  const app = await requireApp(ctx, userId, appId)
  auditChange(ctx, { target: app.name })
  // The storage announces the deletion, so caches on the collection path drop the app.
  await ctx.storage.apps.delete(appId)
  // Its files' bytes go soon after the rows (server/files/sweeper.ts).
  ctx.files.nudge()
  return { deleted: true, id: appId }
}
