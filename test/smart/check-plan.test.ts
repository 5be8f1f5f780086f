/**
 * Plan validation: the shape (zod, reusing the modules' schemas) and the rules between
 * sections, each broken on purpose in a valid plan, with the exact problems expected.
 */
import { describe, expect, test } from 'bun:test'
import { AppError } from '../../server/contract/errors.ts'
import { planWithBuiltin } from '../../server/smart/builtin-planner.ts'
import { checkPlan, requireValidPlan } from '../../server/contract/smart/check-plan.ts'
import { planSchema, type Plan } from '../../server/contract/smart/plan.ts'
import { planSystemPrompt, planUserPrompt } from '../../server/contract/smart/plan-prompt.ts'
import { z } from 'zod'
import type { JsonDocument } from '../support/contract.ts'

/** 2 questions on one 5-point scale: q1, q2 → "tension" (mean 1–5), levels low/high. */
const base = (): Plan => structuredClone(planWithBuiltin('a 2-question stress check with 1 dimension, 2 levels'))

test('the base plan is what the cases below assume', () => {
  const plan = base()
  expect(checkPlan(plan).problems).toEqual([])
  expect(plan.form.fields.map((field) => field.name)).toEqual(['q1', 'q2'])
  expect(
    plan.scale.scales.map((scale) => [
      scale.key,
      scale.method,
      scale.levels!.map((level) => [level.key, level.min, level.max]),
    ]),
  ).toEqual([
    [
      'tension',
      'mean',
      [
        ['low', 1, 3],
        ['high', 3, 5],
      ],
    ],
  ])
})

const cases: Array<[string, (plan: Plan) => unknown, Array<{ path: string; message: string }>]> = [
  [
    'a level gap',
    (plan) => (plan.scale.scales[0].levels![1].min = 3.5),
    [{ path: 'scale.scales.0.levels', message: 'gap from 3 to 3.5: scores between "low" and "high" have no level' }],
  ],
  [
    'overlapping levels',
    (plan) => (plan.scale.scales[0].levels![0].max = 4),
    [{ path: 'scale.scales.0.levels', message: 'levels "low" (1–4) and "high" (3–5) overlap from 3 to 4' }],
  ],
  [
    'levels that stop short of the top score',
    (plan) => (plan.scale.scales[0].levels![1].max = 4),
    [
      {
        path: 'scale.scales.0.levels',
        message: 'gap from 4 to 5: the highest possible score is 5, above level "high"',
      },
    ],
  ],
  [
    'an item naming no field',
    (plan) => (plan.scale.scales[0].items![0].field = 'q9'),
    [{ path: 'scale.scales.0.items.0.field', message: 'names no form field: "q9"' }],
  ],
  [
    'an option without a score',
    (plan) => delete plan.scale.scales[0].items![0].scores!.Often,
    [{ path: 'scale.scales.0.items.0.scores', message: 'has no score for "Often"' }],
  ],
  [
    'a score for an option the field lacks',
    (plan) => (plan.scale.scales[0].items![1].scores!.Maybe = 2),
    [{ path: 'scale.scales.0.items.1.scores', message: 'scores options the field does not have: "Maybe"' }],
  ],
  [
    'a text field as an item',
    (plan) => Object.assign(plan.form.fields[0], { type: 'text', options: null }),
    [
      {
        path: 'scale.scales.0.items.0.field',
        message:
          'field "q1" is a text field; only choice, likert, multichoice, nps, number, rating fields can be scored',
      },
    ],
  ],
  [
    'a number item without bounds',
    (plan) => {
      Object.assign(plan.form.fields[0], { type: 'number', options: null })
      delete plan.scale.scales[0].items![0].scores
    },
    [{ path: 'scale.scales.0.items.0', message: 'a number item needs both min and max, so the score range is known' }],
  ],
  [
    'two fields with one name',
    (plan) => (plan.form.fields[1].name = 'q1'),
    [
      { path: 'form.fields', message: 'two fields are named "q1"' },
      { path: 'scale.scales.0.items.1.field', message: 'names no form field: "q2"' },
    ],
  ],
  [
    'one field scored twice',
    (plan) => (plan.scale.scales[0].items![1].field = 'q1'),
    [{ path: 'scale.scales.0.items', message: 'field "q1" is scored twice in this scale' }],
  ],
  [
    'a choice field without options',
    (plan) => (plan.form.fields[0].options = null),
    [
      { path: 'form.fields.0.options', message: 'is required for a choice field: list the choices' },
      {
        path: 'scale.scales.0.items.0.scores',
        message: 'scores options the field does not have: "Never", "Rarely", "Sometimes", "Often", "Always"',
      },
    ],
  ],
  [
    'a scale without levels',
    (plan) => (plan.scale.scales[0].levels = []),
    [
      { path: 'scale.scales.0.levels', message: 'needs at least one level' },
      { path: 'expert.commentary.0.level', message: 'scale "tension" has no level "low"' },
      { path: 'expert.commentary.1.level', message: 'scale "tension" has no level "high"' },
    ],
  ],
  [
    'a score section for a missing scale',
    (plan) => (plan.report.pages[0].sections[1] = { type: 'score', scale: 'energy' }),
    [{ path: 'report.pages.0.sections.1.scale', message: 'names no scale of the plan: "energy"' }],
  ],
  [
    'a score section without a scale',
    (plan) => (plan.report.pages[0].sections[1] = { type: 'score' }),
    [{ path: 'report.pages.0.sections.1.scale', message: 'a score section needs the key of the scale it shows' }],
  ],
  [
    'commentary for a missing level',
    (plan) => (plan.expert.commentary[1].level = 'extreme'),
    [{ path: 'expert.commentary.1.level', message: 'scale "tension" has no level "extreme"' }],
  ],
  [
    'a bad scale key (schema)',
    (plan) => (plan.scale.scales[0].key = 'Tension!'),
    [
      {
        path: 'scale.scales.0.key',
        message: 'must start with a lower-case letter and use only a-z, 0-9, "-" and "_" (at most 40 characters)',
      },
    ],
  ],
  [
    'an unknown language (schema)',
    (plan) => ((plan as { language: string }).language = 'fr'),
    [{ path: 'language', message: 'Invalid option: expected one of "en"|"zh"' }],
  ],
  [
    'an unknown property (schema)',
    (plan) => ((plan as Record<string, unknown>).extra = 1),
    [{ path: '', message: 'Unrecognized key: "extra"' }],
  ],
  [
    'a theme colour that is not a colour (connect schema)',
    (plan) => (plan.connect.theme.primaryColor = 'blurple'),
    [
      {
        path: 'connect.theme.primaryColor',
        message: 'must be a CSS colour: #rgb, #rrggbb, rgb(…), hsl(…) or a colour name',
      },
    ],
  ],
]

