import { describe, expect, test } from 'bun:test'
import { gapProblems, overlapProblems, unreachableProblems } from '../../../server/contract/scales/coverage.ts'
import { itemRange, scaleRange, type Level } from '../../../server/contract/scales/model.ts'

const level = (key: string, min: number | null, max: number | null): Level => ({
  key,
  label: key,
  min,
  max,
  interpretation: '',
})

describe('possible score range', () => {
  test('choice, multichoice and number items', () => {
    expect(itemRange({ scores: { a: 0, b: 3, c: 1 }, min: null, max: null }, 'choice')).toEqual({ min: 0, max: 3 })
    expect(itemRange({ scores: { a: 2, b: -1, c: 3 }, min: null, max: null }, 'multichoice')).toEqual({
      min: -1,
      max: 5,
    })
    expect(itemRange({ scores: null, min: 1, max: 7 }, 'number')).toEqual({ min: 1, max: 7 })
    expect(itemRange({ scores: null, min: null, max: 7 }, 'number')).toEqual({ min: -Infinity, max: 7 })
  })

  test('sum adds weighted ranges; mean divides by the total weight', () => {
    const items = [
      { weight: 1, range: { min: 1, max: 5 } },
      { weight: 2, range: { min: 1, max: 5 } },
    ]
    expect(scaleRange('sum', items)).toEqual({ min: 3, max: 15 })
    expect(scaleRange('mean', items)).toEqual({ min: 1, max: 5 })
    expect(scaleRange('sum', [])).toBeNull()
  })
})

describe('level coverage', () => {
  const range = { min: 0, max: 30 }

  test('levels that tile the range have no problems', () => {
    const levels = [level('high', 20, 30), level('low', 0, 10), level('mid', 10, 20)]
    expect(overlapProblems(levels)).toEqual([])
    expect(gapProblems(levels, range)).toEqual([])
    expect(unreachableProblems(levels, range)).toEqual([])
  })

  test('every gap is listed: between levels and at both ends', () => {
    expect(gapProblems([level('low', 2, 10), level('mid', 12, 20), level('high', 20, 28)], range)).toEqual([
      { path: 'levels', message: 'gap from 0 to 2: the lowest possible score is 0, below level "low"' },
      { path: 'levels', message: 'gap from 10 to 12: scores between "low" and "mid" have no level' },
      { path: 'levels', message: 'gap from 28 to 30: the highest possible score is 30, above level "high"' },
    ])
  })

  test('every overlap is listed', () => {
    expect(overlapProblems([level('low', 0, 12), level('mid', 10, 20), level('high', 18, 30)])).toEqual([
      { path: 'levels', message: 'levels "low" (0–12) and "mid" (10–20) overlap from 10 to 12' },
      { path: 'levels', message: 'levels "mid" (10–20) and "high" (18–30) overlap from 18 to 20' },
    ])
    expect(overlapProblems([level('a', 0, null), level('b', 5, 10)])).toEqual([
      { path: 'levels', message: 'levels "a" (0–∞) and "b" (5–10) overlap from 5 to ∞' },
    ])
  })

  test('an unbounded range needs open levels', () => {
    expect(gapProblems([level('low', 0, 10), level('high', 10, 20)], { min: 0, max: Infinity })).toEqual([
      {
        path: 'levels',
        message: 'gap from 20 to ∞: the highest possible score is ∞ (an item has no max), above level "high"',
      },
    ])
    expect(gapProblems([level('low', 0, 10), level('high', 10, null)], { min: 0, max: Infinity })).toEqual([])
  })

  test('no levels yet says which range to cover', () => {
    expect(gapProblems([], range)).toEqual([{ path: 'levels', message: 'no levels yet: add levels covering 0 to 30' }])
    expect(gapProblems([], null)).toEqual([])
  })

  test('levels outside the possible range are unreachable', () => {
    expect(unreachableProblems([level('low', 0, 10), level('beyond', 40, 50)], range)).toEqual([
      { path: 'levels', message: 'level "beyond" (40–50) is outside the possible scores 0–30' },
    ])
  })
})
