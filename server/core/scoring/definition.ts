/**
 * @module Loads an app's scoring definition (its scales with items resolved to current
 * field names) and keeps it per context until the app changes, so the write path can
 * score every submission without re-reading scales.
 */
import type { AppContext } from '../../context.ts'
import { fieldRowsOfSync } from '../fields/view.ts'
import type { FieldType } from '../limits.ts'
import { SCORABLE_TYPES } from '../scales/model.ts'
import { scaleRecordsOfSync } from '../scales/store.ts'
import { scoringItem, type ScoringDefinition } from './score.ts'

interface Cache {
  definitions: Map<string, ScoringDefinition>
}

const caches = new WeakMap<AppContext, Cache>()

function cacheOf(ctx: AppContext): Cache {
  let cache = caches.get(ctx)
  if (!cache) {
    const created: Cache = { definitions: new Map() }
    // Any change to an app (scales, fields, deletion) may change how it scores.
    ctx.changes.subscribe((appId) => created.definitions.delete(appId))
    caches.set(ctx, created)
    cache = created
  }
  return cache
}

/** Reads the definition from the database (no cache). Items whose field is gone or changed type are left out. */
export async function readScoringDefinition(ctx: AppContext, appId: string): Promise<ScoringDefinition> {
  return readScoringDefinitionSync(ctx, appId)
}

/** `readScoringDefinition` inside a synchronous SQLite write transaction. */
function readScoringDefinitionSync(ctx: AppContext, appId: string): ScoringDefinition {
  const fields = fieldRowsOfSync(ctx.store.db, appId)
  const scales = scaleRecordsOfSync(ctx, appId).map((scale) => ({
    key: scale.key,
    name: scale.name,
    method: scale.method,
    levels: scale.levels,
    items: scale.items.flatMap((item) => {
      const field = fields.find((f) => f.id === item.fieldId)
      const type = field?.type as FieldType | undefined
      if (!field || !type || !SCORABLE_TYPES.includes(type) || (type === 'number') !== (item.scores === null)) return []
      return [scoringItem({ field: field.name, type, weight: item.weight, reverse: item.reverse, scores: item.scores, min: item.min, max: item.max })]
    }),
  }))
  return { appId, scales }
}

/** The app's scoring definition, cached until `ctx.changes` reports a change to the app (a cache hit answers at once). */
export async function loadScoringDefinition(ctx: AppContext, appId: string): Promise<ScoringDefinition> {
  return loadScoringDefinitionSync(ctx, appId)
}

/** `loadScoringDefinition` inside a synchronous write transaction: the group-commit writer scores each record there. */
export function loadScoringDefinitionSync(ctx: AppContext, appId: string): ScoringDefinition {
  const cache = cacheOf(ctx)
  let definition = cache.definitions.get(appId)
  if (!definition) {
    definition = readScoringDefinitionSync(ctx, appId)
    cache.definitions.set(appId, definition)
  }
  return definition
}
