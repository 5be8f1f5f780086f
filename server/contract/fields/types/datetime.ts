/**
 * @module Field type `datetime`: a date with a time of day, as ISO 8601 text. The fill-in
 * page's datetime-local input posts the respondent's own clock without a zone
 * (`2026-01-31T09:30`), which is stored as it came; a program may send a zone
 * (`2026-01-31T09:30:00Z`, `+01:00`). A date alone is refused: that is the `date` type.
 */
import { isIsoDateTime } from './date.ts'
import { describeValue, defineFieldType, keepText, oneText } from './spec.ts'

export const datetime = defineFieldType({
  name: 'datetime',
  label: 'Date and time',
  description:
    'an ISO 8601 date and time as text, e.g. "2026-01-31T09:30" (as a form posts it, no zone) or "2026-01-31T09:30:00Z"',
  hasOptions: false,
  check: (value) =>
    typeof value === 'string' && isIsoDateTime(value)
      ? null
      : `must be an ISO 8601 date and time like "2026-01-31T09:30" or "2026-01-31T09:30:00Z", got ${describeValue(value)}`,
  form: { keepsEmpty: false, multiple: false, coerce: keepText, texts: oneText },
  respondent: { missing: 'Enter a date and time', invalid: 'Enter a real date and time, like 2026-01-31 09:30' },
  example: () => '2026-01-31T09:30',
  previewAnswer: () => '2026-01-15T12:00',
  control: { kind: 'input', type: 'datetime-local' },
  summary: 'values',
  identifying: false,
  scoring: null,
})
