import { expect, test } from 'bun:test'
import { LIMITS } from '../../../../server/contract/limits.ts'
import { RATING, rating, ratingMax } from '../../../../server/contract/fields/types/rating.ts'

test("rating: a whole number from 1 to the field's max, 5 unless it says otherwise", () => {
  expect([RATING, rating.settings, ratingMax(), ratingMax({}), ratingMax({ max: 10 })]).toEqual([
    { defaultMax: 5, minMax: 2, maxMax: 10 },
    { max: 5 },
    5,
    5,
    10,
  ])
  expect([rating.check(1, null), rating.check(5, null), rating.check(10, null, { max: 10 })]).toEqual([
    null,
    null,
    null,
  ])
  expect([
    rating.check(6, null),
    rating.check(0, null, { max: 10 }),
    rating.check(11, null, { max: 10 }),
    rating.check(3.5, null),
    rating.check('4', null),
    rating.check(true, null),
  ]).toEqual([
    'must be a whole number from 1 to 5, got number 6',
    'must be a whole number from 1 to 10, got number 0',
    'must be a whole number from 1 to 10, got number 11',
    'must be a whole number from 1 to 5, got number 3.5',
    'must be a whole number from 1 to 5, got string "4"',
    'must be a whole number from 1 to 5, got boolean true',
  ])
  expect(['4', ' 5', '4.0', 'four'].map((text) => rating.form.coerce(text, LIMITS))).toEqual([4, 5, '4.0', 'four'])
  expect([rating.form.keepsEmpty, rating.form.texts(4)]).toEqual([false, ['4']])
  // The example and the preview fit any max the owner may choose.
  expect([rating.example(null), rating.example(null, { max: 3 }), rating.example(null, { max: 2 })]).toEqual([4, 3, 2])
  expect([
    rating.previewAnswer({ name: 'r', label: null, options: null }),
    rating.previewAnswer({ name: 'r', label: null, options: null, max: 10 }),
  ]).toEqual([3, 6])
  expect(rating.respondent).toEqual({ missing: 'Select a rating', invalid: 'Select one of the ratings' })
  expect([rating.summary, rating.points?.of({ max: 3 }), rating.points?.nps]).toEqual(['numbers', [1, 2, 3], undefined])
})

test('rating: stars as radio buttons in a row, each named by its count', () => {
  const control = rating.control
  if (control.kind !== 'choices') throw new Error('a rating is picked')
  expect([control.multiple, control.inline]).toEqual([false, true])
  expect(control.choices(null)).toEqual([
    { value: '1', label: '1 star' },
    { value: '2', label: '2 stars' },
    { value: '3', label: '3 stars' },
    { value: '4', label: '4 stars' },
    { value: '5', label: '5 stars' },
  ])
  expect(control.choices(null, { max: 10 }).map((choice) => choice.value)).toHaveLength(10)
})

test("rating: a scale scores the point, an item added without bounds taking 1 and the field's max", () => {
  const scoring = rating.scoring!
  expect(scoring.by).toBe('value')
  expect([scoring.itemDefaults?.({ options: null }), scoring.itemDefaults?.({ options: null, max: 7 })]).toEqual([
    { min: 1, max: 5 },
    { min: 1, max: 7 },
  ])
  const item = { scores: null, min: 1, max: 7 }
  expect(scoring.range(item)).toEqual({ min: 1, max: 7 })
  expect([scoring.value(item, 6), scoring.value(item, 9), scoring.value(item, null)]).toEqual([6, 7, null])
})
