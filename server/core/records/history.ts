/**
 * @module A record's history of edits: each edit is kept as who made it, when, and each
 * field from what to what, newest first. It is bounded so that no record's answer grows
 * with its edits: a record keeps its newest `LIMITS.recordHistoryKept` edits (the store
 * drops older ones in the edit's transaction; `edits` still counts them all), an entry
 * lists at most `LIMITS.recordHistoryFields` fields (the rest are counted in `more`), and a
 * value whose JSON text is longer than `LIMITS.recordHistoryValueChars` is kept as that text
 * cut, ending in "…", and marked (`fromCut`, `toCut`). So a record's history is at most a few
 * hundred KiB, however often it is edited and however large its values.
 */
import type { FieldChange, RecordEdit } from '../../contract/api/records.ts'
import { cutText } from '../../contract/errors.ts'
import { LIMITS } from '../../contract/limits.ts'
import type { HistoryRow } from '../../db/storage/records.ts'
import type { AppContext } from '../context.ts'
import type { ValueChange } from './edit-values.ts'

/** What an entry stores beside who and when (the `changes` column's JSON). */
interface StoredChanges {
  changes: FieldChange[]
  more?: number
}

/** A value as history keeps it: whole, or its JSON text cut when that is too long. */
function kept(value: unknown): { value: unknown; cut: boolean } {
  const text = JSON.stringify(value)
  if (text.length <= LIMITS.recordHistoryValueChars) return { value, cut: false }
  return { value: cutText(text, LIMITS.recordHistoryValueChars), cut: true }
}

/** The history entry of `changes` as the store keeps it (JSON text), within the bounds above. */
export function changesText(changes: readonly ValueChange[]): string {
  const listed = changes.slice(0, LIMITS.recordHistoryFields).map((change) => {
    const entry: FieldChange = { field: change.field }
    if ('from' in change) {
      const from = kept(change.from)
      entry.from = from.value
      if (from.cut) entry.fromCut = true
    }
    if ('to' in change) {
      const to = kept(change.to)
      entry.to = to.value
      if (to.cut) entry.toCut = true
    }
    return entry
  })
  const stored: StoredChanges = { changes: listed }
  if (changes.length > listed.length) stored.more = changes.length - listed.length
  return JSON.stringify(stored)
}

/** An entry as the API shows it. */
function entryOf(row: HistoryRow): RecordEdit {
  const stored = JSON.parse(row.changes) as StoredChanges
  return {
    n: row.n,
    at: new Date(row.at).toISOString(),
    by: { id: row.userId, email: row.author },
    changes: stored.changes,
    ...(stored.more === undefined ? {} : { more: stored.more }),
  }
}

/** The record's kept edits, newest first, and how many it had in all. */
export async function recordHistory(
  ctx: AppContext,
  recordId: string,
): Promise<{ history: RecordEdit[]; edits: number }> {
  const { edits, entries } = await ctx.storage.records.history(recordId, LIMITS.recordHistoryKept)
  return { history: entries.map(entryOf), edits }
}
