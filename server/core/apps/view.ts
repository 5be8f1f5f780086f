/**
 * @module The `App` the API shows: the app row joined with its counters (app_stats), its
 * publication state and reads setting (endpoints) and its field count, read in one query.
 */
import { desc, eq, sql, type SQL } from 'drizzle-orm'
import type { AppContext } from '../../context.ts'
import { apps, appStats, endpoints, fields } from '../../db/sqlite/schema.ts'
import { DEFAULT_READ_ACCESS, warningsOf, type ReadAccess } from '../share/reads.ts'

export interface App {
  id: string
  name: string
  description: string
  createdAt: string
  updatedAt: string
  fieldCount: number
  /** Non-spam records. */
  recordCount: number
  spamCount: number
  lastRecordAt: string | null
  published: boolean
  /** Who reads with the endpoint token alone (see `Share.reads`). */
  reads: ReadAccess
  /** Present when reads are open, as on the share settings. */
  warnings?: string[]
}

const iso = (ms: number): string => new Date(ms).toISOString()

function selectApps(ctx: AppContext, where: SQL | undefined): App[] {
  const rows = ctx.store.db
    .select({
      app: apps,
      kept: appStats.kept,
      spam: appStats.spam,
      lastAt: appStats.lastAt,
      published: endpoints.published,
      reads: endpoints.reads,
      fieldCount: sql<number>`(select count(*) from ${fields} where ${fields.appId} = ${apps.id})`,
    })
    .from(apps)
    .leftJoin(appStats, eq(appStats.appId, apps.id))
    .leftJoin(endpoints, eq(endpoints.appId, apps.id))
    .where(where)
    // UUIDv7 ids break ties between apps made in the same millisecond.
    .orderBy(desc(apps.createdAt), desc(apps.id))
    .all()
  return rows.map((row) => ({
    id: row.app.id,
    name: row.app.name,
    description: row.app.description,
    createdAt: iso(row.app.createdAt),
    updatedAt: iso(row.app.updatedAt),
    fieldCount: row.fieldCount,
    recordCount: row.kept ?? 0,
    spamCount: row.spam ?? 0,
    lastRecordAt: row.lastAt == null ? null : iso(row.lastAt),
    published: row.published ?? false,
    reads: row.reads ?? DEFAULT_READ_ACCESS,
    ...warningsOf(row.reads ?? DEFAULT_READ_ACCESS),
  }))
}

/** The apps of `ownerId`, newest first. */
export const appsOwnedBy = async (ctx: AppContext, ownerId: string): Promise<App[]> => selectApps(ctx, eq(apps.ownerId, ownerId))

/** One app's view; the caller has checked ownership. */
export async function appView(ctx: AppContext, appId: string): Promise<App> {
  const [app] = selectApps(ctx, eq(apps.id, appId))
  return app
}
