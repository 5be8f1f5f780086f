import { describe, expect, test } from 'bun:test'
import { addScores, scoreCells, scoreColumns, summarizeScores, type ScoreTotals } from '../../../server/core/scoring/aggregate.ts'

describe('score aggregates', () => {
  test('count, missing, mean, min, max and level distribution per dimension', () => {
    const totals: ScoreTotals = {}
    addScores(totals, { mood: { score: 11, level: 'good', levelLabel: 'Good' }, sleep: { score: null, level: null, levelLabel: null } })
    addScores(totals, { mood: { score: 4, level: 'low', levelLabel: 'Low' }, sleep: { score: 7, level: 'ok', levelLabel: 'OK' } })
    addScores(totals, { mood: { score: 5, level: 'fair', levelLabel: 'Fair' } })
    addScores(JSON.parse(JSON.stringify(totals)), { mood: { score: 100, level: 'x', levelLabel: 'X' } })
    expect(summarizeScores(JSON.parse(JSON.stringify(totals)))).toEqual({
      mood: { count: 3, missing: 0, mean: 6.6667, min: 4, max: 11, levels: { good: 1, low: 1, fair: 1 } },
      sleep: { count: 1, missing: 1, mean: 7, min: 7, max: 7, levels: { ok: 1 } },
    })
  })

  test('an empty state summarizes to nothing', () => {
    expect(summarizeScores({})).toEqual({})
  })
})

describe('score CSV columns', () => {
  test('one score and one level column per dimension', () => {
    expect(scoreColumns(['mood', 'sleep'])).toEqual(['score.mood', 'level.mood', 'score.sleep', 'level.sleep'])
    expect(scoreCells({ mood: { score: 11, level: 'good', levelLabel: 'Good' }, sleep: { score: null, level: null, levelLabel: null } }, ['mood', 'sleep'])).toEqual([11, 'good', '', ''])
    expect(scoreCells(null, ['mood'])).toEqual(['', ''])
  })
})
