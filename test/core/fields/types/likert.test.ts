import { expect, test } from 'bun:test'
import { likert } from '../../../../server/contract/fields/types/likert.ts'

const POINTS = ['Strongly disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly agree']

test('likert: one of its points (the options, in order) as text, like a choice; radio buttons in their order', () => {
  expect([likert.check('Agree', POINTS), likert.check('Maybe', POINTS), likert.check(4, POINTS)]).toEqual([
    null,
    'must be one of "Strongly disagree", "Disagree", "Neutral", "Agree", "Strongly agree", got "Maybe"',
    'must be one of the options as text, got number 4',
  ])
  expect(likert.hasOptions).toBe(true)
  expect([likert.example(POINTS), likert.previewAnswer({ name: 'q', label: '', options: POINTS })]).toEqual([
    'Neutral',
    'Neutral',
  ])
  const control = likert.control
  if (control.kind !== 'choices') throw new Error('a Likert point is picked')
  expect([control.multiple, control.choices(POINTS).map((choice) => choice.value)]).toEqual([false, POINTS])
  expect(likert.respondent).toEqual({ missing: 'Select an answer', invalid: 'Select one of the options' })
  expect(likert.summary).toBe('values')
})

test('likert: a scale scores each point, by position (1 for the first) when an item gives no scores', () => {
  const scoring = likert.scoring!
  expect(scoring.by).toBe('options')
  const scores = scoring.itemDefaults?.({ options: POINTS }).scores
  expect(scores).toEqual({ 'Strongly disagree': 1, Disagree: 2, Neutral: 3, Agree: 4, 'Strongly agree': 5 })
  const item = { scores: scores!, min: null, max: null }
  expect(scoring.range(item)).toEqual({ min: 1, max: 5 })
  expect([scoring.value(item, 'Agree'), scoring.value(item, 'Maybe')]).toEqual([4, null])
  // Scored by the owner's own scores like a choice.
  expect(scoring.value({ scores: { Agree: 10 }, min: null, max: null }, 'Agree')).toBe(10)
})
