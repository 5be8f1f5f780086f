import { expect, test } from 'bun:test'
import { LIMITS } from '../../../../server/contract/limits.ts'
import { time } from '../../../../server/contract/fields/types/time.ts'

const REFUSED = (got: string) => `must be a time of day like "09:30" or "17:45:30" (24-hour clock), got ${got}`

test('time: a time of day on the 24-hour clock, as a time input posts it', () => {
  expect(['00:00', '09:30', '23:59', '17:45:30', '17:45:30.250'].map((text) => time.check(text, null))).toEqual([
    null,
    null,
    null,
    null,
    null,
  ])
  expect([
    time.check('24:00', null),
    time.check('9:30', null),
    time.check('09:60', null),
    time.check('9:30 AM', null),
    time.check('2026-01-31T09:30', null),
    time.check(930, null),
  ]).toEqual([
    REFUSED('string "24:00"'),
    REFUSED('string "9:30"'),
    REFUSED('string "09:60"'),
    REFUSED('string "9:30 AM"'),
    REFUSED('string "2026-01-31T09:30"'),
    REFUSED('number 930'),
  ])
  expect([time.form.coerce('09:30', LIMITS), time.form.keepsEmpty]).toEqual(['09:30', false])
  expect(time.control).toEqual({ kind: 'input', type: 'time' })
  expect([time.summary, time.scoring]).toEqual(['values', null])
  expect(time.respondent).toEqual({ missing: 'Enter a time', invalid: 'Enter a real time, like 09:30 or 17:45' })
})
