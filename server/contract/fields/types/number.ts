/**
 * @module Field type `number`: a finite JSON number. From a form, any decimal literal
 * (`1e3`, ` 7.5 `) becomes a number unless the number could not hold its digits
 * (numbers.ts); a scale scores the value itself, clamped to the item's bounds.
 */
import { inexactNumber } from '../numbers.ts'
import { describeValue, defineFieldType, oneText } from './spec.ts'

const NUMBER_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/
// What scoring reads from text stored in a number field before its type was set: plain decimals only.
const DECIMAL = /^-?(0|[1-9]\d*)(\.\d+)?$/

function coerceNumber(text: string): unknown {
  const trimmed = text.trim()
  if (!NUMBER_TEXT.test(trimmed)) return text
  const value = Number(trimmed)
  return inexactNumber(trimmed, value) ? text : value
}

function scoredNumber(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value
  if (typeof value === 'string' && DECIMAL.test(value.trim())) return Number(value.trim())
  return null
}

export const number = defineFieldType({
  name: 'number',
  label: 'Number',
  description: 'a number (JSON number; from a form, a decimal such as 7.5 or 1e3)',
  hasOptions: false,
  check: (value) =>
    typeof value === 'number' && Number.isFinite(value) ? null : `must be a number, got ${describeValue(value)}`,
  form: { keepsEmpty: false, multiple: false, coerce: coerceNumber, texts: oneText },
  respondent: { missing: 'Enter a number', invalid: 'Enter a number, like 7 or 7.5' },
  example: () => 42,
  previewAnswer: () => 5,
  control: { kind: 'input', type: 'number', decimal: true },
  summary: 'numbers',
  identifying: false,
  scoring: {
    by: 'value',
    range: (item) => ({ min: item.min ?? -Infinity, max: item.max ?? Infinity }),
    value(item, answer) {
      const raw = scoredNumber(answer)
      return raw === null ? null : Math.min(item.max ?? Infinity, Math.max(item.min ?? -Infinity, raw))
    },
  },
})
