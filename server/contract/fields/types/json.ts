/**
 * @module Field type `json`: any JSON value, unchecked. An HTML form can only send text,
 * so a form post stores the text as it was typed (docs/design.md rule 9 converts numbers, booleans
 * and multichoice arrays only); the fill-in page checks that the text is JSON.
 */
import { defineFieldType, keepText, oneText } from './spec.ts'

export const json = defineFieldType({
  name: 'json',
  label: 'JSON',
  description: 'any JSON value (objects and arrays are kept as sent; a form sends the JSON as text)',
  hasOptions: false,
  check: () => null,
  form: { keepsEmpty: true, multiple: false, coerce: keepText, texts: oneText },
  example: () => ({ any: ['nested', 'value'] }),
  previewAnswer: () => undefined,
  control: { kind: 'textarea', json: true },
  summary: null,
  identifying: false,
  scoring: null,
})
