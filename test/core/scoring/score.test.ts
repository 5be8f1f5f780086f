import { describe, expect, test } from 'bun:test'
import { levelFor, type Level } from '../../../server/contract/scales/model.ts'
import {
  itemValue,
  scoreRecord,
  scoringItem,
  type ScoringDefinition,
  type ScoringItem,
  type ScoringScale,
} from '../../../server/contract/scoring/score.ts'

const LIKERT = { Never: 1, Rarely: 2, Sometimes: 3, Often: 4, Always: 5 }

const choice = (field: string, extra: Partial<ScoringItem> = {}): ScoringItem =>
  scoringItem({ field, type: 'choice', weight: 1, reverse: false, scores: LIKERT, min: null, max: null, ...extra })

const levels: Level[] = [
  { key: 'low', label: 'Low', min: 0, max: 10, interpretation: '' },
  { key: 'mid', label: 'Medium', min: 10, max: 20, interpretation: '' },
  { key: 'high', label: 'High', min: 20, max: 30, interpretation: '' },
]

const scale = (items: ScoringItem[], extra: Partial<ScoringScale> = {}): ScoringScale => ({
  key: 'energy',
  name: 'Energy',
  method: 'sum',
  items,
  levels,
  ...extra,
})
const definition = (...scales: ScoringScale[]): ScoringDefinition => ({ appId: 'app', scales })

describe('scoreRecord', () => {
  test('sums choice scores and finds the level', () => {
    const def = definition(scale([choice('q1'), choice('q2'), choice('q3')]))
    expect(scoreRecord(def, { q1: 'Often', q2: 'Always', q3: 'Sometimes' })).toEqual({
      energy: { score: 12, level: 'mid', levelLabel: 'Medium' },
    })
  })

  test('reverse-scored items count max + min − value', () => {
    const def = definition(scale([choice('q1'), choice('q2', { reverse: true })]))
    // Always (5) reversed is 1 + 5 − 5 = 1; Never (1) reversed is 5.
    expect(scoreRecord(def, { q1: 'Always', q2: 'Always' }).energy.score).toBe(6)
    expect(scoreRecord(def, { q1: 'Always', q2: 'Never' }).energy.score).toBe(10)
  })

  test('weights multiply in a sum and weight a mean', () => {
    const weighted = [choice('q1', { weight: 2 }), choice('q2', { weight: 0.5 })]
    expect(scoreRecord(definition(scale(weighted)), { q1: 'Often', q2: 'Rarely' }).energy.score).toBe(9)
    // (2·4 + 0.5·2) / 2.5 = 3.6
    expect(
      scoreRecord(definition(scale(weighted, { method: 'mean', levels: [] })), { q1: 'Often', q2: 'Rarely' }).energy,
    ).toEqual({ score: 3.6, level: null, levelLabel: null })
  })

  test('mean averages answered items only; sum skips missing answers', () => {
    const items = [choice('q1'), choice('q2'), choice('q3')]
    const data = { q1: 'Always', q2: null, q3: '' }
    expect(scoreRecord(definition(scale(items, { method: 'mean', levels: [] })), data).energy.score).toBe(5)
    expect(scoreRecord(definition(scale(items)), { q1: 'Always', q2: 'Often' }).energy.score).toBe(9)
  })

  test('no answered item scores null with no level', () => {
    const def = definition(scale([choice('q1')]))
    expect(scoreRecord(def, {})).toEqual({ energy: { score: null, level: null, levelLabel: null } })
    expect(scoreRecord(def, { q1: 'not an option' })).toEqual({
      energy: { score: null, level: null, levelLabel: null },
    })
  })

  test('number items use the value, clamped to min/max, and accept decimal strings', () => {
    const item = scoringItem({
      field: 'hours',
      type: 'number',
      weight: 1,
      reverse: false,
      scores: null,
      min: 0,
      max: 12,
    })
    expect(itemValue(item, 7.5)).toBe(7.5)
    expect(itemValue(item, '3')).toBe(3)
    expect(itemValue(item, 40)).toBe(12)
    expect(itemValue(item, -2)).toBe(0)
    expect(itemValue(item, 'lots')).toBeNull()
    expect(itemValue(item, '1e5')).toBeNull()
    const reversed = scoringItem({ ...item, reverse: true })
    expect(itemValue(reversed, 2)).toBe(10)
  })

  test('multichoice items add the scores of the ticked options; nothing ticked is 0', () => {
    const item = scoringItem({
      field: 'habits',
      type: 'multichoice',
      weight: 1,
      reverse: false,
      scores: { walk: 2, run: 3, sit: -1 },
      min: null,
      max: null,
    })
    expect(itemValue(item, ['walk', 'run'])).toBe(5)
    expect(itemValue(item, ['sit'])).toBe(-1)
    expect(itemValue(item, [])).toBe(0)
    expect(itemValue(item, 'walk')).toBe(2)
    expect(itemValue(item, ['unknown'])).toBeNull()
  })

  test('field names like __proto__ are ordinary keys', () => {
    const def = definition(scale([choice('__proto__')]))
    expect(scoreRecord(def, JSON.parse('{"__proto__":"Always"}')).energy.score).toBe(5)
  })

  test('floating-point sums are rounded so they land on boundaries', () => {
    const items = [0.1, 0.2].map((weight, i) =>
      scoringItem({ field: `n${i}`, type: 'number', weight, reverse: false, scores: null, min: null, max: null }),
    )
    const def = definition(
      scale(items, {
        levels: [
          { key: 'a', label: 'A', min: 0, max: 0.3, interpretation: '' },
          { key: 'b', label: 'B', min: 0.3, max: 1, interpretation: '' },
        ],
      }),
    )
    expect(scoreRecord(def, { n0: 1, n1: 1 }).energy).toEqual({ score: 0.3, level: 'b', levelLabel: 'B' })
  })
})

describe('levelFor: boundaries', () => {
  test.each([
    [0, 'low'],
    [9.9999, 'low'],
    [10, 'mid'],
    [19.5, 'mid'],
    [20, 'high'],
    [30, 'high'],
    // Outside the levels (a sum that skipped items) takes the nearest level.
    [-3, 'low'],
    [31, 'high'],
  ])('score %p is %p', (score, key) => {
    expect(levelFor(levels, score)?.key).toBe(key)
  })

  test('a score in a gap has no level; open bounds hold everything beyond', () => {
    const gappy: Level[] = [
      { key: 'a', label: 'A', min: null, max: 5, interpretation: '' },
      { key: 'b', label: 'B', min: 6, max: null, interpretation: '' },
    ]
    expect(levelFor(gappy, 5.5)).toBeNull()
    expect(levelFor(gappy, -1000)?.key).toBe('a')
    expect(levelFor(gappy, 6)?.key).toBe('b')
    expect(levelFor(gappy, 1e9)?.key).toBe('b')
    expect(levelFor([], 3)).toBeNull()
  })
})
