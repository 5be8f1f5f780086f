/**
 * The Data tab's point-and-click filter writes conditions in the language the server reads:
 * every condition it can build, for every field type, parses (server/core/records/filter.ts)
 * into the test it says; names and texts of any kind survive the quoting; each type offers
 * the operators that fit it.
 */
import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import {
  addCondition,
  conditionText,
  fieldRef,
  operatorsFor,
  type Operator,
} from '../../admin/components/svc-record-filter/conditions.ts'
import { FIELD_TYPES, type FieldType } from '../../server/contract/fields/types/index.ts'
import { parseFilter } from '../../server/core/records/filter.ts'

const labels = (type: FieldType) => operatorsFor({ type }).map((o) => o.label)

/** A value of the kind an operator takes, as the builder's control would hold it. */
const SAMPLE: Record<Operator['value'], string> = {
  none: '',
  text: 'O\'Brien \\ says "hi"',
  number: '-12.5',
  date: '2026-01-31',
  option: 'pro',
}

describe('operators by field type', () => {
  test('each type offers what fits it, then empty and not empty', () => {
    expect(labels('number')).toEqual([
      'is',
      'is not',
      'is more than',
      'is at least',
      'is less than',
      'is at most',
      'is empty',
      'is not empty',
    ])
    expect(labels('boolean')).toEqual(['is yes', 'is no', 'is empty', 'is not empty'])
    expect(labels('choice')).toEqual(['is', 'is not', 'is empty', 'is not empty'])
    expect(labels('multichoice')).toEqual(['includes', 'does not include', 'is empty', 'is not empty'])
    expect(labels('date')).toEqual(['is', 'is before', 'is after', 'is empty', 'is not empty'])
    for (const type of ['text', 'longtext', 'email', 'json'] as const)
      expect(labels(type)).toEqual(['contains', 'does not contain', 'is', 'is not', 'is empty', 'is not empty'])
  })
})

describe('conditions parse into the test they say', () => {
  const cases = FIELD_TYPES.flatMap((type) => operatorsFor({ type }).map((operator) => [type, operator] as const))
  test.each(cases)('%s %j', (_type, operator) => {
    const written = conditionText({ name: 'answer' }, operator, SAMPLE[operator.value])
    if (!('text' in written)) throw new Error(written.problem)
    const node = parseFilter(written.text, ['answer'])
    const negated = operator.op === '!=' || operator.op === '!~'
    const test: unknown = 'not' in node ? node.not : node
    expect('not' in node).toBe(negated)
    if (operator.fixed === 'null') expect(test).toEqual({ on: 'field', name: 'answer', op: 'missing' })
    else
      expect(test).toEqual({
        on: 'field',
        name: 'answer',
        op: negated ? operator.op.slice(1) : operator.op,
        value:
          operator.fixed !== undefined
            ? operator.fixed === 'true'
            : operator.value === 'number'
              ? -12.5
              : SAMPLE[operator.value],
      })
  })

  test('any field name and any text survive the quoting', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 12 }).filter((name) => name.trim() === name && !name.includes('`')),
        fc.string({ minLength: 1, maxLength: 20 }),
        (name, text) => {
          const written = conditionText({ name }, operatorsFor({ type: 'text' })[2], text)
          if (!('text' in written)) throw new Error(written.problem)
          expect(parseFilter(written.text, [name])).toEqual({ on: 'field', name, op: '=', value: text })
        },
      ),
      { numRuns: 300 },
    )
  })

  test('names the language would read otherwise go in backticks; a backtick cannot be written', () => {
    expect(['email', 'first name', 'created', 'id', 'null', '2nd', 'größe', 'a-b'].map(fieldRef)).toEqual([
      'email',
      '`first name`',
      '`created`',
      '`id`',
      '`null`',
      '`2nd`',
      'größe',
      '`a-b`',
    ])
    expect(fieldRef('a`b')).toBeNull()
    expect(conditionText({ name: 'a`b' }, operatorsFor({ type: 'text' })[0], 'x')).toEqual({
      problem: 'This field’s name holds a backtick; write its condition in the expression field',
    })
  })

  test('a value the operator cannot take says what to enter', () => {
    const [is] = operatorsFor({ type: 'number' })
    expect(conditionText({ name: 'n' }, is, 'ten')).toEqual({ problem: 'Enter a number, like 42 or -1.5' })
    expect(conditionText({ name: 'n' }, is, ' 7 ')).toEqual({ text: 'n = 7' })
    expect(conditionText({ name: 'd' }, operatorsFor({ type: 'date' })[1], '')).toEqual({ problem: 'Choose a date' })
    expect(conditionText({ name: 't' }, operatorsFor({ type: 'text' })[0], '')).toEqual({ problem: 'Enter a value' })
  })
})

describe('adding a condition to the expression', () => {
  test('joins with &&, wrapping an expression that holds ||', () => {
    expect(addCondition('', 'a = 1')).toBe('a = 1')
    expect(addCondition('  b > 2 ', 'a = 1')).toBe('b > 2 && a = 1')
    expect(addCondition('b = 1 || c = 2', 'a = 1')).toBe('(b = 1 || c = 2) && a = 1')
    expect(parseFilter(addCondition('b = 1 || c = 2', 'a = 1'), ['a', 'b', 'c'])).toEqual({
      all: [
        {
          any: [
            { on: 'field', name: 'b', op: '=', value: 1 },
            { on: 'field', name: 'c', op: '=', value: 2 },
          ],
        },
        { on: 'field', name: 'a', op: '=', value: 1 },
      ],
    })
  })
})
