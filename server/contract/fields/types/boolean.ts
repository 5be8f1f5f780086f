/**
 * @module Field type `boolean`: true or false. On forms it is a pair of radio buttons, Yes
 * (posts `true`) and No (posts `false`): a native form then posts exactly one value, or none
 * when nothing is picked, so "no" and "no answer" stay apart and `required` means "answer
 * it", as the server checks it. (A lone checkbox posts nothing when unticked, and a
 * checkbox with a hidden "false" posts two values; a required checkbox could only be ticked.)
 * From a form, `true/on/yes/1` and `false/off/no/0` are read in any case.
 */
import { describeValue, defineFieldType, oneText } from './spec.ts'

const TRUE_TEXTS = new Set(['true', 'on', 'yes', '1'])
const FALSE_TEXTS = new Set(['false', 'off', 'no', '0'])

function coerceBoolean(text: string): unknown {
  const lower = text.trim().toLowerCase()
  if (TRUE_TEXTS.has(lower)) return true
  if (FALSE_TEXTS.has(lower)) return false
  return text
}

export const boolean = defineFieldType({
  name: 'boolean',
  label: 'Yes / no',
  description: 'true or false (from a form: true/on/yes/1 or false/off/no/0; forms show Yes and No)',
  hasOptions: false,
  check: (value) => (typeof value === 'boolean' ? null : `must be true or false, got ${describeValue(value)}`),
  form: { keepsEmpty: false, multiple: false, coerce: coerceBoolean, texts: oneText },
  respondent: { missing: 'Select Yes or No', invalid: 'Select Yes or No' },
  example: () => true,
  previewAnswer: () => true,
  control: {
    kind: 'choices',
    multiple: false,
    choices: () => [
      { value: 'true', label: 'Yes' },
      { value: 'false', label: 'No' },
    ],
  },
  summary: 'booleans',
  identifying: false,
  scoring: null,
})
