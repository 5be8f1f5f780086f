/**
 * @module Field type `number`: a finite JSON number. From a form, any decimal literal
 * (`1e3`, ` 7.5 `) becomes a number unless the number could not hold its digits
 * (numbers.ts); a scale scores the value itself, clamped to the item's bounds.
 */
import { inexactNumber } from '../numbers.ts'
import {
  describeValue,
  defineFieldType,
  oneText,
  type PointScale,
  type Range,
  type ScoringSpec,
  type TypeSettings,
} from './spec.ts'

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

/** A scale scores the answer itself, clamped to the item's min and max; `bounds` are those of an item without them. */
export function valueScoring(bounds: () => Range): ScoringSpec {
  return {
    by: 'value',
    range: (item) => ({ min: item.min ?? bounds().min, max: item.max ?? bounds().max }),
    value(item, answer) {
      const raw = scoredNumber(answer)
      return raw === null ? null : Math.min(item.max ?? bounds().max, Math.max(item.min ?? bounds().min, raw))
    },
  }
}

/** A point scale's scoring: the point itself, an item added without bounds taking the field's first and last point. */
export function pointScoring(points: PointScale): ScoringSpec {
  const bounds = (settings?: TypeSettings): Range => {
    const all = points.of(settings)
    return { min: all[0], max: all[all.length - 1] }
  }
  return { ...valueScoring(bounds), itemDefaults: (field) => bounds(field) }
}

/** The whole number a form posts for a point (`"7"`); other text is kept so the check reports it. */
export function coercePoint(text: string): unknown {
  const trimmed = text.trim()
  return /^\d{1,3}$/.test(trimmed) ? Number(trimmed) : text
}

/** Why `value` is not one of the whole numbers `low`…`high`, or null when it is. */
export const pointProblem = (value: unknown, low: number, high: number): string | null =>
  Number.isInteger(value) && (value as number) >= low && (value as number) <= high
    ? null
    : `must be a whole number from ${low} to ${high}, got ${describeValue(value)}`

/** The points `low`…`high`, in order. */
export const pointsFrom = (low: number, high: number): number[] =>
  Array.from({ length: high - low + 1 }, (_, i) => low + i)

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
  scoring: valueScoring(() => ({ min: -Infinity, max: Infinity })),
})
