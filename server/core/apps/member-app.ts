/**
 * @module The ownership check every app-scoped operation starts with. Another account's
 * app is answered exactly like a missing one, so ids of other people's apps leak nothing.
 */
import type { AppContext } from '../context.ts'
import type { AppRow } from '../../db/storage/apps.ts'
import { notFound } from '../../contract/errors.ts'

export type { AppRow }

/** The app `appId` when `userId` owns it; otherwise 404 "App not found". */
export async function requireOwnedApp(ctx: AppContext, userId: string, appId: string): Promise<AppRow> {
  const row = await ctx.storage.apps.owned(appId, userId)
  if (!row) throw notFound('App')
  return row
}
