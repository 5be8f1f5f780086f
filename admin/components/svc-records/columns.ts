/**
 * @module The records table's columns: the app's fields in their order, then any other
 * keys seen on the current page (values of removed fields stay in records).
 */
import type { Field, SvcRecord } from '../../api.ts'
import { cellText, truncate } from '../../format.ts'

export interface Column {
  name: string
  /** The field's type, or null for a key that is not a defined field. */
  type: string | null
}

/** Union of fields (in field order) and the keys present in `records`. */
export function columnsOf(fields: Field[], records: SvcRecord[]): Column[] {
  const columns: Column[] = fields.map((f) => ({ name: f.name, type: f.type }))
  const seen = new Set(columns.map((c) => c.name))
  for (const record of records) {
    for (const key of Object.keys(record.data)) {
      if (!seen.has(key)) {
        seen.add(key)
        columns.push({ name: key, type: null })
      }
    }
  }
  return columns
}

/** The scales (keys) scored on the current page, in first-seen order: a score and level column each. */
export function scoreColumnsOf(records: SvcRecord[]): string[] {
  const keys = new Set<string>()
  for (const record of records) for (const key of Object.keys(record.scores ?? {})) keys.add(key)
  return [...keys]
}

/** A record's score on `scale` as the table shows it: "7 · Good", the score alone, or "" when unscored. */
export function scoreText(record: SvcRecord, scale: string): string {
  const scored = record.scores && Object.hasOwn(record.scores, scale) ? record.scores[scale] : undefined
  if (!scored || scored.score === null) return ''
  return (scored.levelLabel ?? scored.level)
    ? `${scored.score} · ${scored.levelLabel ?? scored.level}`
    : String(scored.score)
}

/** The value of `key`, or undefined when the record lacks it (never a prototype member). */
export function valueOf(record: SvcRecord, key: string): unknown {
  return Object.hasOwn(record.data, key) ? record.data[key] : undefined
}

/**
 * The name of a record's open button: the short id it shows (so speech input can say what
 * is seen), when it came in, and its first answer, e.g. "Open record 95fb0ee4, 25 Nov
 * 2026, 13:02, ada@example.com".
 */
export function openLabel(record: SvcRecord, columns: Column[], when: string): string {
  const first = columns.map((c) => valueOf(record, c.name)).find((v) => v !== undefined && v !== null && v !== '')
  const answer = first === undefined ? '' : `, ${truncate(cellText(first), 60)}`
  return `Open record ${record.id.slice(-8)}, ${when}${answer}`
}
