/**
 * @module The fields of an app as the ingest path needs them, cached in memory per app
 * (`ctx.caches.fields`) and dropped whenever the change feed says the app, its fields or its
 * existence changed (on PostgreSQL, in any process). The cache only speeds up checking a
 * submission: the field limit is counted again under the app's lock when records commit.
 */
import type { AppContext } from '../context.ts'
import { fieldRowsOf } from '../fields/view.ts'
import type { FieldRule } from '../fields/values.ts'
import type { FieldType } from '../../contract/fields/types/index.ts'
import type { FieldCache, FieldMap } from './field-cache-types.ts'
import { storedTypeSettings } from '../fields/type-settings.ts'
import { formChecks } from '../fields/form-settings.ts'

/** The field cache of `ctx`. */
export function createFieldCache(ctx: AppContext): FieldCache {
  const byApp = new Map<string, FieldMap>()
  /** Bumped on every drop, so a load that raced with a change does not keep its stale answer. */
  let version = 0
  ctx.changes.subscribe((appId, kind) => {
    if (kind !== 'fields' && kind !== 'app' && kind !== 'deleted') return
    version++
    if (appId === '*') byApp.clear()
    else byApp.delete(appId)
  })
  return {
    async of(appId) {
      const cached = byApp.get(appId)
      if (cached) return cached
      const seen = version
      const loaded = new Map<string, FieldRule>()
      for (const row of await fieldRowsOf(ctx, appId)) {
        loaded.set(row.name, {
          name: row.name,
          type: row.type as FieldType,
          label: row.label,
          required: row.required,
          options: row.options === null ? null : (JSON.parse(row.options) as string[]),
          autoCreated: row.autoCreated,
          proposed: row.proposed,
          ...(row.type === 'file' ? { file: row.settings === null ? null : JSON.parse(row.settings) } : {}),
          ...storedTypeSettings(row.type as FieldType, row.settings),
          ...formChecks(row.form),
        })
      }
      if (seen === version) byApp.set(appId, loaded)
      return loaded
    },
  }
}

/** The app's fields by name, in position order (a cache hit answers at once). */
export const fieldsOf = (ctx: AppContext, appId: string): Promise<FieldMap> => ctx.caches.fields.of(appId)
