/**
 * Score aggregates as the stats keep them at insert: addRecordScores adds one record's
 * stored scores to the visible totals (/summary reads them) and to the exact state behind them.
 */
import { describe, expect, test } from 'bun:test'
import type { RecordScores } from '../../../server/contract/scoring/score.ts'
import { summarizeScores, type ScoreTotals } from '../../../server/contract/scoring/aggregate.ts'
import {
  addRecordScores,
  emptyScoreState,
  loadScoreState,
  storeScoreState,
} from '../../../server/core/stats/score-state.ts'

const scored = (score: number, level: string | null): RecordScores[string] => ({
  score,
  level,
  levelLabel: level === null ? null : level.toUpperCase(),
})
const unscored: RecordScores[string] = { score: null, level: null, levelLabel: null }

describe('addRecordScores', () => {
  test('counts, missing, sum, min, max and levels per dimension, record by record', () => {
    const totals: ScoreTotals = {}
    const state = emptyScoreState()
    addRecordScores(totals, state, { mood: scored(11, 'good'), sleep: unscored })
    expect(totals).toEqual({
      mood: { count: 1, missing: 0, sum: 11, min: 11, max: 11, levels: { good: 1 } },
      sleep: { count: 0, missing: 1, sum: 0, min: null, max: null, levels: {} },
    })
    addRecordScores(totals, state, { mood: scored(4, 'low'), sleep: scored(7, 'ok') })
    addRecordScores(totals, state, { mood: scored(5, 'fair') })
    expect(totals).toEqual({
      mood: { count: 3, missing: 0, sum: 20, min: 4, max: 11, levels: { good: 1, low: 1, fair: 1 } },
      sleep: { count: 1, missing: 1, sum: 7, min: 7, max: 7, levels: { ok: 1 } },
    })
    expect(summarizeScores(totals)).toEqual({
      mood: { count: 3, missing: 0, mean: 6.6667, min: 4, max: 11, levels: { good: 1, low: 1, fair: 1 } },
      sleep: { count: 1, missing: 1, mean: 7, min: 7, max: 7, levels: { ok: 1 } },
    })
  })

  test('sums exactly, and a score outside every level counts towards no level', () => {
    const totals: ScoreTotals = {}
    const state = emptyScoreState()
    for (const score of [0.1, 0.2, 0.3]) addRecordScores(totals, state, { mood: scored(score, null) })
    expect(totals).toEqual({ mood: { count: 3, missing: 0, sum: 0.6, min: 0.1, max: 0.3, levels: {} } })
  })

  test('goes on from a stored (JSON) state as if it had never stopped', () => {
    const records: RecordScores[] = [
      { mood: scored(2.5, 'low') },
      { mood: scored(9, 'high'), sleep: unscored },
      { mood: scored(-1, null), sleep: scored(3, 'ok') },
    ]
    const straight: ScoreTotals = {}
    const straightState = emptyScoreState()
    for (const scores of records) addRecordScores(straight, straightState, scores)

    const first: ScoreTotals = {}
    const firstState = emptyScoreState()
    addRecordScores(first, firstState, records[0])
    const { scores: resumed, scoreState } = loadScoreState(
      JSON.parse(JSON.stringify(storeScoreState(first, firstState))),
    )
    for (const scores of records.slice(1)) addRecordScores(resumed, scoreState, scores)

    expect(resumed).toEqual(straight)
    expect(resumed).toEqual({
      mood: { count: 3, missing: 0, sum: 10.5, min: -1, max: 9, levels: { low: 1, high: 1 } },
      sleep: { count: 1, missing: 1, sum: 3, min: 3, max: 3, levels: { ok: 1 } },
    })
  })
})
