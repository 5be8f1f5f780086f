/**
 * @module The ownership check every app-scoped operation starts with. Another account's
 * app is answered exactly like a missing one, so ids of other people's apps leak nothing.
 */
import { and, eq } from 'drizzle-orm'
import type { AppContext } from '../../context.ts'
import { apps } from '../../db/sqlite/schema.ts'
import { notFound } from '../errors.ts'

export type AppRow = typeof apps.$inferSelect

/** The app `appId` when `userId` owns it; otherwise 404 "App not found". */
export async function requireOwnedApp(ctx: AppContext, userId: string, appId: string): Promise<AppRow> {
  const row = ctx.store.db
    .select()
    .from(apps)
    .where(and(eq(apps.id, appId), eq(apps.ownerId, userId)))
    .get()
  if (!row) throw notFound('App')
  return row
}
