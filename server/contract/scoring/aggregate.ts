/**
 * @module Score aggregates for /summary and score columns for CSV exports. The aggregate
 * is a small JSON-able state that server/core/stats/score-state.ts keeps current one
 * record at a time (so app_stats needs no rescan), shown as per-dimension count, mean,
 * min, max and level distribution.
 */
import type { RecordScores } from './score.ts'

/** Running totals of one dimension. */
export interface ScaleTotals {
  /** Records with a score on this dimension. */
  count: number
  /** Records without one (no answered item). */
  missing: number
  sum: number
  min: number | null
  max: number | null
  /** Records per level key. */
  levels: Record<string, number>
}

/** Running totals by scale key; JSON-able, kept in app_stats.aggregates. */
export type ScoreTotals = Record<string, ScaleTotals>

export interface ScaleSummary {
  count: number
  missing: number
  mean: number | null
  min: number | null
  max: number | null
  levels: Record<string, number>
}

const emptyTotals = (): ScaleTotals => ({ count: 0, missing: 0, sum: 0, min: null, max: null, levels: {} })

/** The totals of `a` and `b` together (for `?spam=include`); neither input is changed. */
export function mergeScoreTotals(a: ScoreTotals, b: ScoreTotals): ScoreTotals {
  const out: ScoreTotals = {}
  for (const source of [a, b]) {
    for (const key of Object.keys(source)) {
      const s = source[key]
      if (!Object.hasOwn(out, key)) out[key] = emptyTotals()
      const t = out[key]
      t.count += s.count
      t.missing += s.missing
      t.sum += s.sum
      t.min = t.min === null ? s.min : s.min === null ? t.min : Math.min(t.min, s.min)
      t.max = t.max === null ? s.max : s.max === null ? t.max : Math.max(t.max, s.max)
      for (const level of Object.keys(s.levels)) t.levels[level] = (t.levels[level] ?? 0) + s.levels[level]
    }
  }
  return out
}

/** The /summary view: per dimension count, missing, mean (4 decimals), min, max and records per level. */
export function summarizeScores(totals: ScoreTotals): Record<string, ScaleSummary> {
  const out: Record<string, ScaleSummary> = {}
  for (const key of Object.keys(totals)) {
    const t = totals[key]
    out[key] = {
      count: t.count,
      missing: t.missing,
      mean: t.count === 0 ? null : Math.round((t.sum / t.count) * 1e4) / 1e4,
      min: t.min,
      max: t.max,
      levels: { ...t.levels },
    }
  }
  return out
}

/** CSV header cells for the given scale keys: `score.<key>` and `level.<key>` per dimension. */
export const scoreColumns = (keys: readonly string[]): string[] =>
  keys.flatMap((key) => [`score.${key}`, `level.${key}`])

/** The CSV cells of one record for `keys` (same order as `scoreColumns`); empty when unscored. */
export function scoreCells(scores: RecordScores | null, keys: readonly string[]): Array<number | string> {
  return keys.flatMap((key) => {
    const score = scores && Object.hasOwn(scores, key) ? scores[key] : null
    return [score?.score ?? '', score?.level ?? '']
  })
}
