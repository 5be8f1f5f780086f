/** @module Field type `longtext`: text of several lines, a `<textarea>` on forms; line breaks are kept as sent. */
import { checkText, sampleText, TEXT_WORDS } from './text.ts'
import { defineFieldType, keepText, oneText } from './spec.ts'

export const longtext = defineFieldType({
  name: 'longtext',
  label: 'Long text',
  description: 'text of several lines (a text area on forms; line breaks are kept)',
  hasOptions: false,
  check: checkText,
  form: { keepsEmpty: true, multiple: false, coerce: keepText, texts: oneText },
  respondent: TEXT_WORDS,
  example: () => 'Hello,\nseveral lines are fine here.',
  previewAnswer: sampleText,
  control: { kind: 'textarea', json: false },
  summary: 'values',
  identifying: false,
  scoring: null,
})
