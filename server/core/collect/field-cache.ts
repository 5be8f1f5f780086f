/**
 * @module The fields of an app as the ingest path needs them, cached in memory per app and
 * dropped whenever the change feed says the app, its fields or its existence changed.
 */
import { asc, eq, sql } from 'drizzle-orm'
import type { AppContext } from '../../context.ts'
import { fields } from '../../db/sqlite/schema.ts'
import type { FieldRule } from '../fields/values.ts'
import type { FieldType } from '../limits.ts'

/** Field rules by name (a Map, so names like `__proto__` are plain keys). */
export type FieldMap = ReadonlyMap<string, FieldRule>

interface Cache {
  byApp: Map<string, FieldMap>
  select: { all(values: { appId: string }): Array<typeof fields.$inferSelect> }
}

const caches = new WeakMap<AppContext, Cache>()

function cacheOf(ctx: AppContext): Cache {
  let cache = caches.get(ctx)
  if (!cache) {
    const byApp = new Map<string, FieldMap>()
    ctx.changes.subscribe((appId, kind) => {
      if (kind === 'fields' || kind === 'app' || kind === 'deleted') byApp.delete(appId)
    })
    const select = ctx.store.db.select().from(fields).where(eq(fields.appId, sql.placeholder('appId'))).orderBy(asc(fields.position)).prepare()
    cache = { byApp, select }
    caches.set(ctx, cache)
  }
  return cache
}

/** The app's fields by name, in position order (a cache hit answers at once). */
export async function fieldsOf(ctx: AppContext, appId: string): Promise<FieldMap> {
  const cache = cacheOf(ctx)
  let map = cache.byApp.get(appId)
  if (!map) {
    const loaded = new Map<string, FieldRule>()
    for (const row of cache.select.all({ appId })) {
      loaded.set(row.name, {
        name: row.name,
        type: row.type as FieldType,
        required: row.required,
        options: row.options === null ? null : (JSON.parse(row.options) as string[]),
        autoCreated: row.autoCreated,
      })
    }
    map = loaded
    cache.byApp.set(appId, map)
  }
  return map
}
