/**
 * @module Input schemas of the scale operations, shared by the HTTP routes (and so the
 * OpenAPI document), the CLI and the MCP tools. Rules that need the app's fields or the
 * scale's other levels are checked in core (server/core/scales/check.ts).
 */
import { z } from 'zod'
import { bodyObject, expect } from '../apps/input.ts'
import { characterCount, hasControlCharacters } from '../fields/names.ts'
import { ASSESSMENT } from '../limits.ts'
import { SCALE_METHODS, SCORABLE_TYPES, scoringOf } from './model.ts'

/** A short single-line text such as a name or label. */
export const lineSchema = (max: number) =>
  z
    .string({ error: expect('a string') })
    .trim()
    .refine((text) => text.length > 0, 'cannot be empty')
    .refine((text) => characterCount(text) <= max, `can have at most ${max} characters`)
    .refine((text) => !hasControlCharacters(text), 'cannot contain control characters')

/** Longer free text (line breaks allowed). */
export const longTextSchema = z
  .string({ error: expect('a string') })
  // overwrite, not transform: the type stays a string, so the OpenAPI document can show it.
  .overwrite((text) => text.replace(/\r\n?/g, '\n').trim())
  .refine(
    (text) => characterCount(text) <= ASSESSMENT.maxTextLength,
    `can have at most ${ASSESSMENT.maxTextLength} characters`,
  )

export const scaleKeySchema = z
  .string({ error: expect('a string') })
  .regex(
    ASSESSMENT.scaleKeyPattern,
    'must start with a lower-case letter and use only a-z, 0-9, "-" and "_" (at most 40 characters)',
  )
  .meta({
    description: 'Slug used in placeholders ({{score.<key>}}), score objects and CSV columns; unique per app',
    example: 'energy',
  })

const finite = z.number({ error: expect('a number') })

/** The scorable types scored per option, and those whose value is scored, for the descriptions. */
const byOption = SCORABLE_TYPES.filter((type) => scoringOf(type)?.by === 'options').join('/')
const byValue = SCORABLE_TYPES.filter((type) => scoringOf(type)?.by === 'value').join('/')

export const scaleItemSchema = bodyObject({
  field: z
    .string({ error: expect('a field id or name') })
    .min(1, 'cannot be empty')
    .meta({ description: `Field id or name (a field of type ${SCORABLE_TYPES.join(', ')})` }),
  weight: finite
    .gt(0, 'must be greater than 0')
    .default(1)
    .meta({ description: 'Multiplies the item value (default 1)' }),
  reverse: z
    .boolean({ error: expect('true or false') })
    .default(false)
    .meta({ description: 'Score max + min − value (reverse-worded items)' }),
  scores: z
    .record(z.string(), finite, { error: expect('an object of option → score') })
    .optional()
    .meta({
      description: `${byOption} fields: a score for every option, e.g. {"Never":0,"Often":3} (likert: by position, 1 for the first, when left out)`,
    }),
  min: finite.optional().meta({
    description: `${byValue} fields: values below are clamped up to this (rating, nps: their lowest point when left out)`,
  }),
  max: finite.optional().meta({
    description: `${byValue} fields: values above are clamped down to this (rating, nps: their highest point when left out)`,
  }),
})
export type ScaleItemInput = z.input<typeof scaleItemSchema>

const levelShape = {
  label: lineSchema(ASSESSMENT.maxLevelLabelLength),
  min: finite.nullable().meta({ description: 'Inclusive lower bound; null = no lower bound (lowest level only)' }),
  max: finite
    .nullable()
    .meta({ description: 'Exclusive upper bound (inclusive for the top level); null = no upper bound' }),
  interpretation: longTextSchema.optional().meta({ description: 'What this level means, shown on reports' }),
}

export const scaleLevelSchema = bodyObject({ key: scaleKeySchema, ...levelShape })
export type ScaleLevelInput = z.input<typeof scaleLevelSchema>

/** `scale level set`: the key comes from the URL; properties left out keep their value on an existing level. */
export const setLevelSchema = bodyObject({
  label: levelShape.label.optional(),
  min: levelShape.min.optional(),
  max: levelShape.max.optional(),
  interpretation: levelShape.interpretation,
})
export type SetLevelInput = z.input<typeof setLevelSchema>

const methodSchema = z.enum(SCALE_METHODS, { error: expect('"sum" or "mean"') }).meta({
  description: 'sum: weighted sum of answered items; mean: weighted mean of answered items',
})

export const createScaleSchema = bodyObject({
  key: scaleKeySchema,
  name: lineSchema(ASSESSMENT.maxScaleNameLength),
  description: longTextSchema.optional(),
  method: methodSchema.default('sum'),
  items: z
    .array(scaleItemSchema, { error: expect('an array of items') })
    .max(ASSESSMENT.maxItemsPerScale, `can have at most ${ASSESSMENT.maxItemsPerScale} items`)
    .optional(),
  levels: z
    .array(scaleLevelSchema, { error: expect('an array of levels') })
    .max(ASSESSMENT.maxLevelsPerScale, `can have at most ${ASSESSMENT.maxLevelsPerScale} levels`)
    .optional(),
})
export type CreateScaleInput = z.input<typeof createScaleSchema>

export const updateScaleSchema = bodyObject({
  key: scaleKeySchema.optional(),
  name: lineSchema(ASSESSMENT.maxScaleNameLength).optional(),
  description: longTextSchema.optional(),
  method: methodSchema.optional(),
  items: createScaleSchema.shape.items,
  levels: createScaleSchema.shape.levels,
})
export type UpdateScaleInput = z.input<typeof updateScaleSchema>
