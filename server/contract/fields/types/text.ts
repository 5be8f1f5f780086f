/** @module Field type `text`: one line of text; `""` from a form is kept as an answer. */
import { describeValue, defineFieldType, keepText, oneText } from './spec.ts'

/** The check of the text types (text, longtext). */
export const checkText = (value: unknown): string | null =>
  typeof value === 'string' ? null : `must be text, got ${describeValue(value)}`

/** What a respondent is told about the text types (text, longtext): a repeated name sends several answers. */
export const TEXT_WORDS = { missing: 'Enter an answer', invalid: 'Enter one answer' }

/** A preview answer for a text field: a name, or a sample naming the question. */
export const sampleText = (field: { name: string; label: string | null }): string =>
  field.name === 'name' ? 'Sam' : `Sample ${field.label || field.name}`

export const text = defineFieldType({
  name: 'text',
  label: 'Short text',
  description: 'a line of text',
  hasOptions: false,
  check: checkText,
  form: { keepsEmpty: true, multiple: false, coerce: keepText, texts: oneText },
  respondent: TEXT_WORDS,
  example: () => 'Hello',
  previewAnswer: sampleText,
  control: { kind: 'input', type: 'text' },
  summary: 'values',
  identifying: false,
  scoring: null,
})
