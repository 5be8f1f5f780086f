/**
 * The showIf evaluator (contract/fields/show-if-eval.ts): what each operator means on each
 * kind of answer, chains through hidden questions, and properties over random forms.
 */
import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import type { ShowIfCondition } from '../../../server/contract/fields/show-if.ts'
import { shownFields } from '../../../server/contract/fields/show-if-eval.ts'
import { checkProperty } from '../../property/check.ts'
import { formAndAnswers } from '../../property/show-if-arbitraries.ts'
import { FILL_IN_CLIENT_JS } from '../../../server/pages/assets.ts'

/** Whether a question asked when `condition` holds on the answer `answer` (of field `a`) is shown. */
const shownWith = (condition: Omit<ShowIfCondition, 'field'>, answer: unknown): boolean =>
  shownFields([{ name: 'a' }, { name: 'b', showIf: { all: [{ field: 'a', ...condition }] } }], {
    ...(answer === undefined ? {} : { a: answer }),
  }).has('b')

describe('operators', () => {
  // [op, value, answer, shown]
  const cases: Array<[ShowIfCondition['op'], ShowIfCondition['value'], unknown, boolean]> = [
    ['answered', undefined, 'x', true],
    ['answered', undefined, 0, true],
    ['answered', undefined, false, true],
    ['answered', undefined, '', false],
    ['answered', undefined, [], false],
    ['answered', undefined, null, false],
    ['answered', undefined, undefined, false],
    ['unanswered', undefined, undefined, true],
    ['unanswered', undefined, [], true],
    ['unanswered', undefined, 'x', false],
    // eq: text exactly, numbers by value, booleans, a consent ticked as true
    ['eq', 'Yes', 'Yes', true],
    ['eq', 'Yes', 'yes', false],
    ['eq', 3, 3, true],
    ['eq', 3, '3', false],
    ['eq', false, false, true],
    ['eq', false, undefined, false],
    ['eq', true, { agreed: true, text: 'I agree' }, true],
    // eq on a multichoice list: exactly that one option picked
    ['eq', 'Red', ['Red'], true],
    ['eq', 'Red', ['Red', 'Blue'], false],
    // ne is not eq, and so holds on a missing answer
    ['ne', 'Yes', 'No', true],
    ['ne', 'Yes', 'Yes', false],
    ['ne', 'Yes', undefined, true],
    ['ne', 'Red', ['Red', 'Blue'], true],
    // in: one of the values; on a list, any pick listed
    ['in', ['a', 'b'], 'b', true],
    ['in', ['a', 'b'], 'c', false],
    ['in', [1, 2], 2, true],
    ['in', ['Red'], ['Blue', 'Red'], true],
    ['in', ['Red'], ['Blue'], false],
    ['in', ['a'], undefined, false],
    // contains: an option among the picks, or text within text ignoring case
    ['contains', 'Red', ['Blue', 'Red'], true],
    ['contains', 'Red', ['Blue'], false],
    ['contains', 'late', 'The bus was LATE again', true],
    ['contains', 'late', 'on time', false],
    ['contains', 'late', undefined, false],
    ['contains', '1', 12, false],
    // gt / lt: numbers, dates, date-times, times of day
    ['gt', 6, 7, true],
    ['gt', 6, 6, false],
    ['lt', 6, 5.5, true],
    ['gt', 6, '7', false],
    ['gt', '2026-01-31', '2026-02-01', true],
    ['lt', '2026-01-31', '2026-01-30', true],
    ['gt', '2026-01-31', '2026-01-31T09:30', true],
    ['gt', '2026-01-31T09:30', '2026-01-31T10:30:00+02:00', false],
    ['lt', '2026-01-31T09:30', '2026-01-31T10:30:00+02:00', true],
    ['gt', '09:30', '17:45:30', true],
    ['lt', '09:30', '09:29', true],
    ['gt', '09:30', '2026-01-31', false],
    ['gt', 6, undefined, false],
    ['gt', 1, [2], false],
    ['lt', '2026-01-31', 'soon', false],
  ]
  test.each(cases)('%s %p on %p: shown %p', (op, value, answer, shown) => {
    expect(shownWith(value === undefined ? { op } : { op, value }, answer)).toBe(shown)
  })
})

