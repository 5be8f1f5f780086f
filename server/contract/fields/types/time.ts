/**
 * @module Field type `time`: a time of day on the 24-hour clock, as text: `09:30`, with
 * seconds `09:30:15` (and a fraction, as a time input with a step posts them). No date and
 * no zone: a time on the form is the time the respondent means.
 */
import { describeValue, defineFieldType, keepText, oneText } from './spec.ts'

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,3})?)?$/

/** True for `HH:MM`, `HH:MM:SS` or `HH:MM:SS.sss` on the 24-hour clock (the type's check). */
export const isTimeOfDay = (text: string): boolean => TIME.test(text)

export const time = defineFieldType({
  name: 'time',
  label: 'Time',
  description: 'a time of day on the 24-hour clock as text, e.g. "09:30" or "17:45:30"',
  hasOptions: false,
  check: (value) =>
    typeof value === 'string' && isTimeOfDay(value)
      ? null
      : `must be a time of day like "09:30" or "17:45:30" (24-hour clock), got ${describeValue(value)}`,
  form: { keepsEmpty: false, multiple: false, coerce: keepText, texts: oneText },
  respondent: { missing: 'Enter a time', invalid: 'Enter a real time, like 09:30 or 17:45' },
  example: () => '09:30',
  previewAnswer: () => '12:00',
  control: { kind: 'input', type: 'time' },
  summary: 'values',
  identifying: false,
  scoring: null,
})
