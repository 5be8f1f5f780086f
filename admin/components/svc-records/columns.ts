/**
 * @module The records table's columns: the app's fields in their order, then any other
 * keys seen on the current page (values of removed fields stay in records). A column reads
 * as the field's label, with its name as secondary text where the two differ.
 */
import type { Field, SvcRecord } from '../../api.ts'
import { cellText, fieldLabel, truncate } from '../../format.ts'
import { fieldTypeSpec, type FieldType } from '../../../server/contract/fields/types/index.ts'
import { formText } from '../../../server/contract/fields/types/spec.ts'
import { isConsentAnswer } from '../../../server/contract/fields/types/consent.ts'

export interface Column {
  /** The data key. */
  name: string
  /** What the owner reads: the field's label, or the name when it has none (or is no field). */
  label: string
  /** The field, or null for a key that is not a field of the app (a removed field's values). */
  field: Field | null
}

/** Union of fields (in field order) and the keys present in `records`. */
export function columnsOf(fields: Field[], records: SvcRecord[]): Column[] {
  const columns: Column[] = fields.map((field) => ({ name: field.name, label: fieldLabel(field), field }))
  const seen = new Set(columns.map((c) => c.name))
  for (const record of records) {
    for (const key of Object.keys(record.data)) {
      if (!seen.has(key)) {
        seen.add(key)
        columns.push({ name: key, label: key, field: null })
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
export function recordValue(record: SvcRecord, key: string): unknown {
  return Object.hasOwn(record.data, key) ? record.data[key] : undefined
}

/**
 * The name of a record's open button: the short id it shows (so speech input can say what
 * is seen), when it came in, and its first answer, e.g. "Open record 95fb0ee4, 25 Nov
 * 2026, 13:02, ada@example.com".
 */
export function openLabel(record: SvcRecord, columns: Column[], when: string): string {
  const first = columns.map((c) => recordValue(record, c.name)).find((v) => v !== undefined && v !== null && v !== '')
  const answer = first === undefined ? '' : `, ${truncate(cellText(first), 60)}`
  return `Open record ${record.id.slice(-8)}, ${when}${answer}`
}

/** A picked choice by the label its control shows (a boolean's Yes or No), else the value as it is. */
function choiceLabel(field: Field | null, value: unknown): unknown {
  if (!field) return value
  const control = fieldTypeSpec(field.type as FieldType).control
  if (control.kind !== 'choices') return value
  const text = formText(value)
  return control.choices(field.options, field).find((choice) => choice.value === text)?.label ?? value
}

const isPlain = (value: unknown) => value === null || typeof value !== 'object'

/**
 * A value as the owner reads it: a choice by its label (Yes or No for a boolean), a list of
 * plain values as its items joined by commas ("news, events"), a consent as "Agreed: " and
 * the text agreed to; anything else as it is.
 */
export function readableValue(field: Field | null, value: unknown): unknown {
  if (isConsentAnswer(value)) return `Agreed: ${value.text}`
  if (Array.isArray(value) && value.length > 0 && value.every(isPlain))
    return value.map((item) => cellText(choiceLabel(field, item))).join(', ')
  return typeof value === 'boolean' || typeof value === 'string' ? choiceLabel(field, value) : value
}
