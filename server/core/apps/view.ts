/**
 * @module The `App` the API shows: the app row joined with its counters (app_stats), its
 * publication state and reads setting (endpoints) and its field count, read in one query.
 */
import type { AppContext } from '../context.ts'
import type { AppListRow } from '../../db/storage/apps.ts'
import { notFound } from '../../contract/errors.ts'
import type { App } from '../../contract/api/apps.ts'
import { warningsOf } from '../../contract/share/reads.ts'

export type { App }

const iso = (ms: number): string => new Date(ms).toISOString()

/** An app's view from its list row (read for the caller: `role` is theirs). */
export function toApp(row: AppListRow): App {
  return {
    id: row.app.id,
    name: row.app.name,
    description: row.app.description,
    createdAt: iso(row.app.createdAt),
    updatedAt: iso(row.app.updatedAt),
    fieldCount: row.fieldCount,
    recordCount: row.kept,
    spamCount: row.spam,
    lastRecordAt: row.lastAt === null ? null : iso(row.lastAt),
    published: row.published,
    reads: row.reads,
    role: row.role ?? 'viewer',
    ...warningsOf(row.reads),
  }
}

/** One app's view for `userId`; 404 when it is gone or not theirs. */
export async function appView(ctx: AppContext, appId: string, userId: string): Promise<App> {
  const row = await ctx.storage.apps.listed(appId, userId)
  if (!row?.role) throw notFound('App')
  return toApp(row)
}
