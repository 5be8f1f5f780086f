import { expect, test } from 'bun:test'
import { LIMITS } from '../../../../server/contract/limits.ts'
import { nps } from '../../../../server/contract/fields/types/nps.ts'

test('nps: a whole number from 0 to 10; a form posts the point as text', () => {
  expect([nps.check(0, null), nps.check(10, null), nps.check(7, null)]).toEqual([null, null, null])
  expect([nps.check(11, null), nps.check(-1, null), nps.check(7.5, null), nps.check('7', null)]).toEqual([
    'must be a whole number from 0 to 10, got number 11',
    'must be a whole number from 0 to 10, got number -1',
    'must be a whole number from 0 to 10, got number 7.5',
    'must be a whole number from 0 to 10, got string "7"',
  ])
  expect(['7', ' 10 ', '0', '7.5', 'ten', '1e1'].map((text) => nps.form.coerce(text, LIMITS))).toEqual([
    7,
    10,
    0,
    '7.5',
    'ten',
    '1e1',
  ])
  expect([nps.form.keepsEmpty, nps.form.texts(9)]).toEqual([false, ['9']])
  expect(nps.respondent).toEqual({ missing: 'Select a score from 0 to 10', invalid: 'Select a score from 0 to 10' })
  expect([nps.summary, nps.points?.of(), nps.points?.nps]).toEqual([
    'numbers',
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    true,
  ])
})

test('nps: eleven radio buttons in a row, the ends saying what they mean', () => {
  const control = nps.control
  if (control.kind !== 'choices') throw new Error('an NPS answer is picked')
  expect([control.multiple, control.inline]).toEqual([false, true])
  expect(control.choices(null).map((choice) => choice.label)).toEqual([
    '0 (not at all likely)',
    '1',
    '2',
    '3',
    '4',
    '5',
    '6',
    '7',
    '8',
    '9',
    '10 (extremely likely)',
  ])
})

test('nps: a scale scores the point, an item added without bounds taking 0 and 10', () => {
  const scoring = nps.scoring!
  expect(scoring.by).toBe('value')
  expect(scoring.itemDefaults?.({ options: null })).toEqual({ min: 0, max: 10 })
  expect(scoring.range({ scores: null, min: null, max: null })).toEqual({ min: 0, max: 10 })
  const item = { scores: null, min: 0, max: 10 }
  expect([scoring.value(item, 9), scoring.value(item, 0), scoring.value(item, 12), scoring.value(item, 'x')]).toEqual([
    9,
    0,
    10,
    null,
  ])
})
