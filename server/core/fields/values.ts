/**
 * @module Values against field types (docs/design.md rules 8–9): the check a defined field applies
 * to a submitted value, the type an auto-created field gets from its first value, and the
 * coercion of /form strings (contract/fields/coerce.ts). What each type accepts is its spec's (types/); this module
 * adds what is the same for every type: missing values, `required`, auto-created fields.
 */
import { fieldTypeSpec, type FieldType } from '../../contract/fields/types/index.ts'
import type { FileOptions } from '../../contract/files/model.ts'
import type { TypeSettings } from '../../contract/fields/type-settings.ts'
import type { FieldRules } from '../../contract/fields/rules.ts'
import { ruleProblem } from '../../contract/fields/rule-check.ts'
import type { ShowIf } from '../../contract/fields/show-if.ts'

export { isIsoDate } from '../../contract/fields/types/date.ts'

/** What a value check needs to know about a field; its type's own settings (a rating's `max`) at the top level. */
export interface FieldRule extends TypeSettings {
  name: string
  type: FieldType
  /** The label the form shows (a consent stores it with the answer as the text agreed to). */
  label?: string
  required: boolean
  options: readonly string[] | null
  /** Auto-created fields keep their inferred type as a hint; their values are not checked. */
  autoCreated: boolean
  /** Waiting for the owner's acceptance (made by an anonymous submission): values are not checked, and it is on no public form. */
  proposed?: boolean
  /** A file field's options as stored (missing keys take their defaults). */
  file?: Partial<FileOptions> | null
  /** What an answer must also meet beyond its type (contract/fields/rules.ts). */
  rules?: FieldRules
  /** Never shown on the form, filled from the link: a bad value is dropped instead of refused. */
  hidden?: boolean
  /** Asked only when earlier answers meet this (contract/fields/show-if.ts): otherwise its answer is dropped. */
  showIf?: ShowIf | null
  /** The page of the form it starts or is on, when set (contract/fields/page-check.ts). */
  page?: number
  /** The languages the field's texts are translated into (its `translations`' tags): each is one the form offers. */
  languages?: string[]
}

/** A value that counts as "not given": absent, null or the empty string. */
export const isMissing = (value: unknown): boolean => value === undefined || value === null || value === ''

/** Why `value` does not fit the defined field, or null when it does (missing values fit; `required` is separate). */
export function checkValue(field: FieldRule, value: unknown): string | null {
  if (isMissing(value)) return null
  return fieldTypeSpec(field.type).check(value, field.options, field) ?? ruleProblem(field.rules, value)
}

/** An accepted value of a defined field as it is stored (its type's `store`: a consent keeps the text agreed to). */
export function valueAsStored(field: FieldRule, value: unknown): unknown {
  const store = fieldTypeSpec(field.type).store
  return store && !isMissing(value) ? store(value, field) : value
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

// The coercion of form text lives in the contract, where the admin page and svc-cli read it too.
export { coerceAutoText, coerceFormValues } from '../../contract/fields/coerce.ts'
