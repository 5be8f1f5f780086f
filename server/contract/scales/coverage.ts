/**
 * @module Checks that a scale's levels tile its possible score range: no overlaps, no gaps,
 * both ends covered. Pure, so the editor preview, the 422 and the tests share it.
 */
import type { Problem } from '../errors.ts'
import { sortLevels, type Level, type Range } from './model.ts'

const show = (value: number | null, open: string): string =>
  value === null || !Number.isFinite(value) ? open : String(value)
const span = (level: Level): string => `${show(level.min, '−∞')}–${show(level.max, '∞')}`

/** Levels whose ranges overlap another's, or that leave an open bound in the middle. */
export function overlapProblems(levels: readonly Level[]): Problem[] {
  const sorted = sortLevels(levels)
  const problems: Problem[] = []
  for (let i = 1; i < sorted.length; i++) {
    const below = sorted[i - 1]
    const above = sorted[i]
    if (below.max === null || above.min === null || above.min < below.max) {
      const from = show(above.min, '−∞')
      const to = show(below.max, '∞')
      problems.push({
        path: 'levels',
        message: `levels "${below.key}" (${span(below)}) and "${above.key}" (${span(above)}) overlap from ${from} to ${to}`,
      })
    }
  }
  return problems
}

/**
 * Scores of `range` that no level holds: between neighbouring levels and beyond either
 * end. A level's `max` is exclusive except for the top level, so [0,10) and [10,20] tile 0–20.
 */
export function gapProblems(levels: readonly Level[], range: Range | null): Problem[] {
  if (levels.length === 0) {
    return range
      ? [
          {
            path: 'levels',
            message: `no levels yet: add levels covering ${show(range.min, '−∞')} to ${show(range.max, '∞')}`,
          },
        ]
      : []
  }
  const sorted = sortLevels(levels)
  const problems: Problem[] = []
  for (let i = 1; i < sorted.length; i++) {
    const below = sorted[i - 1]
    const above = sorted[i]
    if (below.max !== null && above.min !== null && above.min > below.max) {
      problems.push({
        path: 'levels',
        message: `gap from ${below.max} to ${above.min}: scores between "${below.key}" and "${above.key}" have no level`,
      })
    }
  }
  if (!range) return problems
  const first = sorted[0]
  const last = sorted[sorted.length - 1]
  const firstMin = first.min ?? -Infinity
  const lastMax = last.max ?? Infinity
  if (range.min < firstMin) {
    problems.unshift({
      path: 'levels',
      message: `gap from ${show(range.min, '−∞')} to ${firstMin}: the lowest possible score is ${show(range.min, '−∞ (an item has no min)')}, below level "${first.key}"`,
    })
  }
  if (range.max > lastMax) {
    problems.push({
      path: 'levels',
      message: `gap from ${lastMax} to ${show(range.max, '∞')}: the highest possible score is ${show(range.max, '∞ (an item has no max)')}, above level "${last.key}"`,
    })
  }
  return problems
}

/** Levels that lie wholly outside the possible range, so no respondent could reach them. */
export function unreachableProblems(levels: readonly Level[], range: Range | null): Problem[] {
  if (!range) return []
  return levels
    .filter((level) => (level.min !== null && level.min > range.max) || (level.max !== null && level.max < range.min))
    .map((level) => ({
      path: 'levels',
      message: `level "${level.key}" (${span(level)}) is outside the possible scores ${show(range.min, '−∞')}–${show(range.max, '∞')}`,
    }))
}
