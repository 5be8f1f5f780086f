/**
 * The Data tab's filter text: what the owner typed, joined with the days the records
 * arrived in (whole local days, both included, sent as instants).
 */
import { describe, expect, test } from 'bun:test'
import { combinedFilter } from '../../admin/components/svc-record-filter/combine.ts'

const localMidnight = (y: number, m: number, d: number) => new Date(y, m - 1, d).toISOString()

describe('combinedFilter', () => {
  test('nothing is no filter; an expression alone goes as typed (trimmed)', () => {
    expect(combinedFilter('', '', '')).toBe('')
    expect(combinedFilter("  city = 'Paris' || age > 3 ", '', '')).toBe("city = 'Paris' || age > 3")
  })

  test('days only: from the start of the first to the start of the day after the last', () => {
    expect(combinedFilter('', '2026-01-31', '2026-02-28')).toBe(
      `created >= '${localMidnight(2026, 1, 31)}' && created < '${localMidnight(2026, 3, 1)}'`,
    )
    expect(combinedFilter('', '', '2026-12-31')).toBe(`created < '${localMidnight(2027, 1, 1)}'`)
  })

  test('an expression with days is wrapped, so its || stays inside', () => {
    expect(combinedFilter('a = 1 || b = 2', '2026-01-31', '')).toBe(
      `(a = 1 || b = 2) && created >= '${localMidnight(2026, 1, 31)}'`,
    )
  })
})
