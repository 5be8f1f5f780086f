import { describe, expect, test } from 'bun:test'
import {
  barDomain,
  barSegments,
  coverageProblems,
  draftRange,
  showBound,
} from '../../admin/components/svc-scales-editor/scale-preview.ts'
import { sampleAnswers } from '../../admin/components/svc-report-editor/sample-answers.ts'
import type { Level, StoredItem } from '../../server/contract/scales/model.ts'
import type { Field } from '../../admin/api.ts'

const choice = (fieldId: string, weight = 1): StoredItem => ({
  fieldId,
  weight,
  reverse: false,
  scores: { a: 0, b: 1, c: 2 },
  min: null,
  max: null,
})
const level = (key: string, min: number | null, max: number | null): Level => ({
  key,
  label: key.toUpperCase(),
  min,
  max,
  interpretation: '',
})
const fields = [
  { id: 'f1', type: 'choice' },
  { id: 'f2', type: 'choice' },
  { id: 'n', type: 'number' },
]

describe('scale editor preview', () => {
  test.each([
    ['sum of two choice items', 'sum', [choice('f1'), choice('f2')], { min: 0, max: 4 }],
    ['weights multiply', 'sum', [choice('f1'), choice('f2', 3)], { min: 0, max: 8 }],
    ['mean divides by the total weight', 'mean', [choice('f1'), choice('f2', 3)], { min: 0, max: 2 }],
    ['a clamped number item', 'sum', [{ ...choice('n'), scores: null, min: 1, max: 10 }], { min: 1, max: 10 }],
    [
      'an unclamped number item is unbounded',
      'sum',
      [{ ...choice('n'), scores: null }],
      { min: -Infinity, max: Infinity },
    ],
    [
      'items of missing fields and bad weights are left out',
      'sum',
      [choice('gone'), choice('f1', Number.NaN), choice('f2', 0)],
      null,
    ],
  ] as const)('draftRange: %s', (_, method, items, expected) => {
    expect(draftRange(method, items as readonly StoredItem[], fields)).toEqual(expected)
  })

  test('coverage problems: overlaps first, then gaps and unreachable levels, as the server words them', () => {
    expect(coverageProblems([level('low', 0, 3), level('high', 2, 4)], { min: 0, max: 4 })).toEqual([
      { path: 'levels', message: 'levels "low" (0–3) and "high" (2–4) overlap from 2 to 3' },
    ])
    expect(coverageProblems([level('low', 0, 1), level('high', 2, 4)], { min: 0, max: 4 })).toEqual([
      { path: 'levels', message: 'gap from 1 to 2: scores between "low" and "high" have no level' },
    ])
    expect(coverageProblems([level('low', null, 2), level('high', 2, null)], { min: 0, max: 4 })).toEqual([])
  })

  test('bar segments mark each level, the gaps of the range and the overlaps', () => {
    const range = { min: 0, max: 10 }
    const levels = [level('low', 0, 4), level('mid', 3, 6), level('high', 8, 10)]
    const domain = barDomain(range, levels)!
    expect(domain).toEqual({ min: 0, max: 10 })
    expect(barSegments(domain, range, levels)).toEqual([
      { kind: 'level', from: 0, to: 4, key: 'low', label: 'LOW' },
      { kind: 'level', from: 3, to: 6, key: 'mid', label: 'MID' },
      { kind: 'level', from: 8, to: 10, key: 'high', label: 'HIGH' },
      { kind: 'overlap', from: 3, to: 4 },
      { kind: 'gap', from: 6, to: 8 },
    ])
  })

  test('open level bounds run to the edge of the bar; no levels leave the whole range a gap', () => {
    const range = { min: 2, max: 6 }
    const domain = barDomain(range, [level('all', null, null)])!
    expect(barSegments(domain, range, [level('all', null, null)])).toEqual([
      { kind: 'level', from: 2, to: 6, key: 'all', label: 'ALL' },
    ])
    expect(barSegments(domain, range, [])).toEqual([{ kind: 'gap', from: 2, to: 6 }])
    expect(barDomain(null, [])).toBeNull()
    expect(barDomain({ min: 5, max: 5 }, [])).toEqual({ min: 4, max: 6 })
  })

  test('bounds read as people write them', () => {
    expect([showBound(null, '−∞'), showBound(Infinity, '∞'), showBound(2 / 3, '∞'), showBound(5, '∞')]).toEqual([
      '−∞',
      '∞',
      '0.6667',
      '5',
    ])
  })
})

describe('report preview sample answers', () => {
  test('one plausible value per field type, from the middle of a choice list', () => {
    const field = (name: string, type: string, options: string[] | null = null) =>
      ({ name, type, options, label: null }) as unknown as Field
    expect(
      sampleAnswers([
        field('name', 'text'),
        field('mood', 'choice', ['bad', 'ok', 'good']),
        field('tags', 'multichoice', ['a', 'b']),
        field('hours', 'number'),
        field('agree', 'boolean'),
        field('mail', 'email'),
        field('day', 'date'),
        field('blob', 'json'),
        field('empty', 'choice', []),
      ]),
    ).toEqual({
      name: 'Sam',
      mood: 'ok',
      tags: ['a'],
      hours: 5,
      agree: true,
      mail: 'sam@example.com',
      day: '2026-01-15',
    })
  })
})
