/**
 * @module Random forms with conditional questions, and random answers to them (fast-check):
 * a few fields of the types conditions are most often put on, each after the first perhaps
 * asked only when earlier answers meet conditions that fit those fields' types, as the
 * save-time checks would let an owner write them.
 */
import fc from 'fast-check'
import type { ShowIf, ShowIfCondition, ShowIfOp } from '../../server/contract/fields/show-if.ts'

/** The types of the random forms, and the options of their choice fields. */
export type RandomType = 'text' | 'number' | 'boolean' | 'choice' | 'multichoice' | 'date'
export const RANDOM_OPTIONS = ['Red', 'Green', 'Blue'] as const

export interface RandomField {
  name: string
  type: RandomType
  options: string[] | null
  required: boolean
  showIf?: ShowIf
}

const TYPES: readonly RandomType[] = ['text', 'number', 'boolean', 'choice', 'multichoice', 'date']
const WORDS = ['yes', 'no', 'Maybe', 'blue sky'] as const

/** The operators that make sense on each type (save-time checks refuse the others). */
export const OPS_BY_TYPE: Record<RandomType, readonly ShowIfOp[]> = {
  text: ['eq', 'ne', 'in', 'contains', 'answered', 'unanswered'],
  number: ['eq', 'ne', 'in', 'gt', 'lt', 'answered', 'unanswered'],
  boolean: ['eq', 'ne', 'answered', 'unanswered'],
  choice: ['eq', 'ne', 'in', 'answered', 'unanswered'],
  multichoice: ['eq', 'ne', 'in', 'contains', 'answered', 'unanswered'],
  date: ['eq', 'ne', 'gt', 'lt', 'answered', 'unanswered'],
}

/** One value that fits a field of `type` (never missing). */
export function fittingValue(type: RandomType): fc.Arbitrary<string | number | boolean> {
  switch (type) {
    case 'text':
      return fc.constantFrom(...WORDS)
    case 'number':
      return fc.integer({ min: 0, max: 4 })
    case 'boolean':
      return fc.boolean()
    case 'choice':
    case 'multichoice':
      return fc.constantFrom(...RANDOM_OPTIONS)
    case 'date':
      return fc.constantFrom('2026-01-30', '2026-01-31', '2026-02-01')
  }
}

/** An answer to a field of `type` as the server reads it, or undefined for none. */
export function answerOf(type: RandomType): fc.Arbitrary<unknown> {
  const given: fc.Arbitrary<unknown> =
    type === 'multichoice'
      ? fc.subarray([...RANDOM_OPTIONS], { minLength: 1 })
      : type === 'text'
        ? fc.oneof(fc.constantFrom(...WORDS), fc.constantFrom('YES please', 'the blue sky'))
        : fittingValue(type)
  return fc.option(given, { nil: undefined, freq: 3 })
}

function conditionOn(field: RandomField): fc.Arbitrary<ShowIfCondition> {
  return fc.constantFrom(...OPS_BY_TYPE[field.type]).chain((op): fc.Arbitrary<ShowIfCondition> => {
    if (op === 'answered' || op === 'unanswered') return fc.constant({ field: field.name, op })
    if (op === 'in')
      return fc
        .uniqueArray(fittingValue(field.type), { minLength: 1, maxLength: 3 })
        .map((value) => ({ field: field.name, op, value }))
    return fittingValue(field.type).map((value) => ({ field: field.name, op, value }))
  })
}

/** A form of 2–`max` fields named q0, q1…, in order; conditions only name earlier fields. */
export function randomForm(max = 6): fc.Arbitrary<RandomField[]> {
  return fc
    .array(fc.record({ type: fc.constantFrom(...TYPES), required: fc.boolean() }), { minLength: 2, maxLength: max })
    .chain((shapes) => {
      const plain: RandomField[] = shapes.map((shape, i) => ({
        name: `q${i}`,
        type: shape.type,
        options: shape.type === 'choice' || shape.type === 'multichoice' ? [...RANDOM_OPTIONS] : null,
        required: shape.required,
      }))
      const withRules = plain.map((field, i) =>
        i === 0
          ? fc.constant(field)
          : fc
              .option(
                fc.record({
                  all: fc.boolean(),
                  conditions: fc.array(fc.constantFrom(...plain.slice(0, i)).chain(conditionOn), {
                    minLength: 1,
                    maxLength: 3,
                  }),
                }),
                { nil: undefined },
              )
              .map((rule) =>
                rule === undefined
                  ? field
                  : { ...field, showIf: rule.all ? { all: rule.conditions } : { any: rule.conditions } },
              ),
      )
      return fc.tuple(...withRules)
    })
}

/** Answers to `form` by field name (a field left out has no answer). */
export function randomAnswers(form: readonly RandomField[]): fc.Arbitrary<Record<string, unknown>> {
  return fc.tuple(...form.map((field) => answerOf(field.type))).map((values) => {
    const answers: Record<string, unknown> = {}
    form.forEach((field, i) => {
      if (values[i] !== undefined) answers[field.name] = values[i]
    })
    return answers
  })
}

/** A form and answers to it. */
export const formAndAnswers = (max?: number) =>
  randomForm(max).chain((form) => randomAnswers(form).map((answers) => ({ form, answers })))
