/**
 * @module Field type `likert`: one point of a Likert scale, whose `options` are the labelled
 * points in order ("Strongly disagree" … "Strongly agree"), stored as the option's text like a
 * choice. A scale scores each option; an item added without scores scores them by position,
 * 1 for the first.
 */
import { choice, middleOption, singleOptionScoring } from './choice.ts'
import { optionChoices } from './control.ts'
import { defineFieldType, keepText, oneText } from './spec.ts'

export const likert = defineFieldType({
  name: 'likert',
  label: 'Likert scale',
  description: "one of the field's options, which are the points of the scale in order, as text",
  hasOptions: true,
  check: choice.check,
  form: { keepsEmpty: false, multiple: false, coerce: keepText, texts: oneText },
  respondent: { missing: 'Select an answer', invalid: 'Select one of the options' },
  example: (options) => middleOption(options) ?? 'option',
  previewAnswer: (field) => middleOption(field.options),
  control: { kind: 'choices', multiple: false, choices: optionChoices },
  summary: 'values',
  identifying: false,
  scoring: {
    ...singleOptionScoring,
    itemDefaults: (field) => ({
      scores: Object.fromEntries((field.options ?? []).map((option, index) => [option, index + 1])),
    }),
  },
})
