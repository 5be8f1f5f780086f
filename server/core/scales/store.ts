/**
 * @module Reading scales: the rows of an app in order, lookup by id or key, and the
 * `Scale` the API shows (with its possible range and what still keeps it from scoring).
 */
import type { Scale, ScaleItemView } from '../../contract/api/scales.ts'
import type { AppContext } from '../context.ts'
import type { ScaleRow } from '../../db/storage/scales.ts'
import { notFound } from '../../contract/errors.ts'
import type { FieldRow } from '../fields/view.ts'
import type { FieldType } from '../../contract/fields/types/index.ts'
import { rangeOf, scaleHealth } from './check.ts'
import { sortLevels, type Level, type ScaleMethod, type StoredItem } from '../../contract/scales/model.ts'

/** A scale row with its JSON columns parsed. */
export interface ScaleRecord extends Omit<ScaleRow, 'items' | 'levels' | 'method'> {
  method: ScaleMethod
  items: StoredItem[]
  levels: Level[]
}

/** The API view of a scale and its items: the contract's answer shapes (server/contract/api/scales.ts). */
export type { Scale, ScaleItemView }

/** Parses a stored row. */
export function toRecord(row: ScaleRow): ScaleRecord {
  return {
    ...row,
    method: row.method as ScaleMethod,
    items: JSON.parse(row.items) as StoredItem[],
    levels: sortLevels(JSON.parse(row.levels) as Level[]),
  }
}

/** An app's scales in position order (no ownership check: for callers that did one). */
export async function scaleRecordsOf(ctx: AppContext, appId: string): Promise<ScaleRecord[]> {
  return (await ctx.storage.scales.listForApp(appId)).map(toRecord)
}

/** The scale of `appId` whose id or key is `ref`; 404 otherwise. */
export async function findScale(ctx: AppContext, appId: string, ref: string): Promise<ScaleRecord> {
  const row = await ctx.storage.scales.find(appId, ref)
  if (!row) throw notFound(`Scale ${JSON.stringify(ref)}`)
  return toRecord(row)
}

/** 404 for a scale that went away between being found and being written. */
export const scaleGone = (ref: string) => notFound(`Scale ${JSON.stringify(ref)}`)

const finiteOrNull = (value: number): number | null => (Number.isFinite(value) ? value : null)

/** The API view of a scale, given the app's fields. */
export function toScale(record: ScaleRecord, fields: readonly FieldRow[]): Scale {
  const range = rangeOf(record.method, record.items, fields)
  const problems = scaleHealth(record.method, record.items, record.levels, fields)
  return {
    id: record.id,
    key: record.key,
    name: record.name,
    description: record.description,
    method: record.method,
    items: record.items.map((item) => {
      const field = fields.find((f) => f.id === item.fieldId)
      return { field: field?.name ?? null, type: (field?.type as FieldType | undefined) ?? null, ...item }
    }),
    levels: record.levels,
    range: range && { min: finiteOrNull(range.min), max: finiteOrNull(range.max) },
    complete: problems.length === 0 && record.items.length > 0,
    problems,
    position: record.position,
    createdAt: new Date(record.createdAt).toISOString(),
    updatedAt: new Date(record.updatedAt).toISOString(),
  }
}
