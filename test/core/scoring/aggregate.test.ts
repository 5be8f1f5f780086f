import { describe, expect, test } from 'bun:test'
import {
  mergeScoreTotals,
  scoreCells,
  scoreColumns,
  summarizeScores,
  type ScoreTotals,
} from '../../../server/contract/scoring/aggregate.ts'

// Totals as server/core/stats/score-state.ts keeps them (its own test adds records to them).
const mood: ScoreTotals = {
  mood: { count: 3, missing: 0, sum: 20, min: 4, max: 11, levels: { good: 1, low: 1, fair: 1 } },
}
const sleep: ScoreTotals = { sleep: { count: 1, missing: 1, sum: 7, min: 7, max: 7, levels: { ok: 1 } } }

describe('score aggregates', () => {
  test('summarized as count, missing, mean (4 decimals), min, max and level distribution per dimension', () => {
    expect(summarizeScores({ ...mood, ...sleep })).toEqual({
      mood: { count: 3, missing: 0, mean: 6.6667, min: 4, max: 11, levels: { good: 1, low: 1, fair: 1 } },
      sleep: { count: 1, missing: 1, mean: 7, min: 7, max: 7, levels: { ok: 1 } },
    })
  })

  test('merged (for ?spam=include) without changing either side', () => {
    const spam: ScoreTotals = { mood: { count: 1, missing: 1, sum: 30, min: 30, max: 30, levels: { good: 1, top: 1 } } }
    expect(mergeScoreTotals({ ...mood, ...sleep }, spam)).toEqual({
      mood: { count: 4, missing: 1, sum: 50, min: 4, max: 30, levels: { good: 2, low: 1, fair: 1, top: 1 } },
      sleep: { count: 1, missing: 1, sum: 7, min: 7, max: 7, levels: { ok: 1 } },
    })
    expect(mood.mood).toEqual({ count: 3, missing: 0, sum: 20, min: 4, max: 11, levels: { good: 1, low: 1, fair: 1 } })
    expect(spam.mood).toEqual({ count: 1, missing: 1, sum: 30, min: 30, max: 30, levels: { good: 1, top: 1 } })
  })

  test('an empty state summarizes to nothing', () => {
    expect(summarizeScores({})).toEqual({})
  })
})

describe('score CSV columns', () => {
  test('one score and one level column per dimension', () => {
    expect(scoreColumns(['mood', 'sleep'])).toEqual(['score.mood', 'level.mood', 'score.sleep', 'level.sleep'])
    expect(
      scoreCells(
        {
          mood: { score: 11, level: 'good', levelLabel: 'Good' },
          sleep: { score: null, level: null, levelLabel: null },
        },
        ['mood', 'sleep'],
      ),
    ).toEqual([11, 'good', '', ''])
    expect(scoreCells(null, ['mood'])).toEqual(['', ''])
  })
})
