/**
 * @module What an audit entry changed, as the Activity table shows it: each key whose value
 * differs between `before` and `after`, both sides as short text, and the filters of the row
 * above the table turned into the query the server takes.
 */
import type { AuditEntry, AuditQuery } from '../../api.ts'
import { cellText, truncate } from '../../format.ts'

/** Longest side of a change shown in the table; the whole value is in the cell's title. */
const SHOWN_CHARS = 48

/** One key an entry changed: its value before and after as text, `null` where the key was absent. */
export interface Change {
  key: string
  before: string | null
  after: string | null
}

type Settings = AuditEntry['before']

/** The value of `key` as text (an empty string shown as ""), or null when `settings` has no such key. */
function valueText(settings: Settings, key: string): string | null {
  if (!settings || !Object.hasOwn(settings, key)) return null
  const text = cellText(settings[key])
  return text === '' ? '""' : text
}

/** The keys whose value differs between `before` and `after` (a key on one side only counts), in the order they first appear. */
export function changesOf(before: Settings, after: Settings): Change[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
  return keys
    .map((key) => ({ key, before: valueText(before, key), after: valueText(after, key) }))
    .filter((change) => change.before !== change.after)
}

/** A side of a change cut to fit the table. */
export const shortValue = (text: string): string => truncate(text, SHOWN_CHARS)

/**
 * What the filter row holds, '' for any: who (an app's log), which app (the account's log),
 * which action, and the first day (`YYYY-MM-DD`, local).
 */
export interface AuditFilter {
  actor: string
  app: string
  action: string
  since: string
}

export const NO_FILTER: AuditFilter = { actor: '', app: '', action: '', since: '' }

/** The query for `filter` and the page after `cursor`; the day starts at local midnight. */
export function auditQuery(filter: AuditFilter, cursor?: string): AuditQuery {
  const since = filter.since ? new Date(`${filter.since}T00:00:00`) : null
  return {
    actor: filter.actor.trim() || undefined,
    app: filter.app || undefined,
    action: filter.action.trim() || undefined,
    since: since && !Number.isNaN(since.getTime()) ? since.toISOString() : undefined,
    cursor,
  }
}
