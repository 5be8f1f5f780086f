/**
 * @module How audit entries read in a terminal: when, who, by which way in, from where,
 * what, on what, and a short "key: before → after" of what changed.
 */
import { table, type Style } from '../../output.ts'
import type { AuditEntry } from '../../../server/contract/api/audit.ts'

export type { AuditEntry }

/** A value of a change as long as this at most, and the whole change column. */
const VALUE_CHARS = 24
const CHANGE_CHARS = 72

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

/** A setting's value in a change: text as it is (empty as ""), anything else as compact JSON, absent or null as "-". */
const shown = (value: unknown) =>
  clip(
    value === undefined || value === null ? '-' : typeof value === 'string' ? value || '""' : JSON.stringify(value),
    VALUE_CHARS,
  )

/**
 * What an entry changed, shortly: `key: before → after` for each key that differs (only
 * `key: after` for something made, whose before is null), as many as fit, then "+N more".
 */
export function changeOf(entry: Pick<AuditEntry, 'before' | 'after'>): string | null {
  const { before, after } = entry
  if (!before && !after) return null
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
  const changed = keys.filter((key) => JSON.stringify(before?.[key]) !== JSON.stringify(after?.[key]))
  const parts = changed.map((key) =>
    before ? `${key}: ${shown(before[key])} → ${shown(after?.[key])}` : `${key}: ${shown(after?.[key])}`,
  )
  let text = ''
  for (const [index, part] of parts.entries()) {
    const next = text ? `${text}, ${part}` : part
    const rest = parts.length - index - 1
    // Room is kept for the "+N more" the parts left out need.
    if (text && next.length + (rest > 0 ? `, +${rest} more`.length : 0) > CHANGE_CHARS)
      return `${text}, +${parts.length - index} more`
    text = next
  }
  return text ? clip(text, CHANGE_CHARS) : null
}

/** The time of an entry to the second, in UTC as the server keeps it. */
const whenOf = (at: string) => at.replace(/\.\d+Z$/, 'Z')

/** The entries as a table, newest first as the API gives them; `empty` is what an empty log says. */
export const auditTable = (entries: AuditEntry[], empty: string) => (style: Style) =>
  table(
    style,
    entries,
    {
      when: (e) => whenOf(e.at),
      who: (e) => e.actor?.email,
      via: (e) => e.via,
      from: (e) => e.address,
      action: (e) => e.action,
      target: (e) => e.target,
      change: (e) => changeOf(e),
    },
    empty,
  )
