/** @module Field type `date`: an ISO 8601 date or date-time with a real calendar date, as text. */
import { describeValue, defineFieldType, keepText, oneText } from './spec.ts'

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/

/** True for an ISO 8601 date (`2026-01-31`) or date-time with a real calendar date. */
export function isIsoDate(text: string): boolean {
  const match = DATE.exec(text)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false
  if (match[4] !== undefined && (Number(match[4]) > 23 || Number(match[5]) > 59 || Number(match[6] ?? 0) > 59))
    return false
  return true
}

/** True for an ISO 8601 date-time (`2026-01-31T09:30`, a zone optional) with a real calendar date: a date with its time. */
export const isIsoDateTime = (text: string): boolean => text.length > 10 && isIsoDate(text)

export const date = defineFieldType({
  name: 'date',
  label: 'Date',
  description: 'an ISO 8601 date or date-time as text, e.g. "2026-01-31" or "2026-01-31T09:30:00Z"',
  hasOptions: false,
  check: (value) =>
    typeof value === 'string' && isIsoDate(value)
      ? null
      : `must be an ISO 8601 date like "2026-01-31" or "2026-01-31T09:30:00Z", got ${describeValue(value)}`,
  form: { keepsEmpty: false, multiple: false, coerce: keepText, texts: oneText },
  respondent: { missing: 'Enter a date', invalid: 'Enter a real date, like 2026-01-31' },
  example: () => '2026-01-31',
  previewAnswer: () => '2026-01-15',
  control: { kind: 'input', type: 'date' },
  summary: 'values',
  identifying: false,
  scoring: null,
})
