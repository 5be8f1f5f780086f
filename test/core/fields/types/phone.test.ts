import { expect, test } from 'bun:test'
import { LIMITS } from '../../../../server/contract/limits.ts'
import { isPhoneNumber, phone } from '../../../../server/contract/fields/types/phone.ts'

const REFUSED = (got: string) =>
  `must be a phone number of 5 to 15 digits (spaces, "-", ".", "(", ")" and a leading "+" allowed), got ${got}`

test('phone: digits as people write them, 5 to 15 of them, stored as typed; a tel input that autocompletes', () => {
  expect(
    ['+44 20 7946 0958', '(01632) 960-001', '030.1234.5678', '12345', '+123456789012345'].map((text) =>
      phone.check(text, null),
    ),
  ).toEqual([null, null, null, null, null])
  expect([
    phone.check('1234', null),
    phone.check('+1234567890123456', null),
    phone.check('0800 FLOWERS', null),
    phone.check('12 + 345 678', null),
    phone.check('01632\n960001', null),
    phone.check(1632960001, null),
  ]).toEqual([
    REFUSED('string "1234"'),
    REFUSED('string "+1234567890123456"'),
    REFUSED('string "0800 FLOWERS"'),
    REFUSED('string "12 + 345 678"'),
    REFUSED('string "01632\\n960001"'),
    REFUSED('number 1632960001'),
  ])
  expect(isPhoneNumber('+')).toBe(false)
  // A form's text is kept as typed: a number keeps its spaces, and a leading 0 or + stays.
  expect(phone.form.coerce(' 01632 960 001', LIMITS)).toBe(' 01632 960 001')
  expect([phone.form.keepsEmpty, phone.form.texts('+44 20')]).toEqual([false, ['+44 20']])
  expect(phone.control).toEqual({ kind: 'input', type: 'tel', autocomplete: 'tel' })
  expect([phone.summary, phone.identifying, phone.scoring]).toEqual(['values', true, null])
  expect(phone.respondent).toEqual({
    missing: 'Enter a phone number',
    invalid: 'Enter a phone number, like 01632 960 001 or +44 808 157 0192',
  })
})
