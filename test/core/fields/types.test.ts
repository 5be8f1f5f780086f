/**
 * The field-type registry (server/contract/fields/types): every registered type says
 * everything a type must say, its example is a value of its own type by its own check and
 * survives its own form coercion, and the registry stays bundleable for the admin page.
 */
import { describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { checkValue, coerceFormValues, type FieldRule } from '../../../server/core/fields/values.ts'
import {
  CHOICE_TYPES,
  FIELD_TYPE_SPECS,
  FIELD_TYPES,
  fieldTypeLabel,
  findFieldTypeSpec,
  SCORABLE_TYPES,
  type FieldType,
} from '../../../server/contract/fields/types/index.ts'
import { LIMITS } from '../../../server/contract/limits.ts'
import { SCORABLE_TYPES as SCALE_SCORABLE_TYPES } from '../../../server/contract/scales/model.ts'

const TYPES_DIR = join(import.meta.dir, '../../../server/contract/fields/types')
const OPTIONS = ['low', 'middle', 'high']
const optionsFor = (type: FieldType) => (FIELD_TYPE_SPECS[type].hasOptions ? OPTIONS : null)
/** A respondent's instruction: it starts by saying what to do and ends without a full stop. */
const RESPONDENT_WORDS = /^(?!.*[Pp]lease)(Enter|Select) .*[^.!\s]$/
const rule = (type: FieldType): FieldRule => ({
  name: 'f',
  type,
  required: false,
  options: optionsFor(type),
  autoCreated: false,
})

describe('the registry', () => {
  test('lists every type module once, by its own name, and the derived lists follow the specs', () => {
    const modules = readdirSync(TYPES_DIR)
      .filter((file) => !['index.ts', 'spec.ts', 'control.ts'].includes(file))
      .map((file) => file.replace(/\.ts$/, ''))
    expect([...FIELD_TYPES].sort() as string[]).toEqual(modules.sort())
    // Each type has its own test beside this one's folder.
    expect(readdirSync(join(import.meta.dir, 'types')).sort()).toEqual(modules.map((type) => `${type}.test.ts`).sort())
    for (const type of FIELD_TYPES) expect(FIELD_TYPE_SPECS[type].name).toBe(type)
    expect(CHOICE_TYPES).toEqual(FIELD_TYPES.filter((type) => FIELD_TYPE_SPECS[type].hasOptions))
    expect(CHOICE_TYPES).toEqual(['choice', 'multichoice', 'likert'])
    expect(SCALE_SCORABLE_TYPES).toEqual(SCORABLE_TYPES)
    expect(SCORABLE_TYPES).toEqual(['choice', 'likert', 'multichoice', 'nps', 'number', 'rating'])
    // Values that name a person: the public summary counts them and never lists them.
    expect(FIELD_TYPES.filter((type) => FIELD_TYPE_SPECS[type].identifying)).toEqual(['email', 'phone'])
    // The types with settings of their own, points, an answer that is always required, a stored form or a CSV text.
    expect(FIELD_TYPES.filter((type) => FIELD_TYPE_SPECS[type].settings)).toEqual(['rating'])
    expect(FIELD_TYPES.filter((type) => FIELD_TYPE_SPECS[type].points)).toEqual(['rating', 'nps'])
    expect(FIELD_TYPES.filter((type) => FIELD_TYPE_SPECS[type].alwaysRequired)).toEqual(['consent'])
    expect(FIELD_TYPES.filter((type) => FIELD_TYPE_SPECS[type].store)).toEqual(['consent'])
    expect(FIELD_TYPES.filter((type) => FIELD_TYPE_SPECS[type].csvText)).toEqual(['consent'])
    expect([
      findFieldTypeSpec('number')?.name,
      findFieldTypeSpec('stars'),
      findFieldTypeSpec('__proto__'),
      findFieldTypeSpec('toString'),
    ]).toEqual(['number', undefined, undefined, undefined])
  })

  test('names every type for people, each differently; an unknown name is shown as it is', () => {
    expect(FIELD_TYPES.map(fieldTypeLabel)).toEqual([
      'Short text',
      'Long text',
      'Number',
      'Yes / no',
      'One choice',
      'Several choices',
      'Likert scale',
      'Rating',
      'Net Promoter Score',
      'Date',
      'Time',
      'Date and time',
      'E-mail address',
      'Phone number',
      'Web address',
      'Consent',
      'File upload',
      'JSON',
    ])
    expect(fieldTypeLabel('stars')).toBe('stars')
    expect(fieldTypeLabel('__proto__')).toBe('__proto__')
  })

  test('imports nothing server-only, so the admin page can bundle it', async () => {
    for (const file of readdirSync(TYPES_DIR)) {
      const imports = [...readFileSync(join(TYPES_DIR, file), 'utf8').matchAll(/^import .* from '([^']+)'/gm)].map(
        (m) => m[1],
      )
      for (const path of imports) expect([file, path]).toEqual([file, expect.stringMatching(/^\.\.?\/[a-z/.-]+\.ts$/)])
    }
    const built = await Bun.build({
      entrypoints: [join(TYPES_DIR, 'index.ts'), join(TYPES_DIR, '../../help/form-snippet.ts')],
      target: 'browser',
    })
    expect(built.success).toBe(true)
  })
})

