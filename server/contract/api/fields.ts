/**
 * @module The fields operations and their answers: an app's fields, the proposed ones (made
 * by anonymous submissions, `proposed: true`) included. `:field` is a field id or its
 * URL-encoded name.
 */
import { z } from 'zod'
import { acceptFieldsSchema, createFieldSchema, reorderFieldsSchema, updateFieldSchema } from '../fields/schemas.ts'
import { LIMITS } from '../limits.ts'
import { CHOICE_TYPES, FIELD_TYPES } from '../fields/types/index.ts'
import { data, type OperationsOf, lazyAnswers } from './operation.ts'
import { named, onFirstUse } from './named.ts'
import { deletedAnswer, isoTime } from './shapes.ts'
import { formViewSchemas } from '../fields/form.ts'

export const fieldSchema = named('Field', () =>
  z.object({
    id: z.string(),
    name: z.string(),
    type: z.enum(FIELD_TYPES),
    label: z.string().meta({ description: "The label the form shows; '' when none was given" }),
    required: z.boolean(),
    options: z
      .array(z.string())
      .nullable()
      .meta({
        description: `The choices of a ${CHOICE_TYPES.join(', ')} field (a likert field's points, in order); null for other types`,
      }),
    position: z.number().int().meta({ description: '0-based place in the form' }),
    maxFiles: z.number().int().optional().meta({ description: 'File fields only: the most files one answer holds' }),
    maxSize: z.number().int().optional().meta({ description: 'File fields only: the largest file, in bytes' }),
    accept: z
      .array(z.string())
      .optional()
      .meta({ description: 'File fields only: MIME types and extensions taken; empty: any' }),
    max: z
      .number()
      .int()
      .optional()
      .meta({ description: 'Rating fields only: the highest point (an answer is a whole number from 1 to max)' }),
    ...formViewSchemas,
    autoCreated: z.boolean().meta({
      description:
        'Made from an unknown key of a submission (autoCreate); false once the owner sets its type, options or required',
    }),
    proposed: z.boolean().meta({
      description:
        "Made by an anonymous submission and waiting for the owner's acceptance: on no public form until then",
    }),
    createdAt: isoTime,
    updatedAt: isoTime,
  }),
)
export type Field = z.output<ReturnType<typeof fieldSchema>>

export const unlistedKeySchema = named('UnlistedKey', () =>
  z.object({
    name: z.string(),
    count: z.number().int().meta({ description: 'Records (not spam) holding a value under this key' }),
    firstSeen: isoTime,
    lastSeen: isoTime,
  }),
)
export type UnlistedKey = z.output<ReturnType<typeof unlistedKeySchema>>

export const fieldListSchema = named('FieldList', () =>
  z.object({
    fields: z.array(fieldSchema()),
    limit: z.number().int().meta({ description: 'The most fields an app can have (proposed ones aside)' }),
    unlisted: z.array(unlistedKeySchema()).meta({
      description: `Keys strangers' records hold that became no field (past the proposal budgets): stored in the records, on no public surface; accept them like proposals. At most ${LIMITS.maxUnlistedKeys} names per app are listed`,
    }),
  }),
)
export type FieldList = z.output<ReturnType<typeof fieldListSchema>>

/** Fields an operation changed, in position order. */
const fieldsSchema = onFirstUse(() => z.object({ fields: z.array(fieldSchema()) }))

const tags = ['fields']
const fieldRef =
  'The field is named by its id or its URL-encoded name (a name that is not valid percent-encoding is a 400 bad_request).'

export const fieldOperations = lazyAnswers({
  'fields.list': {
    summary: "List an app's fields in order",
    description: `Proposed fields (made by anonymous submissions) included; \`limit\` is the most an app can have (${LIMITS.maxFields}); \`unlisted\` names the keys stored in records that are no field yet.`,
    tags,
    access: 'owner',
    permission: 'apps:read',
    answers: () => ({ 200: data(fieldListSchema(), 'The fields and the limit') }),
    errors: ['not_found'],
  },
  'fields.add': {
    summary: 'Add a field at the end',
    description: `Names are unique within an app (409 conflict) and cannot be the honeypot key; an app has at most ${LIMITS.maxFields} fields (422 field_limit).`,
    tags,
    access: 'owner',
    permission: 'apps:write',
    body: createFieldSchema,
    answers: () => ({ 200: data(fieldSchema(), 'The new field') }),
    errors: ['not_found', 'conflict', 'field_limit'],
  },
  'fields.get': {
    summary: 'Get a field by id or name',
    description: fieldRef,
    tags,
    access: 'owner',
    permission: 'apps:read',
    answers: () => ({ 200: data(fieldSchema(), 'The field') }),
    errors: ['not_found', 'bad_request'],
  },
  'fields.update': {
    summary: 'Change a field',
    description: `Properties left out stay; \`position\` moves the field and shifts the others. Stored records keep the values they were sent with (they are not converted), so on a published app whose records hold values in the field a new type takes \`force: true\` (409 conflict otherwise). ${fieldRef}`,
    tags,
    access: 'owner',
    permission: 'apps:write',
    body: updateFieldSchema,
    answers: () => ({ 200: data(fieldSchema(), 'The field as it is now') }),
    errors: ['not_found', 'bad_request', 'conflict'],
  },
  'fields.remove': {
    summary: 'Remove a field',
    description: `Values already stored under its name stay in the records. A field that other fields' conditions (showIf) name is not removed (409 conflict naming them): change or remove those conditions first. ${fieldRef}`,
    tags,
    access: 'owner',
    permission: 'apps:write',
    answers: () => ({ 200: data(deletedAnswer, 'What was removed') }),
    errors: ['not_found', 'bad_request', 'conflict'],
  },
  'fields.accept': {
    summary: 'Accept proposed fields so they appear on the form',
    description: `Proposed fields are made by anonymous submissions; accepting them (by name or id, or \`all: true\`) makes them count against the limit of ${LIMITS.maxFields} (422 field_limit, nothing accepted, when they would pass it) and settles their type: the one given, or the one their stored values share. A named field that is accepted already is left as it is. An unlisted key (see fields.list) is accepted by name too: it becomes a field at the end, its type and summary recounted from the stored records.`,
    tags,
    access: 'owner',
    permission: 'apps:write',
    body: acceptFieldsSchema,
    answers: () => ({ 200: data(fieldsSchema(), 'The fields accepted, in position order') }),
    errors: ['not_found', 'field_limit'],
  },
  'fields.order': {
    summary: 'Reorder all fields',
    description:
      'The ids of every field of the app, once each, in the new order; never a field before one its condition (showIf) names (422).',
    tags,
    access: 'owner',
    permission: 'apps:write',
    body: reorderFieldsSchema,
    answers: () => ({ 200: data(fieldsSchema(), 'Every field, in the new order') }),
    errors: ['not_found'],
  },
} as const) satisfies OperationsOf<'fields'>