describe('plan validation', () => {
  test.each(cases)('%s', (_name, mutate, problems) => {
    const plan = base()
    mutate(plan)
    expect(checkPlan(plan)).toEqual({ plan: null, problems })
  })

  test('requireValidPlan throws a 422 listing every problem', () => {
    const plan = base()
    plan.scale.scales[0].levels![1].min = 3.5
    plan.expert.commentary[1].level = 'extreme'
    let error: unknown
    try {
      requireValidPlan(plan)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(AppError)
    const appError = error as AppError
    expect([appError.status, appError.type, appError.message]).toEqual([
      422,
      'validation',
      'The plan is not valid: 2 problems; fix them and save again',
    ])
    expect(appError.details).toEqual({
      problems: [
        { path: 'scale.scales.0.levels', message: 'gap from 3 to 3.5: scores between "low" and "high" have no level' },
        { path: 'expert.commentary.1.level', message: 'scale "tension" has no level "extreme"' },
      ],
    })
  })

  test('a plain form (fields only: no scales, report pages or expert) is a valid plan, and the models are told so', () => {
    const plain = { ...base(), scale: { scales: [] }, report: { pages: [] }, expert: { profile: {}, commentary: [] } }
    expect(checkPlan(plain)).toEqual({ plan: plain, problems: [] })
    const schema = z.toJSONSchema(planSchema, { unrepresentable: 'any', io: 'input' }) as JsonDocument
    expect([
      schema.properties.scale.properties.scales.minItems,
      schema.properties.report.properties.pages.minItems,
    ]).toEqual([undefined, undefined])
    expect(planSystemPrompt()).toContain('plain forms that collect answers (fields only)')
    expect(planSystemPrompt()).toContain(
      '"scale.scales", "report.pages" and "expert.commentary" empty, "expert.profile" {}',
    )
    expect(planUserPrompt('a contact form', planWithBuiltin('a contact form'))).toContain(
      'It is a plain form (fields only): improve the fields (names, labels, types, options, required), not scores',
    )
  })

  test('a document that is not an object', () => {
    expect(checkPlan('plan')).toEqual({
      plan: null,
      problems: [{ path: '', message: 'Invalid input: expected object, received string' }],
    })
  })
})
