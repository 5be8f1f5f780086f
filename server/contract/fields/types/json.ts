/**
 * @module Field type `json`: any JSON value, unchecked. An HTML form can only send text, so
 * from a form the field's type reads the text as JSON (docs/design.md rule 9): `{"a": 1}`
 * is stored as the object, `42` as the number. Text that is not JSON, nested deeper than the
 * server allows, or holding a number a double cannot hold exactly, is refused by the check
 * (the fill-in page checks the JSON before sending too).
 */
import { scanJsonText } from '../../json-text.ts'
import { defineFieldType, describeValue, type FormLimits } from './spec.ts'

/** Form text a json field could not read as JSON, kept so the check can say why (it never passes the check, so it is never stored). */
export class UnreadJsonText {
  constructor(
    readonly text: string,
    readonly reason: string,
  ) {}
}

/** The JSON value of a form's text; an UnreadJsonText when it is not JSON the server takes. Blank text is kept as it is. */
function readJsonText(text: string, limits: FormLimits): unknown {
  if (text.trim() === '') return text
  // The value sits one level inside the record, whose nesting the limit counts.
  const depth = limits.maxDepth - 1
  const scan = scanJsonText(text, depth)
  if (scan.tooDeep) return new UnreadJsonText(text, `nested more than ${depth} levels deep`)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return new UnreadJsonText(text, (error as Error).message)
  }
  return scan.inexact.empty ? value : new UnreadJsonText(text, scan.inexact.listed[0].message)
}

export const json = defineFieldType({
  name: 'json',
  label: 'JSON',
  description: "any JSON value (objects and arrays are kept as sent; from a form, the field's text is read as JSON)",
  hasOptions: false,
  check: (value) =>
    value instanceof UnreadJsonText
      ? `must be JSON such as {"key": "value"}, got ${describeValue(value.text)} (${value.reason})`
      : null,
  form: { keepsEmpty: true, multiple: false, coerce: readJsonText, texts: (value) => [JSON.stringify(value)] },
  respondent: { missing: 'Enter JSON, like {"key": "value"}', invalid: 'Enter valid JSON, like {"key": "value"}' },
  example: () => ({ any: ['nested', 'value'] }),
  previewAnswer: () => undefined,
  control: { kind: 'textarea', json: true },
  summary: null,
  identifying: false,
  scoring: null,
})
