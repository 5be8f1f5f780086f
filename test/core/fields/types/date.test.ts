import { expect, test } from 'bun:test'
import { date, isIsoDate } from '../../../../server/contract/fields/types/date.ts'

test('date: an ISO 8601 date or date-time with a real calendar date; a date input', () => {
  expect([date.check('2024-02-29', null), date.check('2026-01-31T09:30:00Z', null)]).toEqual([null, null])
  expect(date.check('2023-02-29', null)).toBe(
    'must be an ISO 8601 date like "2026-01-31" or "2026-01-31T09:30:00Z", got string "2023-02-29"',
  )
  expect(['2026-01-31T24:00:00Z', '2026-1-31', '31.01.2026'].map(isIsoDate)).toEqual([false, false, false])
  expect(date.form.keepsEmpty).toBe(false)
  expect(date.control).toEqual({ kind: 'input', type: 'date' })
  expect([date.summary, date.scoring]).toEqual(['values', null])
})
