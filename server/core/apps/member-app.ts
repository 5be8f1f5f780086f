/**
 * @module The look-up every app-scoped operation starts with: the app, when the caller has
 * a role in it. What that role may do was decided before the operation ran (the route
 * table's permission, core/access/authorize.ts). An app the caller has no role in is
 * answered exactly like a missing one, so ids of other people's apps leak nothing.
 */
import type { AppContext } from '../context.ts'
import type { AppRow } from '../../db/storage/apps.ts'
import { notFound } from '../../contract/errors.ts'

export type { AppRow }

/** The app `appId` when `userId` owns it or is one of its members; otherwise 404 "App not found". */
export async function requireApp(ctx: AppContext, userId: string, appId: string): Promise<AppRow> {
  const found = await ctx.storage.apps.access(appId, userId)
  if (!found) throw notFound('App')
  return found.app
}
