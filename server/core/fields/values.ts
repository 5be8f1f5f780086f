/**
 * @module Values against field types (DESIGN rules 8–9): the check a defined field applies
 * to a submitted value, the type an auto-created field gets from its first value, and the
 * coercion of /form strings.
 */
import type { FieldType } from '../limits.ts'
import { inexactNumber } from './numbers.ts'

/** What a value check needs to know about a field. */
export interface FieldRule {
  name: string
  type: FieldType
  required: boolean
  options: readonly string[] | null
  /** Auto-created fields keep their inferred type as a hint; their values are not checked. */
  autoCreated: boolean
}

/** A value that counts as "not given": absent, null or the empty string. */
export const isMissing = (value: unknown): boolean => value === undefined || value === null || value === ''

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/
// Deliberately loose (what browsers' type=email accept): one @, no spaces, a dot in the domain.
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/

/** True for an ISO 8601 date (`2026-01-31`) or date-time with a real calendar date. */
export function isIsoDate(text: string): boolean {
  const match = DATE.exec(text)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false
  if (match[4] !== undefined && (Number(match[4]) > 23 || Number(match[5]) > 59 || Number(match[6] ?? 0) > 59)) return false
  return true
}

const describe = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : typeof value === 'string' ? `string ${JSON.stringify(value)}` : `${typeof value} ${String(value)}`

/** Why `value` does not fit the defined field, or null when it does (missing values fit; `required` is separate). */
export function checkValue(field: FieldRule, value: unknown): string | null {
  if (isMissing(value)) return null
  const options = field.options
  switch (field.type) {
    case 'text':
    case 'longtext':
      return typeof value === 'string' ? null : `must be text, got ${describe(value)}`
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : `must be a number, got ${describe(value)}`
    case 'boolean':
      return typeof value === 'boolean' ? null : `must be true or false, got ${describe(value)}`
    case 'choice':
      if (typeof value !== 'string') return `must be one of the options as text, got ${describe(value)}`
      return options && !options.includes(value) ? `must be one of ${options.map((o) => JSON.stringify(o)).join(', ')}, got ${JSON.stringify(value)}` : null
    case 'multichoice': {
      if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) return `must be an array of option texts, got ${describe(value)}`
      const unknown = options ? value.filter((item) => !options.includes(item)) : []
      return unknown.length ? `${unknown.map((o) => JSON.stringify(o)).join(', ')} ${unknown.length === 1 ? 'is not an option' : 'are not options'}; options are ${options!.map((o) => JSON.stringify(o)).join(', ')}` : null
    }
    case 'date':
      return typeof value === 'string' && isIsoDate(value) ? null : `must be an ISO 8601 date like "2026-01-31" or "2026-01-31T09:30:00Z", got ${describe(value)}`
    case 'email':
      return typeof value === 'string' && EMAIL.test(value) ? null : `must be an e-mail address, got ${describe(value)}`
    case 'json':
      return null
  }
}

/** Why a required field is not satisfied, or null. An empty multichoice counts as missing. */
export function checkRequired(field: FieldRule, value: unknown): string | null {
  if (!field.required) return null
  if (isMissing(value) || (Array.isArray(value) && value.length === 0)) return 'is required'
  return null
}

/**
 * The type an auto-created field gets from its first value: text, number, boolean, or
 * json for arrays, objects and null (no guessing of dates, e-mails or choices from text).
 */
export function inferType(value: unknown): FieldType {
  if (typeof value === 'string') return 'text'
  if (typeof value === 'number') return 'number'
  if (typeof value === 'boolean') return 'boolean'
  return 'json'
}

// Canonical decimal (rule 9): optional minus, no leading zeros, optional fraction, no exponent or plus.
const CANONICAL_DECIMAL = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/
const NUMBER_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/
const TRUE_TEXTS = new Set(['true', 'on', 'yes', '1'])
const FALSE_TEXTS = new Set(['false', 'off', 'no', '0'])

/** A /form string for an auto-created (or new) field: canonical decimals become numbers when exact. */
export function coerceAutoText(text: string): string | number {
  if (!CANONICAL_DECIMAL.test(text)) return text
  const number = Number(text)
  // Digits a number would round away (or a value that would become 0) stay text, as in JSON they are refused.
  return inexactNumber(text, number) ? text : number
}

/** One /form string for a defined field: the field's type decides; unreadable text stays text so the check reports it. */
function coerceDefinedText(type: FieldType, text: string): unknown {
  const trimmed = text.trim()
  if (type === 'number' && NUMBER_TEXT.test(trimmed)) {
    const number = Number(trimmed)
    if (!inexactNumber(trimmed, number)) return number
  }
  if (type === 'boolean') {
    const lower = trimmed.toLowerCase()
    if (TRUE_TEXTS.has(lower)) return true
    if (FALSE_TEXTS.has(lower)) return false
  }
  return text
}

/**
 * The value of a /form field from its submitted strings (one per occurrence of the name).
 * Multichoice fields always become arrays, other repeated names too; for typed fields an
 * empty string means "not given" and is left out (undefined), for text and auto fields it
 * is kept as `""`.
 */
export function coerceFormValues(field: FieldRule | undefined, texts: string[]): unknown {
  if (!field || field.autoCreated) {
    const values = texts.map(coerceAutoText)
    return values.length === 1 ? values[0] : values
  }
  const keepsEmpty = field.type === 'text' || field.type === 'longtext' || field.type === 'json'
  const given = keepsEmpty ? texts : texts.filter((text) => text !== '')
  if (field.type === 'multichoice') return given
  if (given.length === 0) return undefined
  const values = given.map((text) => coerceDefinedText(field.type, text))
  return values.length === 1 ? values[0] : values
}
