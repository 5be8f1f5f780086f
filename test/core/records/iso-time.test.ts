/**
 * `isoTime` keeps the last second's text; whatever order times come in, it must answer
 * exactly what `Date.prototype.toISOString` does (and throw where it throws).
 */
import { expect, test } from 'bun:test'
import fc from 'fast-check'
import { isoTime, YEAR_10000 } from '../../../server/core/records/shape.ts'

const cases: number[] = [
  0,
  1,
  9,
  10,
  99,
  100,
  999,
  1000,
  1_795_334_438_642,
  1_795_334_438_000,
  1_795_334_438_999,
  YEAR_10000 - 1,
  YEAR_10000,
  -1,
  -999,
  -1000,
  -62_198_755_200_000,
  8.64e15,
  -8.64e15,
  1.5,
]

test.each(cases)('isoTime(%p) is toISOString', (ms) => {
  expect(isoTime(ms)).toBe(new Date(ms).toISOString())
})

test('times outside the Date range throw like toISOString', () => {
  expect(() => isoTime(8.64e15 + 1)).toThrow(RangeError)
  expect(() => isoTime(Number.NaN)).toThrow(RangeError)
})

test('any sequence of times (same second, neighbouring seconds, any year) formats exactly', () => {
  const time = fc.oneof(
    fc.integer({ min: -8.64e15, max: 8.64e15 }),
    fc.integer({ min: 1_795_334_437_000, max: 1_795_334_440_000 }),
    fc.integer({ min: 0, max: 2000 }),
  )
  fc.assert(
    fc.property(fc.array(time, { maxLength: 40 }), (times) => {
      expect(times.map(isoTime)).toEqual(times.map((ms) => new Date(ms).toISOString()))
    }),
  )
})
