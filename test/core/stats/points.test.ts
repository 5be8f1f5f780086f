import { expect, test } from 'bun:test'
import { addNumber, emptyNumbers } from '../../../server/core/stats/aggregate.ts'
import { npsScore, pointCounts } from '../../../server/core/stats/points.ts'
import { removeExtreme } from '../../../server/core/stats/extremes.ts'

const numbersOf = (values: number[]) => {
  const numbers = emptyNumbers()
  for (const value of values) addNumber(numbers, value)
  return numbers
}

test('records per point: every point in order with zeros; values off the points count on none', () => {
  expect(pointCounts(null, [1, 2, 3])).toEqual([
    { value: 1, count: 0 },
    { value: 2, count: 0 },
    { value: 3, count: 0 },
  ])
  const numbers = numbersOf([3, 1, 3, 2.5, 7])
  expect(pointCounts(numbers, [1, 2, 3])).toEqual([
    { value: 1, count: 1 },
    { value: 2, count: 0 },
    { value: 3, count: 2 },
  ])
  removeExtreme(numbers.extremes, 3)
  expect(pointCounts(numbers, [3])).toEqual([{ value: 3, count: 1 }])
})

test('every point of an NPS is counted exactly, however many answers each has', () => {
  const answers = Array.from({ length: 1100 }, (_, i) => i % 11)
  expect(pointCounts(numbersOf(answers), [0, 5, 10])).toEqual([
    { value: 0, count: 100 },
    { value: 5, count: 100 },
    { value: 10, count: 100 },
  ])
})

test('the NPS: % promoters (9–10) minus % detractors (0–6), whole, a half away from zero; null without answers', () => {
  const nps = (counts: Record<number, number>) =>
    npsScore(Object.entries(counts).map(([value, count]) => ({ value: Number(value), count })))
  expect([
    nps({}),
    nps({ 9: 0, 3: 0 }),
    nps({ 10: 5 }),
    nps({ 0: 2, 6: 3 }),
    nps({ 7: 4, 8: 1 }),
    // 4 promoters, 3 detractors, 1 passive: +12.5; the other way round: −12.5.
    nps({ 10: 4, 0: 3, 7: 1 }),
    nps({ 10: 3, 0: 4, 7: 1 }),
    // 2 of 3 promoters, 1 detractor: 33.3…
    nps({ 9: 2, 1: 1 }),
    // 1 of 3 each way, the rest passive: 0, never −0.
    nps({ 9: 1, 1: 1, 8: 1 }),
  ]).toEqual([null, null, 100, -100, 0, 13, -13, 33, 0])
  expect(Object.is(nps({ 9: 1, 1: 1 }), 0)).toBe(true)
})
