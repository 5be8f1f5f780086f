import { expect, test } from 'bun:test'
import { choice } from '../../../../server/contract/fields/types/choice.ts'

const OPTIONS = ['low', 'mid', 'high']

test('choice: one option as text; the control offers the options as they are', () => {
  expect([
    choice.check('mid', OPTIONS),
    choice.check('none', OPTIONS),
    choice.check(['mid'], OPTIONS),
    choice.check('anything', null),
  ]).toEqual([
    null,
    'must be one of "low", "mid", "high", got "none"',
    'must be one of the options as text, got an array',
    null,
  ])
  expect(choice.hasOptions).toBe(true)
  expect([choice.example(OPTIONS), choice.example(null)]).toEqual(['low', 'option'])
  expect([
    choice.previewAnswer({ name: 'q', label: '', options: OPTIONS }),
    choice.previewAnswer({ name: 'q', label: '', options: [] }),
  ]).toEqual(['mid', undefined])
  const control = choice.control
  if (control.kind !== 'choices') throw new Error('a choice is picked')
  expect([control.multiple, control.choices(['a  b'])]).toEqual([false, [{ value: 'a  b', label: 'a  b' }]])
  expect(choice.summary).toBe('values')
})

test('choice: a scale scores the picked option; options without a score count as unanswered', () => {
  const scoring = choice.scoring!
  const item = { scores: { low: -1, mid: 2, high: 5 }, min: null, max: null }
  expect(scoring.by).toBe('options')
  expect([scoring.range(item), scoring.range({ scores: {}, min: null, max: null })]).toEqual([
    { min: -1, max: 5 },
    { min: 0, max: 0 },
  ])
  expect([
    scoring.value(item, 'high'),
    scoring.value(item, 'other'),
    scoring.value(item, ['high']),
    scoring.value(item, 'toString'),
  ]).toEqual([5, null, null, null])
})
