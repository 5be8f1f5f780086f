/**
 * @module The stored shape of a scale (scoring dimension) and the pure arithmetic of its
 * possible score range. Shared by the scale editor (validation), scoring and reports.
 */
import { findFieldTypeSpec, type FieldType } from '../fields/types/index.ts'
import { singleOptionScoring } from '../fields/types/choice.ts'
import type { Range, ScoringSpec } from '../fields/types/spec.ts'
import { ASSESSMENT } from '../limits.ts'

export type ScaleMethod = 'sum' | 'mean'
export const SCALE_METHODS = ['sum', 'mean'] as const

/** Field types an item can score (those whose spec has `scoring`): a choice (score per option), several choices (summed), or a number. */
export { SCORABLE_TYPES } from '../fields/types/index.ts'

/** One field's contribution to a scale, as stored (the field by id, so renames keep it). */
export interface StoredItem {
  fieldId: string
  /** Multiplies the item's value; > 0. */
  weight: number
  /** Scores `max + min − value` (Likert items worded the other way round). */
  reverse: boolean
  /** choice/multichoice: the score of each option; null for number fields. */
  scores: Record<string, number> | null
  /** number fields: clamp bounds (null = unbounded); null for choice fields. */
  min: number | null
  max: number | null
}

/**
 * A score range with a key, label and interpretation. `min` is inclusive and `max`
 * exclusive, except that the top level includes its `max`: a score exactly on a shared
 * boundary belongs to the higher level. null means unbounded (first/last level only).
 */
export interface Level {
  key: string
  label: string
  min: number | null
  max: number | null
  interpretation: string
}

/** Inclusive bounds; ±Infinity when an item is unbounded (defined with the field types' scoring, fields/types/spec.ts). */
export type { Range }

/** How a field of `type` is scored, or null when it cannot be a scale item (or is no known type). */
export const scoringOf = (type: string): ScoringSpec | null => findFieldTypeSpec(type)?.scoring ?? null

/**
 * True when a stored item still fits its field's type: the type can be scored, and the
 * item holds option scores exactly when the type is scored per option (a field whose type
 * changed since the item was made does not fit).
 */
export const itemFitsType = (item: Pick<StoredItem, 'scores'>, type: string): boolean => {
  const scoring = scoringOf(type)
  return scoring !== null && (scoring.by === 'value') === (item.scores === null)
}

/**
 * The lowest and highest value one item can contribute before weighting, as its field's
 * type scores it. A draft may name a field that cannot be scored: its option scores count
 * as a single choice's would.
 */
export function itemRange(item: Pick<StoredItem, 'scores' | 'min' | 'max'>, type: FieldType): Range {
  return (scoringOf(type) ?? singleOptionScoring).range(item)
}

/**
 * The possible score range of a scale when every item is answered: the weighted sum of
 * the item ranges, or for `mean` that sum divided by the total weight. null without items.
 */
export function scaleRange(method: ScaleMethod, items: Array<{ weight: number; range: Range }>): Range | null {
  if (items.length === 0) return null
  let min = 0
  let max = 0
  let weight = 0
  for (const item of items) {
    min += item.weight * item.range.min
    max += item.weight * item.range.max
    weight += item.weight
  }
  return method === 'mean'
    ? { min: roundScore(min / weight), max: roundScore(max / weight) }
    : { min: roundScore(min), max: roundScore(max) }
}

const SCALE = 10 ** ASSESSMENT.scoreDecimals

/** Rounds to `ASSESSMENT.scoreDecimals` decimals so 0.1 + 0.2 lands on a boundary of 0.3 as a person expects. */
export function roundScore(value: number): number {
  if (!Number.isFinite(value)) return value
  const rounded = Math.round(value * SCALE) / SCALE
  return Object.is(rounded, -0) ? 0 : rounded
}

/** Levels in score order (an open lower bound first). */
export function sortLevels(levels: readonly Level[]): Level[] {
  return [...levels].sort((a, b) => (a.min ?? -Infinity) - (b.min ?? -Infinity))
}

/**
 * The level holding `score` in levels sorted by `sortLevels`. A score below the lowest or
 * above the highest level (possible when a sum skips unanswered items) takes the nearest
 * level; a score in a gap between levels has none.
 */
export function levelFor(levels: readonly Level[], score: number): Level | null {
  if (levels.length === 0) return null
  const last = levels.length - 1
  for (let i = 0; i <= last; i++) {
    const level = levels[i]
    const aboveMin = level.min === null || score >= level.min
    const belowMax = level.max === null || score < level.max || (i === last && score === level.max)
    if (aboveMin && belowMax) return level
  }
  if (levels[0].min !== null && score < levels[0].min) return levels[0]
  if (levels[last].max !== null && score > levels[last].max) return levels[last]
  return null
}
