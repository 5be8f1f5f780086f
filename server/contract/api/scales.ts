/**
 * @module The scales operations (an app's scoring dimensions) and their answers. `:scale`
 * is a scale id or key, `:field` a field id or name, `:level` a level key.
 */
import { z } from 'zod'
import { FIELD_TYPES } from '../fields/types/index.ts'
import { SCALE_METHODS } from '../scales/model.ts'
import { createScaleSchema, scaleItemSchema, setLevelSchema, updateScaleSchema } from '../scales/schemas.ts'
import { data, type OperationsOf, lazyAnswers } from './operation.ts'
import { named, onFirstUse } from './named.ts'
import { deletedAnswer, isoTime } from './shapes.ts'

export const scaleItemViewSchema = named('ScaleItem', () =>
  z.object({
    field: z.string().nullable().meta({ description: "The field's current name; null when the field was deleted" }),
    type: z.enum(FIELD_TYPES).nullable().meta({ description: "The field's type; null when the field was deleted" }),
    fieldId: z.string(),
    weight: z.number().meta({ description: 'Multiplies the item value; > 0' }),
    reverse: z.boolean().meta({ description: 'Scores max + min − value' }),
    scores: z
      .record(z.string(), z.number())
      .nullable()
      .meta({ description: 'choice/multichoice: the score of each option; null for number fields' }),
    min: z
      .number()
      .nullable()
      .meta({ description: 'number fields: the lower clamp bound (null: unbounded); null for choice fields' }),
    max: z
      .number()
      .nullable()
      .meta({ description: 'number fields: the upper clamp bound (null: unbounded); null for choice fields' }),
  }),
)
export type ScaleItemView = z.output<ReturnType<typeof scaleItemViewSchema>>

export const scaleLevelSchema = named('ScaleLevel', () =>
  z.object({
    key: z.string(),
    label: z.string(),
    min: z.number().nullable().meta({ description: 'Inclusive lower bound; null: no lower bound (lowest level only)' }),
    max: z
      .number()
      .nullable()
      .meta({ description: 'Exclusive upper bound (inclusive for the top level); null: no upper bound' }),
    interpretation: z.string(),
  }),
)

const problemSchema = onFirstUse(() => z.object({ path: z.string(), message: z.string() }))

export const scaleSchema = named('Scale', () =>
  z.object({
    id: z.string(),
    key: z.string(),
    name: z.string(),
    description: z.string(),
    method: z.enum(SCALE_METHODS),
    items: z.array(scaleItemViewSchema()),
    levels: z.array(scaleLevelSchema()).meta({ description: 'In score order' }),
    range: z.object({ min: z.number().nullable(), max: z.number().nullable() }).nullable().meta({
      description: 'The possible score when every item is answered (a null bound is unbounded); null without items',
    }),
    complete: z.boolean().meta({ description: 'True when every item is sound and the levels tile the range' }),
    problems: z.array(problemSchema()).meta({
      description: 'What still keeps the scale from scoring (gaps between levels, items whose field went away …)',
    }),
    position: z.number().int(),
    createdAt: isoTime,
    updatedAt: isoTime,
  }),
)
export type Scale = z.output<ReturnType<typeof scaleSchema>>

export const scalesListSchema = named('ScaleList', () => z.object({ scales: z.array(scaleSchema()) }))

const tags = ['scales']

export const scaleOperations = lazyAnswers({
  'scales.list': {
    summary: "List an app's scales",
    description: 'In order, each with its items, levels, possible range and remaining problems.',
    tags,
    access: 'owner',
    permission: 'apps:read',
    answers: () => ({ 200: data(scalesListSchema(), 'The scales') }),
    errors: ['not_found'],
  },
  'scales.add': {
    summary: 'Add a scale',
    description:
      'Levels given here must cover the possible score range without gaps or overlaps; a key another scale of the app has is a 409.',
    tags,
    access: 'owner',
    permission: 'apps:write',
    body: createScaleSchema,
    answers: () => ({ 200: data(scaleSchema(), 'The new scale') }),
    errors: ['not_found', 'conflict'],
  },
  'scales.get': {
    summary: 'Get a scale by id or key',
    tags,
    access: 'owner',
    permission: 'apps:read',
    answers: () => ({ 200: data(scaleSchema(), 'The scale') }),
    errors: ['bad_request', 'not_found'],
  },
  'scales.update': {
    summary: 'Change a scale',
    description: 'Items and levels given replace the whole list; properties left out stay.',
    tags,
    access: 'owner',
    permission: 'apps:write',
    body: updateScaleSchema,
    answers: () => ({ 200: data(scaleSchema(), 'The scale as it is now') }),
    errors: ['bad_request', 'not_found', 'conflict'],
  },
  'scales.remove': {
    summary: 'Remove a scale and its expert comments',
    description: 'Stored scores stay until the next rescore; report sections naming the scale are skipped.',
    tags,
    access: 'owner',
    permission: 'apps:write',
    answers: () => ({ 200: data(deletedAnswer, 'What was removed') }),
    errors: ['bad_request', 'not_found'],
  },
  'scales.addItem': {
    summary: 'Add a field as an item of a scale',
    description:
      'A choice or multichoice field needs a score for every option; a number field scores its value (clamped to min and max). A field that already is an item is a 409.',
    tags,
    access: 'owner',
    permission: 'apps:write',
    body: scaleItemSchema,
    answers: () => ({ 200: data(scaleSchema(), 'The scale with the item') }),
    errors: ['bad_request', 'not_found', 'conflict'],
  },
  'scales.removeItem': {
    summary: 'Remove the item of a field from a scale',
    description: 'The field and its values stay.',
    tags,
    access: 'owner',
    permission: 'apps:write',
    answers: () => ({ 200: data(scaleSchema(), 'The scale without the item') }),
    errors: ['bad_request', 'not_found'],
  },
  'scales.setLevel': {
    summary: 'Add or change a level of a scale',
    description:
      'A new level needs label, min and max; properties left out keep their value on an existing level. Overlaps are refused; gaps are listed in the scale until closed.',
    tags,
    access: 'owner',
    permission: 'apps:write',
    body: setLevelSchema,
    answers: () => ({ 200: data(scaleSchema(), 'The scale with the level') }),
    errors: ['bad_request', 'not_found'],
  },
  'scales.removeLevel': {
    summary: 'Remove a level and its expert comment',
    tags,
    access: 'owner',
    permission: 'apps:write',
    answers: () => ({ 200: data(scaleSchema(), 'The scale without the level') }),
    errors: ['bad_request', 'not_found'],
  },
  'scales.rescore': {
    summary: "Recompute every record's stored scores",
    description: 'With the current scales; reports of earlier records change.',
    tags,
    access: 'owner',
    permission: 'apps:write',
    answers: () => ({
      200: data(
        z.object({ rescored: z.number().int().meta({ description: 'Records rescored' }) }),
        'How many records were rescored',
      ),
    }),
    errors: ['not_found'],
  },
} as const) satisfies OperationsOf<'scales'>
