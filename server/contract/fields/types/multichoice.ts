/**
 * @module Field type `multichoice`: any number of the field's options, as an array of
 * texts (checkboxes on forms; from a form it is always an array). A scale sums the scores
 * of the options picked.
 */
import { middleOption } from './choice.ts'
import { optionChoices } from './control.ts'
import { describeValue, defineFieldType, formText, keepText, quoteAll } from './spec.ts'

export const multichoice = defineFieldType({
  name: 'multichoice',
  label: 'Several choices',
  description: "any of the field's options, as an array of texts",
  hasOptions: true,
  check(value, options) {
    if (!Array.isArray(value) || !value.every((item) => typeof item === 'string'))
      return `must be an array of option texts, got ${describeValue(value)}`
    const unknown = options ? value.filter((item) => !options.includes(item)) : []
    return unknown.length
      ? `${quoteAll(unknown)} ${unknown.length === 1 ? 'is not an option' : 'are not options'}; options are ${quoteAll(options!)}`
      : null
  },
  form: {
    keepsEmpty: false,
    multiple: true,
    coerce: keepText,
    texts: (value) => (Array.isArray(value) ? value.map(formText) : [formText(value)]),
  },
  respondent: { missing: 'Select at least one answer', invalid: 'Select only the options listed' },
  example: (options) => options?.slice(0, 2) ?? ['option'],
  previewAnswer(field) {
    const middle = middleOption(field.options)
    return middle === undefined ? undefined : [middle]
  },
  control: { kind: 'choices', multiple: true, choices: optionChoices },
  summary: 'items',
  identifying: false,
  scoring: {
    by: 'options',
    range(item) {
      // Ticking nothing scores 0; ticking every negative (or positive) option is the extreme.
      const values = Object.values(item.scores ?? {})
      return {
        min: values.filter((v) => v < 0).reduce((a, b) => a + b, 0),
        max: values.filter((v) => v > 0).reduce((a, b) => a + b, 0),
      }
    },
    value(item, answer) {
      const picked = Array.isArray(answer) ? answer : [answer]
      const scored = picked.filter(
        (option): option is string => typeof option === 'string' && Object.hasOwn(item.scores ?? {}, option),
      )
      return picked.length > 0 && scored.length === 0
        ? null
        : scored.reduce((total, option) => total + item.scores![option], 0)
    },
  },
})
