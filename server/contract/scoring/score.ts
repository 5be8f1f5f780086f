/**
 * @module The one scoring function. Pure: a scoring definition (loaded once per app by
 * definition.ts) and a record's data in, the scores per scale out.
 *
 * Missing answers (absent, null, "" or an option without a score) are skipped:
 * `sum` adds the answered items only and `mean` is the weighted mean of the answered
 * items. A scale with no answered item scores null with no level. Scores are rounded to
 * `ASSESSMENT.scoreDecimals` decimals before the level is looked up.
 */
import { fieldTypeSpec, type FieldType } from '../fields/types/index.ts'
import { itemRange, levelFor, roundScore, type Level, type Range, type ScaleMethod } from '../scales/model.ts'

/** One item as scoring needs it: the field by its current name. */
export interface ScoringItem {
  field: string
  type: FieldType
  weight: number
  reverse: boolean
  scores: Record<string, number> | null
  min: number | null
  max: number | null
  /** The item's own range, for reverse scoring. */
  range: Range
}

export interface ScoringScale {
  key: string
  name: string
  method: ScaleMethod
  items: ScoringItem[]
  /** In score order. */
  levels: Level[]
}

/** Everything needed to score an app's records. */
export interface ScoringDefinition {
  appId: string
  scales: ScoringScale[]
}

export interface ScaleScore {
  score: number | null
  level: string | null
  levelLabel: string | null
}

/** Scores of one record, by scale key. */
export type RecordScores = Record<string, ScaleScore>

/** Builds a scoring item, computing its range once. */
export function scoringItem(item: Omit<ScoringItem, 'range'>): ScoringItem {
  return { ...item, range: itemRange(item, item.type) }
}

/** The unweighted value of one item for `answer` (as its field's type scores it), or null when unanswered. */
export function itemValue(item: ScoringItem, answer: unknown): number | null {
  if (answer === undefined || answer === null || answer === '') return null
  const scoring = fieldTypeSpec(item.type).scoring
  const value = scoring ? scoring.value(item, answer) : null
  if (value === null) return null
  return item.reverse ? item.range.max + item.range.min - value : value
}

/** One scale's score for a record's data. */
export function scoreScale(scale: ScoringScale, data: Record<string, unknown>): ScaleScore {
  let total = 0
  let weight = 0
  for (const item of scale.items) {
    const value = itemValue(item, Object.hasOwn(data, item.field) ? data[item.field] : undefined)
    if (value === null) continue
    total += item.weight * value
    weight += item.weight
  }
  if (weight === 0) return { score: null, level: null, levelLabel: null }
  const score = roundScore(scale.method === 'mean' ? total / weight : total)
  const level = levelFor(scale.levels, score)
  return { score, level: level?.key ?? null, levelLabel: level?.label ?? null }
}

/** Scores a record's data on every scale of the definition: `{<scaleKey>: {score, level, levelLabel}}`. */
export function scoreRecord(definition: ScoringDefinition, data: Record<string, unknown>): RecordScores {
  const scores: RecordScores = {}
  for (const scale of definition.scales) scores[scale.key] = scoreScale(scale, data)
  return scores
}
