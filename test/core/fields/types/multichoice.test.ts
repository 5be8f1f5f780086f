import { expect, test } from 'bun:test'
import { multichoice } from '../../../../server/contract/fields/types/multichoice.ts'

const OPTIONS = ['a', 'b', 'c']

test('multichoice: an array of options; from a form always an array; checkboxes', () => {
  expect([
    multichoice.check(['a', 'c'], OPTIONS),
    multichoice.check([], OPTIONS),
    multichoice.check('a', OPTIONS),
    multichoice.check(['a', 'x', 'y'], OPTIONS),
  ]).toEqual([
    null,
    null,
    'must be an array of option texts, got string "a"',
    '"x", "y" are not options; options are "a", "b", "c"',
  ])
  expect(multichoice.form).toEqual({
    keepsEmpty: false,
    multiple: true,
    coerce: expect.any(Function),
    texts: expect.any(Function),
  })
  expect(multichoice.form.texts(['a', 'b'])).toEqual(['a', 'b'])
  expect([multichoice.example(OPTIONS), multichoice.previewAnswer({ name: 'q', label: '', options: OPTIONS })]).toEqual(
    [['a', 'b'], ['b']],
  )
  const control = multichoice.control
  if (control.kind !== 'choices') throw new Error('a multichoice is picked')
  expect(control.multiple).toBe(true)
  expect(multichoice.summary).toBe('items')
})

test('multichoice: a scale sums the picked options; ticking none scores 0, only unscored ones is unanswered', () => {
  const scoring = multichoice.scoring!
  const item = { scores: { a: -1, b: 2, c: 3 }, min: null, max: null }
  expect(scoring.range(item)).toEqual({ min: -1, max: 5 })
  expect([
    scoring.value(item, ['b', 'c']),
    scoring.value(item, []),
    scoring.value(item, ['x']),
    scoring.value(item, 'a'),
    scoring.value(item, ['a', 'x']),
  ]).toEqual([5, 0, null, -1, -1])
})
