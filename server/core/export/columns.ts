/**
 * @module The data columns of an export: the union of keys, in field order. Defined and
 * auto-created fields come first by position, then keys that are no longer fields (a
 * removed field's values stay in its records) as the aggregates kept at ingest know them,
 * so no pass over the records is needed before streaming starts.
 */
import type { AppContext } from '../context.ts'
import { fieldRowsOf } from '../fields/view.ts'
import { aggregateKeys } from './aggregate-keys.ts'

/** Names of the fixed columns around the data columns. */
export const LEADING_COLUMNS = ['id', 'createdAt'] as const
/** After the leading columns when an export includes spam: `true` on spam rows, `false` on the others. */
export const SPAM_COLUMN = 'spam'
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

/**
 * The headers of the data columns `keys`, unique among themselves and the `fixed` columns
 * around them: a key is its own header; a key named like a fixed column is `data.<key>`;
 * a header already taken gets ` (2)`, ` (3)`… in column order. So `id` and `data.id` in
 * one app read `data.id` and `data.id (2)`.
 */
export function dataHeaders(keys: readonly string[], fixed: readonly string[]): string[] {
  const reserved = new Set(fixed)
  const taken = new Set(fixed)
  return keys.map((key) => {
    const wanted = reserved.has(key) ? `data.${key}` : key
    let header = wanted
    for (let n = 2; taken.has(header); n++) header = `${wanted} (${n})`
    taken.add(header)
    return header
  })
}
