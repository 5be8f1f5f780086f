import { expect, test } from 'bun:test'
import { LIMITS } from '../../../../server/contract/limits.ts'
import { number } from '../../../../server/contract/fields/types/number.ts'

test('number: finite numbers; a form decimal becomes a number unless it would lose digits', () => {
  expect([number.check(1.5, null), number.check(Number.NaN, null), number.check('1', null)]).toEqual([
    null,
    'must be a number, got number NaN',
    'must be a number, got string "1"',
  ])
  expect(
    [' 1e3 ', '7.5', '-0.25', '.5', '+3', 'abc', '9007199254740993', '1e400'].map((text) =>
      number.form.coerce(text, LIMITS),
    ),
  ).toEqual([1000, 7.5, -0.25, 0.5, 3, 'abc', '9007199254740993', '1e400'])
  expect(number.form.keepsEmpty).toBe(false)
  expect(number.form.texts(42)).toEqual(['42'])
  expect(number.control).toEqual({ kind: 'input', type: 'number', decimal: true })
  expect(number.summary).toBe('numbers')
})

test('number: a scale scores the value, clamped to the item bounds; plain decimal text stored earlier counts', () => {
  const scoring = number.scoring!
  const item = { scores: null, min: 1, max: 10 }
  expect(scoring.by).toBe('value')
  expect(scoring.range(item)).toEqual({ min: 1, max: 10 })
  expect(scoring.range({ scores: null, min: null, max: null })).toEqual({ min: -Infinity, max: Infinity })
  expect([
    scoring.value(item, 5),
    scoring.value(item, 50),
    scoring.value(item, -3),
    scoring.value(item, ' 7 '),
    scoring.value(item, '1e2'),
    scoring.value(item, true),
  ]).toEqual([5, 10, 1, 7, null, null])
})
