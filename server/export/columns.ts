/**
 * @module The data columns of an export: the union of keys, in field order. Defined,
 * auto-created and proposed fields come first by position, then the catalogued unlisted
 * keys: the keys the app knows (core/stats/counted.ts). The columns are bounded
 * (MAX_DATA_COLUMNS). When the records may hold other keys — a full catalogue, values the
 * summary aggregates kept at ingest did not count (a key past the catalogue), or a key they
 * counted that the app no longer knows (a removed field's values stay in its records) — a
 * last JSON column, OTHER_KEYS_COLUMN, holds every other key of each record, so no value is
 * missing; the aggregates tell, so no pass over the records is needed before streaming.
 */
import type { AppContext } from '../core/context.ts'
import { LIMITS, SUMMARY_KEYS } from '../contract/limits.ts'
import { fieldRowsOf } from '../core/fields/view.ts'
import { aggregateKeys } from './aggregate-keys.ts'
import { fieldTypeSpec, type FieldType } from '../contract/fields/types/index.ts'

/** The most data columns of a CSV export: every field, proposal and catalogued unlisted key fits. */
export const MAX_DATA_COLUMNS = SUMMARY_KEYS
/** The header of the JSON column holding a record's keys that have no column of their own. */
export const OTHER_KEYS_COLUMN = 'other keys'

/** The data columns of an export, and whether it needs the JSON column of other keys. */
export interface ExportColumns {
  keys: string[]
  otherKeys: boolean
  /** The keys of the app's file fields, whose cells list their files (file-cells.ts). */
  fileKeys: Set<string>
  /** The keys of fields whose type writes its own cell text (its spec's `csvText`: a consent's text agreed to). */
  cellTexts: Map<string, CellText>
}

/** A type's text for a stored value's cell, or undefined for the value's own. */
export type CellText = (value: unknown) => string | undefined

/** Names of the fixed columns around the data columns. */
export const LEADING_COLUMNS = ['id', 'createdAt'] as const
/** After the leading columns when an export includes spam: `true` on spam rows, `false` on the others. */
export const SPAM_COLUMN = 'spam'
export const TRAILING_COLUMNS = ['meta.source', 'meta.timestamp'] as const

/** Data columns of `appId` in export order. */
export async function exportKeys(ctx: AppContext, appId: string): Promise<ExportColumns> {
  const fields = await fieldRowsOf(ctx, appId)
  const keys = fields.map((field) => field.name)
  const fileKeys = new Set(fields.filter((field) => field.type === 'file').map((field) => field.name))
  const cellTexts = new Map<string, CellText>()
  for (const field of fields) {
    const csvText = fieldTypeSpec(field.type as FieldType).csvText
    if (csvText) cellTexts.set(field.name, csvText)
  }
  const seen = new Set(keys)
  const catalogue = await ctx.storage.unlisted.list(appId)
  let otherKeys = catalogue.length >= LIMITS.maxUnlistedKeys
  for (const { name } of catalogue) {
    if (seen.has(name)) continue
    if (keys.length >= MAX_DATA_COLUMNS) {
      otherKeys = true
      continue
    }
    seen.add(name)
    keys.push(name)
  }
  // Values of keys the app no longer knows, or never catalogued, go to the JSON column.
  const held = await aggregateKeys(ctx, appId)
  if (held.uncounted || held.keys.some((key) => !seen.has(key))) otherKeys = true
  return { keys, otherKeys, fileKeys, cellTexts }
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
