/**
 * @module The data columns of an export: the union of keys, in field order. Defined,
 * auto-created and proposed fields come first by position, then the catalogued unlisted
 * keys, then keys that are no longer fields (a removed field's values stay in its records)
 * as the aggregates kept at ingest know them, so no pass over the records is needed before
 * streaming starts. The columns are bounded (MAX_DATA_COLUMNS); when an app may hold keys
 * past them (more keys than columns, a full catalogue of unlisted keys, or values the
 * aggregates did not count because their key was known to the app in no way) a last JSON
 * column, OTHER_KEYS_COLUMN, holds every other key of each record, so no value is missing.
 */
import type { AppContext } from '../context.ts'
import { LIMITS } from '../../contract/limits.ts'
import { fieldRowsOf } from '../fields/view.ts'
import { aggregateKeys } from './aggregate-keys.ts'

/** The most data columns of a CSV export: every field, proposal and catalogued unlisted key fits. */
export const MAX_DATA_COLUMNS = LIMITS.maxFields + LIMITS.maxProposedFields + LIMITS.maxUnlistedKeys
/** The header of the JSON column holding a record's keys that have no column of their own. */
export const OTHER_KEYS_COLUMN = 'other keys'

/** The data columns of an export, and whether it needs the JSON column of other keys. */
export interface ExportColumns {
  keys: string[]
  otherKeys: boolean
}

/** Names of the fixed columns around the data columns. */
export const LEADING_COLUMNS = ['id', 'createdAt'] as const
/** After the leading columns when an export includes spam: `true` on spam rows, `false` on the others. */
export const SPAM_COLUMN = 'spam'
export const TRAILING_COLUMNS = ['meta.source', 'meta.timestamp'] as const

/** Data columns of `appId` in export order. */
export async function exportKeys(ctx: AppContext, appId: string): Promise<ExportColumns> {
  const keys = (await fieldRowsOf(ctx, appId)).map((field) => field.name)
  const seen = new Set(keys)
  const catalogue = await ctx.storage.unlisted.list(appId)
  let otherKeys = catalogue.length >= LIMITS.maxUnlistedKeys
  const add = (key: string) => {
    if (seen.has(key)) return
    if (keys.length >= MAX_DATA_COLUMNS) {
      otherKeys = true
      return
    }
    seen.add(key)
    keys.push(key)
  }
  for (const key of catalogue) add(key.name)
  const held = await aggregateKeys(ctx, appId)
  for (const key of held.keys) add(key)
  // Values of keys the aggregates did not count (past the catalogue) go to the JSON column.
  return { keys, otherKeys: otherKeys || held.uncounted }
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
