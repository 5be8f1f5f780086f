/**
 * @module A record's values as the editor's controls hold them, and back: each field's
 * value as form text (its type's `form.texts`), the texts read as the server's /form reads
 * them (contract/fields/coerce.ts; a JSON field's text parsed as JSON), and the fields whose
 * text changed, which are all an edit sends (an untouched field is never rewritten).
 */
import type { Field, SvcRecord } from '../../api.ts'
import { coerceFormValues } from '../../../server/contract/fields/coerce.ts'
import { fieldTypeSpec, type FieldType } from '../../../server/contract/fields/types/index.ts'
import { UnreadJsonText } from '../../../server/contract/fields/types/json.ts'
import { LIMITS } from '../../../server/contract/limits.ts'

const isJson = (field: Field) => {
  const control = fieldTypeSpec(field.type as FieldType).control
  return control.kind === 'textarea' && control.json
}

/** The texts a field's control starts with for `value` (none for a missing value). */
export function textsOf(field: Field, value: unknown): string[] {
  if (value === undefined || value === null) return []
  if (isJson(field)) return [JSON.stringify(value, null, 2)]
  return fieldTypeSpec(field.type as FieldType).form.texts(value)
}

/** The record's value of `name`, or undefined when it has none (never a prototype member). */
export const storedValue = (record: SvcRecord, name: string): unknown =>
  Object.hasOwn(record.data, name) ? record.data[name] : undefined

/** The value `texts` stand for (null: remove the field), or why they are not one. */
export function valueOfTexts(field: Field, texts: string[]): { value: unknown } | { problem: string } {
  if (isJson(field)) {
    // Any field shown as JSON (an auto-created one too) is read as the json type reads a form's text.
    const text = texts[0] ?? ''
    if (text.trim() === '') return { value: null }
    const value = fieldTypeSpec('json').form.coerce(text, LIMITS)
    return value instanceof UnreadJsonText
      ? { problem: 'Enter JSON, like {"key": "value"}, ["a", "b"] or "text" in quotes' }
      : { value }
  }
  const value = coerceFormValues(
    { type: field.type as FieldType, autoCreated: field.autoCreated, proposed: field.proposed },
    texts,
    LIMITS,
  )
  return { value: value === undefined ? null : value }
}

const sameTexts = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((text, i) => text === b[i])

/**
 * The edit to send: the values of the fields whose texts differ from the record's, and
 * the fields whose text is not a value (a JSON field holding broken JSON), by name.
 */
export function changedValues(
  fields: readonly Field[],
  record: SvcRecord,
  texts: ReadonlyMap<string, string[]>,
): { data: Record<string, unknown>; problems: Map<string, string> } {
  const data: Record<string, unknown> = Object.create(null)
  const problems = new Map<string, string>()
  for (const field of fields) {
    const edited = texts.get(field.name)
    if (!edited || sameTexts(edited, textsOf(field, storedValue(record, field.name)))) continue
    const read = valueOfTexts(field, edited)
    if ('problem' in read) problems.set(field.name, read.problem)
    else data[field.name] = read.value
  }
  return { data, problems }
}
