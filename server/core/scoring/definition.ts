/**
 * @module Loads an app's scoring definition (its scales with items resolved to current
 * field names); the write path takes it from the per-process cache (cache.ts).
 */
import type { AppContext } from '../context.ts'
import { fieldRowsOf } from '../fields/view.ts'
import type { FieldType } from '../../contract/fields/types/index.ts'
import { itemFitsType } from '../../contract/scales/model.ts'
import { scaleRecordsOf } from '../scales/store.ts'
import { scoringItem, type ScoringDefinition } from '../../contract/scoring/score.ts'

/** Reads the definition from the storage (no cache). Items whose field is gone or changed type are left out. */
export async function readScoringDefinition(ctx: AppContext, appId: string): Promise<ScoringDefinition> {
  const [fields, scales] = await Promise.all([fieldRowsOf(ctx, appId), scaleRecordsOf(ctx, appId)])
  return {
    appId,
    scales: scales.map((scale) => ({
      key: scale.key,
      name: scale.name,
      method: scale.method,
      levels: scale.levels,
      items: scale.items.flatMap((item) => {
        const field = fields.find((f) => f.id === item.fieldId)
        const type = field?.type as FieldType | undefined
        if (!field || !type || !itemFitsType(item, type)) return []
        return [
          scoringItem({
            field: field.name,
            type,
            weight: item.weight,
            reverse: item.reverse,
            scores: item.scores,
            min: item.min,
            max: item.max,
          }),
        ]
      }),
    })),
  }
}

/** The app's scoring definition, kept per process until a change to the app is announced (a kept one answers at once). */
export function loadScoringDefinition(ctx: AppContext, appId: string): Promise<ScoringDefinition> {
  return ctx.caches.scoring.get(appId, () => readScoringDefinition(ctx, appId))
}
