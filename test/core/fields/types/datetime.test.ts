import { expect, test } from 'bun:test'
import { LIMITS } from '../../../../server/contract/limits.ts'
import { datetime } from '../../../../server/contract/fields/types/datetime.ts'

const REFUSED = (got: string) =>
  `must be an ISO 8601 date and time like "2026-01-31T09:30" or "2026-01-31T09:30:00Z", got ${got}`

test('datetime: a real date with its time, a zone optional; a datetime-local input', () => {
  expect(
    ['2026-01-31T09:30', '2024-02-29T23:59:59', '2026-01-31T09:30:00Z', '2026-01-31T09:30:00.5+01:00'].map((text) =>
      datetime.check(text, null),
    ),
  ).toEqual([null, null, null, null])
  expect([
    datetime.check('2026-01-31', null),
    datetime.check('2023-02-29T09:30', null),
    datetime.check('2026-01-31T24:00', null),
    datetime.check('31/01/2026 09:30', null),
    datetime.check(1769851800000, null),
  ]).toEqual([
    REFUSED('string "2026-01-31"'),
    REFUSED('string "2023-02-29T09:30"'),
    REFUSED('string "2026-01-31T24:00"'),
    REFUSED('string "31/01/2026 09:30"'),
    REFUSED('number 1769851800000'),
  ])
  // Stored as the input posts it: the respondent's own clock, no zone added.
  expect([datetime.form.coerce('2026-01-31T09:30', LIMITS), datetime.form.keepsEmpty]).toEqual([
    '2026-01-31T09:30',
    false,
  ])
  expect(datetime.control).toEqual({ kind: 'input', type: 'datetime-local' })
  expect([datetime.summary, datetime.scoring]).toEqual(['values', null])
  expect(datetime.respondent).toEqual({
    missing: 'Enter a date and time',
    invalid: 'Enter a real date and time, like 2026-01-31 09:30',
  })
})
