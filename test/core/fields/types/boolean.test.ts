import { expect, test } from 'bun:test'
import { LIMITS } from '../../../../server/contract/limits.ts'
import { boolean } from '../../../../server/contract/fields/types/boolean.ts'

test('boolean: true or false; forms read true/on/yes/1 and false/off/no/0 in any case', () => {
  expect([
    boolean.check(true, null),
    boolean.check(false, null),
    boolean.check('true', null),
    boolean.check({}, null),
  ]).toEqual([null, null, 'must be true or false, got string "true"', 'must be true or false, got an object'])
  expect(
    ['true', 'ON', ' yes ', '1', 'false', 'Off', 'no', '0', 'maybe'].map((text) => boolean.form.coerce(text, LIMITS)),
  ).toEqual([true, true, true, true, false, false, false, false, 'maybe'])
  expect([boolean.form.texts(true), boolean.form.texts(false)]).toEqual([['true'], ['false']])
  expect(boolean.form.keepsEmpty).toBe(false)
  expect([boolean.summary, boolean.scoring]).toEqual(['booleans', null])
})

test('boolean: a single choice of Yes (posts true) and No (posts false), so no answer posts nothing', () => {
  const control = boolean.control
  if (control.kind !== 'choices') throw new Error('a boolean is picked')
  expect(control.multiple).toBe(false)
  expect(control.choices(null)).toEqual([
    { value: 'true', label: 'Yes' },
    { value: 'false', label: 'No' },
  ])
})
