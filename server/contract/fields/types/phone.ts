/**
 * @module Field type `phone`: a telephone number as the respondent typed it, as text. The
 * check is loose, as numbers are written in many ways: digits with spaces, `-`, `.`, `(`,
 * `)` and a leading `+`, 5 to 15 digits in all (E.164's longest is 15). Nothing is
 * reformatted: a number is stored as typed. It names a person, so the public summary never
 * lists one.
 */
import { describeValue, defineFieldType, keepText, oneText } from './spec.ts'

const PHONE = /^\+?[0-9 ().-]+$/

/** How many digits a phone number holds at least and at most. */
export const PHONE_DIGITS = { min: 5, max: 15 } as const

/** True for text written like a phone number (the type's check). */
export function isPhoneNumber(text: string): boolean {
  if (!PHONE.test(text)) return false
  const digits = text.replace(/[^0-9]/g, '').length
  return digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max
}

export const phone = defineFieldType({
  name: 'phone',
  label: 'Phone number',
  description: `a phone number as typed, as text: ${PHONE_DIGITS.min}–${PHONE_DIGITS.max} digits, with spaces, "-", ".", "()" and a leading "+" allowed`,
  hasOptions: false,
  check: (value) =>
    typeof value === 'string' && isPhoneNumber(value)
      ? null
      : `must be a phone number of ${PHONE_DIGITS.min} to ${PHONE_DIGITS.max} digits (spaces, "-", ".", "(", ")" and a leading "+" allowed), got ${describeValue(value)}`,
  form: { keepsEmpty: false, multiple: false, coerce: keepText, texts: oneText },
  respondent: {
    missing: 'Enter a phone number',
    invalid: 'Enter a phone number, like 01632 960 001 or +44 808 157 0192',
  },
  example: () => '+44 20 7946 0958',
  previewAnswer: () => '01632 960 001',
  control: { kind: 'input', type: 'tel', autocomplete: 'tel' },
  summary: 'values',
  identifying: true,
  scoring: null,
})
