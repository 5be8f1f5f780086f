import { describe, expect, test } from 'bun:test'
import { addExact, emptyExact, exactValue, mergeExact } from '../../../server/core/stats/exact-sum.ts'

const sumOf = (values: number[]) => {
  const sum = emptyExact()
  for (const value of values) addExact(sum, value)
  return sum
}
const max = Number.MAX_VALUE

describe('exact sums', () => {
  test.each([
    [[0.1, 0.2, 0.3], 0.6],
    [[1e16, 1, -1e16], 1],
    [[1e100, 1, -1e100, 1e-100], 1],
    [[max, max, -max], max],
    [[-max, max, -max], -max],
    [[max, max], Infinity],
    [[max, 2 ** 970, -(2 ** 970)], max],
    [[], 0],
  ])('%p sums to %p in any order', (values, expected) => {
    expect(exactValue(sumOf(values))).toBe(expected)
    expect(exactValue(sumOf([...values].reverse()))).toBe(expected)
  })

  test('adding the negation takes a value out exactly', () => {
    const sum = sumOf([0.1, 0.7, 1e-300, max, 3])
    for (const value of [0.7, max, 1e-300]) addExact(sum, -value)
    expect(exactValue(sum)).toBe(exactValue(sumOf([0.1, 3])))
  })

  test('merging is the sum of both value sets', () => {
    expect(exactValue(mergeExact(sumOf([0.1, max]), sumOf([0.2, -max])))).toBe(exactValue(sumOf([0.1, 0.2])))
  })
})
