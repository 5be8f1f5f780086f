/**
 * @module Assessment scores in the aggregates, kept so a record can be taken out again. The
 * visible totals keep scoring/aggregate.ts's shape (`ScoreTotals`, which /summary and
 * `?spam=include` read); beside them each dimension keeps an exact sum and its extremes,
 * from which `sum`, `min` and `max` are set after every change. Level counts, `count`
 * and `missing` are plain counters and subtract exactly.
 */
import { mergeScoreTotals, type ScaleTotals, type ScoreTotals } from '../../contract/scoring/aggregate.ts'
import type { RecordScores } from '../../contract/scoring/score.ts'
import { LIMITS } from '../../contract/limits.ts'
import { addExact, copyExact, emptyExact, exactValue, mergeExact, type ExactSum } from './exact-sum.ts'
import {
  addExtreme,
  copyExtremes,
  emptyExtremes,
  maxOf,
  mergeExtremes,
  minOf,
  needsRefill,
  removeExtreme,
  type Extremes,
} from './extremes.ts'

/** Exact sum and extremes of one dimension's scores. */
interface ScaleState {
  sum: ExactSum
  extremes: Extremes
  /** The count and sum when the count last reached a multiple of `LIMITS.summaryPublicStep` (the public mean's; absent in older documents). */
  published?: { count: number; sum: number } | null
}

/** By scale key; present while the dimension has a score. */
export type ScoreState = Map<string, ScaleState>

export interface StoredScoreState {
  totals: ScoreTotals
  exact: Array<[string, ScaleState]>
}

/** No scores. */
export const emptyScoreState = (): ScoreState => new Map()

const emptyTotals = (): ScaleTotals => ({ count: 0, missing: 0, sum: 0, min: null, max: null, levels: {} })
const emptyScale = (): ScaleState => ({ sum: emptyExact(), extremes: emptyExtremes(), published: null })

/** Notes the public figures when `count` scores reach a step. */
const publish = (s: ScaleState, count: number): void => {
  if (count % LIMITS.summaryPublicStep === 0) s.published = { count, sum: exactValue(s.sum) }
}

/** The published count and sum of scale `key` (null: fewer than a step of scores yet, or changed by a delete). */
export const publishedScores = (state: ScoreState, key: string): { count: number; sum: number } | null =>
  state.get(key)?.published ?? null

function sync(t: ScaleTotals, s: ScaleState | undefined): void {
  t.sum = s ? exactValue(s.sum) : 0
  t.min = s ? minOf(s.extremes) : null
  t.max = s ? maxOf(s.extremes) : null
}

/** Adds one record's stored scores. */
export function addRecordScores(totals: ScoreTotals, state: ScoreState, scores: RecordScores): void {
  for (const key of Object.keys(scores)) {
    const { score, level } = scores[key]
    if (!Object.hasOwn(totals, key)) totals[key] = emptyTotals()
    const t = totals[key]
    if (score === null) {
      t.missing++
      continue
    }
    t.count++
    let s = state.get(key)
    if (!s) {
      s = emptyScale()
      state.set(key, s)
    }
    addExact(s.sum, score)
    addExtreme(s.extremes, score)
    publish(s, t.count)
    sync(t, s)
    if (level !== null) t.levels[level] = (t.levels[level] ?? 0) + 1
  }
}

/**
 * Takes one record's stored scores out (they must have been added). Returns the scale keys
 * whose extremes can no longer be known without the remaining scores (`refillScale`).
 */
export function removeRecordScores(totals: ScoreTotals, state: ScoreState, scores: RecordScores): string[] {
  const refill: string[] = []
  for (const key of Object.keys(scores)) {
    const { score, level } = scores[key]
    if (!Object.hasOwn(totals, key)) continue
    const t = totals[key]
    if (score === null) t.missing--
    else {
      t.count--
      if (level !== null && Object.hasOwn(t.levels, level) && --t.levels[level] === 0) delete t.levels[level]
      const s = state.get(key)
      if (s && t.count === 0) state.delete(key)
      else if (s) {
        addExact(s.sum, -score)
        removeExtreme(s.extremes, score)
        s.published = null
        if (needsRefill(s.extremes)) refill.push(key)
      }
      sync(t, state.get(key))
    }
    if (t.count + t.missing === 0) delete totals[key]
  }
  return refill
}

/** Recomputes a dimension's sum and extremes from all its remaining scores, in record order. */
export function refillScale(totals: ScoreTotals, state: ScoreState, key: string, scores: Iterable<number>): void {
  if (!Object.hasOwn(totals, key) || totals[key].count === 0) {
    state.delete(key)
    return
  }
  const s = emptyScale()
  let count = 0
  for (const score of scores) {
    addExact(s.sum, score)
    addExtreme(s.extremes, score)
    publish(s, ++count)
  }
  state.set(key, s)
  sync(totals[key], s)
}

/** Totals and state of two disjoint record sets together; neither input is changed. */
export function mergeScoreState(
  aTotals: ScoreTotals,
  a: ScoreState,
  bTotals: ScoreTotals,
  b: ScoreState,
): { scores: ScoreTotals; scoreState: ScoreState } {
  const scoreState: ScoreState = new Map(a)
  for (const [key, s] of b) {
    const mine = scoreState.get(key)
    if (!mine) scoreState.set(key, s)
    else {
      const [x, y] = [mine.published ?? null, s.published ?? null]
      const published = x && y ? { count: x.count + y.count, sum: x.sum + y.sum } : (x ?? y)
      scoreState.set(key, {
        sum: mergeExact(mine.sum, s.sum),
        extremes: mergeExtremes(mine.extremes, s.extremes),
        published,
      })
    }
  }
  return { scores: mergeScoreTotals(aTotals, bTotals), scoreState }
}

/** The JSON form. */
export const storeScoreState = (totals: ScoreTotals, state: ScoreState): StoredScoreState => ({
  totals,
  exact: [...state],
})

/** Totals and state from the JSON form. */
export function loadScoreState(stored: StoredScoreState): { scores: ScoreTotals; scoreState: ScoreState } {
  // A JSON round trip copies without assigning keys, so a key like `__proto__` stays a key.
  const scores = JSON.parse(JSON.stringify(stored.totals)) as ScoreTotals
  const scoreState: ScoreState = new Map(
    stored.exact.map(([key, s]) => [
      key,
      { sum: copyExact(s.sum), extremes: copyExtremes(s.extremes), published: s.published ? { ...s.published } : null },
    ]),
  )
  // Sum, min and max follow from the state (and JSON cannot hold a sum beyond the double range).
  for (const key of Object.keys(scores)) sync(scores[key], scoreState.get(key))
  return { scores, scoreState }
}
