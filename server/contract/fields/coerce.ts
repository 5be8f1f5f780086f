/**
 * @module Form text as values (docs/design.md rule 9): how the strings an HTML form posts
 * for a field become its value, by the field's type (its spec's `form`), and the canonical
 * decimals an auto-created field turns into numbers. Pure, so the server's /form, the
 * admin's record editor and `svc-cli share edit --set` read text the same way.
 */
import { inexactNumber } from './numbers.ts'
import { fieldTypeSpec, type FieldType } from './types/index.ts'
import type { FormLimits } from './types/spec.ts'

/** What coercion needs to know of a field: its type, and whether it was auto-created or proposed (its type only a hint). */
export interface CoercedField {
  type: FieldType
  autoCreated: boolean
  proposed?: boolean
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
export function coerceFormValues(field: CoercedField | undefined, texts: string[], limits: FormLimits): unknown {
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
