/**
 * @module Values against field types (docs/design.md rules 8–9): the check a defined field applies
 * to a submitted value, the type an auto-created field gets from its first value, and the
 * coercion of /form strings. What each type accepts is its spec's (types/); this module
 * adds what is the same for every type: missing values, `required`, auto-created fields.
 */
import { fieldTypeSpec, type FieldType } from '../../contract/fields/types/index.ts'
import type { FormLimits } from '../../contract/fields/types/spec.ts'
import { inexactNumber } from '../../contract/fields/numbers.ts'

export { isIsoDate } from '../../contract/fields/types/date.ts'

/** What a value check needs to know about a field. */
export interface FieldRule {
  name: string
  type: FieldType
  required: boolean
  options: readonly string[] | null
  /** Auto-created fields keep their inferred type as a hint; their values are not checked. */
  autoCreated: boolean
  /** Waiting for the owner's acceptance (made by an anonymous submission): values are not checked, and it is on no public form. */
  proposed?: boolean
}

/** A value that counts as "not given": absent, null or the empty string. */
export const isMissing = (value: unknown): boolean => value === undefined || value === null || value === ''

/** Why `value` does not fit the defined field, or null when it does (missing values fit; `required` is separate). */
export function checkValue(field: FieldRule, value: unknown): string | null {
  if (isMissing(value)) return null
  return fieldTypeSpec(field.type).check(value, field.options)
}

/** The problem message of a required field left out (the hosted pages tell a respondent in their own words). */
export const REQUIRED_MESSAGE = 'is required'

/** Why a required field is not satisfied, or null. An empty multichoice counts as missing. */
export function checkRequired(field: FieldRule, value: unknown): string | null {
  if (!field.required) return null
  if (isMissing(value) || (Array.isArray(value) && value.length === 0)) return REQUIRED_MESSAGE
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

/** A /form string for an auto-created (or new) field: canonical decimals become numbers when exact. */
export function coerceAutoText(text: string): string | number {
  if (!CANONICAL_DECIMAL.test(text)) return text
  const number = Number(text)
  // Digits a number would round away (or a value that would become 0) stay text, as in JSON they are refused.
  return inexactNumber(text, number) ? text : number
}

/**
 * The value of a /form field from its submitted strings (one per occurrence of the name).
 * The field's type decides (its `form` spec): multichoice fields always become arrays,
 * other repeated names too; for typed fields an empty string means "not given" and is left
 * out (undefined), for text, longtext, json and auto fields it is kept as `""`.
 */
export function coerceFormValues(field: FieldRule | undefined, texts: string[], limits: FormLimits): unknown {
  // A proposed field's type is not settled yet (its values are not checked): its texts are read as a new field's.
  if (!field || field.autoCreated || field.proposed) {
    const values = texts.map(coerceAutoText)
    return values.length === 1 ? values[0] : values
  }
  const form = fieldTypeSpec(field.type).form
  const given = form.keepsEmpty ? texts : texts.filter((text) => text !== '')
  const coerce = (text: string) => form.coerce(text, limits)
  if (form.multiple) return given.map(coerce)
  if (given.length === 0) return undefined
  const values = given.map(coerce)
  return values.length === 1 ? values[0] : values
}