describe('conditions together', () => {
  const form = (rule: 'all' | 'any') => [
    { name: 'a' },
    { name: 'b' },
    {
      name: 'c',
      showIf: {
        [rule]: [
          { field: 'a', op: 'eq', value: 1 },
          { field: 'b', op: 'eq', value: 2 },
        ],
      } as never,
    },
  ]

  test('all needs every condition, any needs one', () => {
    expect([...shownFields(form('all'), { a: 1, b: 2 })]).toEqual(['a', 'b', 'c'])
    expect([...shownFields(form('all'), { a: 1, b: 3 })]).toEqual(['a', 'b'])
    expect([...shownFields(form('any'), { a: 1, b: 3 })]).toEqual(['a', 'b', 'c'])
    expect([...shownFields(form('any'), { a: 0, b: 3 })]).toEqual(['a', 'b'])
  })

  test('a hidden question counts as unanswered, so conditions chain', () => {
    const chain = [
      { name: 'likes', showIf: null },
      { name: 'why', showIf: { all: [{ field: 'likes', op: 'eq' as const, value: false }] } },
      { name: 'more', showIf: { all: [{ field: 'why', op: 'answered' as const }] } },
    ]
    expect([...shownFields(chain, { likes: false, why: 'slow', more: 'x' })]).toEqual(['likes', 'why', 'more'])
    // "why" still holds an answer, but is hidden once likes is true: "more" goes too.
    expect([...shownFields(chain, { likes: true, why: 'slow', more: 'x' })]).toEqual(['likes'])
  })

  test('a condition on a later, unknown or its own field reads it as unanswered', () => {
    const fields = [
      { name: 'a', showIf: { all: [{ field: 'b', op: 'unanswered' as const }] } },
      { name: 'b', showIf: { all: [{ field: 'b', op: 'answered' as const }] } },
      { name: 'c', showIf: { any: [{ field: 'nope', op: 'eq' as const, value: 'x' }] } },
    ]
    expect([...shownFields(fields, { a: 1, b: 2, nope: 'x' })]).toEqual(['a'])
  })

  test('names like __proto__ are plain names', () => {
    const fields = [
      { name: '__proto__' },
      { name: 'x', showIf: { all: [{ field: '__proto__', op: 'eq' as const, value: 'y' }] } },
    ]
    const answers = JSON.parse('{"__proto__": "y"}') as Record<string, unknown>
    expect([...shownFields(fields, answers)]).toEqual(['__proto__', 'x'])
    expect([...shownFields(fields, {})]).toEqual(['__proto__'])
  })
})

describe('properties', () => {
  test('questions without showIf are always asked', async () => {
    await checkProperty(
      'questions without showIf are always asked',
      fc.property(formAndAnswers(), ({ form, answers }) => {
        const shown = shownFields(form, answers)
        for (const field of form) if (!field.showIf) expect(shown.has(field.name)).toBe(true)
      }),
    )
  })

  test("hidden questions' answers change nothing", async () => {
    await checkProperty(
      "hidden questions' answers change nothing",
      fc.property(formAndAnswers(), ({ form, answers }) => {
        const shown = shownFields(form, answers)
        const kept = Object.fromEntries(Object.entries(answers).filter(([name]) => shown.has(name)))
        expect([...shownFields(form, kept)]).toEqual([...shown])
      }),
    )
  })

  test('later answers never change whether an earlier question is asked', async () => {
    await checkProperty(
      'later answers never change whether an earlier question is asked',
      fc.property(formAndAnswers(), fc.nat(), ({ form, answers }, cut) => {
        const k = cut % form.length
        const shown = shownFields(form, answers)
        const prefix = shownFields(form.slice(0, k), answers)
        expect([...prefix]).toEqual([...shown].filter((name) => form.findIndex((f) => f.name === name) < k))
      }),
    )
  })

  test('any is the or of its conditions, all their and, and ne the negation of eq', async () => {
    await checkProperty(
      'any is the or of its conditions, all their and, and ne the negation of eq',
      fc.property(formAndAnswers(), ({ form, answers }) => {
        const shown = shownFields(form, answers)
        // Whether one condition holds, judged by a form holding only it (on the same answers of asked questions).
        const asked = Object.fromEntries(Object.entries(answers).filter(([name]) => shown.has(name)))
        const alone = (c: ShowIfCondition) =>
          shownFields([...form.map((f) => ({ name: f.name })), { name: '?', showIf: { all: [c] } }], asked).has('?')
        form.forEach((field, i) => {
          if (!field.showIf) return
          // Asked only when its conditions hold and every earlier question it depends on was asked.
          const upstream = shownFields(form.slice(0, i), answers)
          const kept = Object.fromEntries(Object.entries(answers).filter(([name]) => upstream.has(name)))
          const holds = (c: ShowIfCondition) =>
            shownFields(
              [...form.slice(0, i).map((f) => ({ name: f.name })), { name: '?', showIf: { all: [c] } }],
              kept,
            ).has('?')
          const expected = 'all' in field.showIf ? field.showIf.all.every(holds) : field.showIf.any.some(holds)
          expect(shown.has(field.name)).toBe(expected)
          for (const c of 'all' in field.showIf ? field.showIf.all : field.showIf.any)
            if (c.op === 'eq') expect(alone({ ...c, op: 'ne' })).toBe(!alone(c))
        })
      }),
    )
  })
})

describe('the page runs the same function', () => {
  test("the fill-in script carries the evaluator's own source, and it answers alike on its own", async () => {
    const source = shownFields.toString()
    expect(FILL_IN_CLIENT_JS).toContain(`})((${source}))`)
    // Run in a scope of its own: it must need nothing from this module.
    const served = new Function(`return (${source})`)() as typeof shownFields
    await checkProperty(
      'the served evaluator answers as the module does',
      fc.property(formAndAnswers(), ({ form, answers }) => {
        expect([...served(form, answers)]).toEqual([...shownFields(form, answers)])
      }),
    )
  })
})