describe.each(FIELD_TYPES.map((type) => [type]))('field type %s', (type) => {
  const spec = FIELD_TYPE_SPECS[type]
  const options = optionsFor(type)

  test('has every behaviour', () => {
    expect(spec).toEqual({
      name: type,
      label: expect.stringMatching(/^[A-Z].{2,}$/),
      description: expect.stringMatching(/^\S.{5,}$/),
      hasOptions: expect.any(Boolean),
      check: expect.any(Function),
      form: {
        keepsEmpty: expect.any(Boolean),
        multiple: expect.any(Boolean),
        coerce: expect.any(Function),
        texts: expect.any(Function),
        ...(spec.form.files ? { files: true } : {}),
      },
      // What a respondent reads (GOV.UK style): an instruction, no "please", no full stop.
      respondent: {
        missing: expect.stringMatching(RESPONDENT_WORDS),
        invalid: expect.stringMatching(RESPONDENT_WORDS),
      },
      example: expect.any(Function),
      previewAnswer: expect.any(Function),
      control: expect.objectContaining({ kind: expect.stringMatching(/^(input|textarea|choices|checkbox)$/) }),
      summary: spec.summary === null ? null : expect.stringMatching(/^(numbers|values|booleans|items|files)$/),
      identifying: expect.any(Boolean),
      scoring:
        spec.scoring === null
          ? null
          : {
              by: expect.stringMatching(/^(value|options)$/),
              range: expect.any(Function),
              value: expect.any(Function),
              ...(spec.scoring.itemDefaults ? { itemDefaults: expect.any(Function) } : {}),
            },
      // What only some types say (each type's own test says what).
      ...(spec.settings ? { settings: expect.any(Object) } : {}),
      ...(spec.points ? { points: { of: expect.any(Function), ...(spec.points.nps ? { nps: true } : {}) } } : {}),
      ...(spec.alwaysRequired ? { alwaysRequired: true } : {}),
      ...(spec.store ? { store: expect.any(Function) } : {}),
      ...(spec.csvText ? { csvText: expect.any(Function) } : {}),
    })
  })

  test('its example passes its own check, and survives its own form coercion', () => {
    const example = spec.example(options)
    expect(spec.check(example, options)).toBeNull()
    expect(checkValue(rule(type), example)).toBeNull()
    // A file travels as a file part of a multipart form, never as text.
    if (spec.form.files) return expect(spec.form.texts(example)).toEqual([])
    const coerced = coerceFormValues(rule(type), spec.form.texts(example), LIMITS)
    expect(checkValue(rule(type), coerced)).toBeNull()
    // A form sends text, and the field's type reads it back into the value (docs/design.md rule 9).
    expect(coerced).toEqual(example)
  })

  test('its preview answer, when it has one, passes its check', () => {
    const answer = spec.previewAnswer({ name: 'f', label: 'F', options })
    if (answer !== undefined) expect(checkValue(rule(type), answer)).toBeNull()
  })
})

const picked = FIELD_TYPES.filter((type) => FIELD_TYPE_SPECS[type].control.kind === 'choices')
const scored = FIELD_TYPES.filter((type) => FIELD_TYPE_SPECS[type].scoring !== null)

describe.each(picked.map((type) => [type]))('field type %s, picked from choices', (type) => {
  test('every choice its control offers posts a text that coerces to a valid value', () => {
    const control = FIELD_TYPE_SPECS[type].control
    if (control.kind !== 'choices') throw new Error(`${type} is not picked`)
    const choices = control.choices(optionsFor(type))
    expect(choices.length).toBeGreaterThan(0)
    for (const choice of choices)
      expect(checkValue(rule(type), coerceFormValues(rule(type), [choice.value], LIMITS))).toBeNull()
  })
})

describe.each(FIELD_TYPES.filter((type) => FIELD_TYPE_SPECS[type].points).map((type) => [type]))(
  'field type %s, a point scale',
  (type) => {
    test('its control offers exactly its points, each a valid answer; its summary counts numbers', () => {
      const spec = FIELD_TYPE_SPECS[type]
      const control = spec.control
      if (control.kind !== 'choices' || !spec.points) throw new Error(`${type} is not a point scale`)
      for (const settings of [{}, ...(spec.settings ? [{ max: 3 }] : [])]) {
        const points = spec.points.of(settings)
        expect(control.choices(null, settings).map((choice) => Number(choice.value))).toEqual([...points])
        for (const point of points) expect(spec.check(point, null, settings)).toBeNull()
        expect(spec.check(points[0] - 1, null, settings)).not.toBeNull()
        expect(spec.check(points[points.length - 1] + 1, null, settings)).not.toBeNull()
      }
      expect(spec.summary).toBe('numbers')
    })
  },
)

describe.each(scored.map((type) => [type]))('field type %s, scored', (type) => {
  test('its example scores within the item range', () => {
    const spec = FIELD_TYPE_SPECS[type]
    const options = optionsFor(type)
    if (!spec.scoring) throw new Error(`${type} is not scored`)
    const item =
      spec.scoring.by === 'value'
        ? { scores: null, min: 0, max: 100 }
        : { scores: { low: -1, middle: 2, high: 3 }, min: null, max: null }
    const range = spec.scoring.range(item)
    const value = spec.scoring.value(item, spec.example(options))
    expect(value).not.toBeNull()
    expect(value!).toBeGreaterThanOrEqual(range.min)
    expect(value!).toBeLessThanOrEqual(range.max)
  })
})
