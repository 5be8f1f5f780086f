/**
 * @module The data columns of an export: the union of keys, in field order. Defined and
 * auto-created fields come first by position, then keys that are no longer fields (a
 * removed field's values stay in its records) as the aggregates kept at ingest know them,
 * so no pass over the records is needed before streaming starts.
 */
import type { AppContext } from '../../context.ts'
import { fieldRowsOf } from '../fields/view.ts'
import { aggregateKeys } from './aggregate-keys.ts'

/** Names of the fixed columns around the data columns. */
export const LEADING_COLUMNS = ['id', 'createdAt'] as const
export const TRAILING_COLUMNS = ['meta.source', 'meta.timestamp'] as const

/** Data keys of `appId` in export order. */
export async function exportKeys(ctx: AppContext, appId: string): Promise<string[]> {
  const keys = (await fieldRowsOf(ctx, appId)).map((field) => field.name)
  const seen = new Set(keys)
  for (const key of await aggregateKeys(ctx, appId)) {
    if (!seen.has(key)) {
      seen.add(key)
      keys.push(key)
    }
  }
  return keys
}

const FIXED = new Set<string>([...LEADING_COLUMNS, ...TRAILING_COLUMNS])

/** The header of a data column: its key, or `data.<key>` when the key is a fixed column's name. */
export const headerOf = (key: string): string => (FIXED.has(key) ? `data.${key}` : key)
