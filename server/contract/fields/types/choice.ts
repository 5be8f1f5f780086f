/** @module Field type `choice`: one of the field's options, as text; a scale gives each option a score. */
import { quoteValue } from '../../errors.ts'
import { optionChoices } from './control.ts'
import { describeValue, defineFieldType, keepText, oneText, quoteAll, type ScoringSpec } from './spec.ts'

/** The middle option of a list (a preview lands on a middle level), or undefined without options. */
export const middleOption = (options: readonly string[] | null): string | undefined =>
  (options ?? [])[Math.floor(((options ?? []).length - 1) / 2)]

/** One picked option scores its score; the range runs from the lowest option score to the highest. */
export const singleOptionScoring: ScoringSpec = {
  by: 'options',
  range(item) {
    const values = Object.values(item.scores ?? {})
    return values.length === 0 ? { min: 0, max: 0 } : { min: Math.min(...values), max: Math.max(...values) }
  },
  value: (item, answer) =>
    typeof answer === 'string' && Object.hasOwn(item.scores ?? {}, answer) ? item.scores![answer] : null,
}

export const choice = defineFieldType({
  name: 'choice',
  label: 'One choice',
  description: "one of the field's options, as text",
  hasOptions: true,
  check(value, options) {
    if (typeof value !== 'string') return `must be one of the options as text, got ${describeValue(value)}`
    return options && !options.includes(value) ? `must be one of ${quoteAll(options)}, got ${quoteValue(value)}` : null
  },
  form: { keepsEmpty: false, multiple: false, coerce: keepText, texts: oneText },
  respondent: { missing: 'Select an answer', invalid: 'Select one of the options' },
  example: (options) => options?.[0] ?? 'option',
  previewAnswer: (field) => middleOption(field.options),
  control: { kind: 'choices', multiple: false, choices: optionChoices },
  summary: 'values',
  identifying: false,
  scoring: singleOptionScoring,
})
