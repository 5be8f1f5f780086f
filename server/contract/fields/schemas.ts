/**
 * @module Input schemas of the field operations, shared by the HTTP routes (and so the
 * OpenAPI document), the CLI and the MCP tools. Rules that need the stored field or the
 * app's other fields (unique names, the field limit, positions) are checked in core.
 */
import { z } from 'zod'
import { bodyObject, expect } from '../apps/input.ts'
import type { Problem } from '../errors.ts'
import { LIMITS } from '../limits.ts'
import { FILE_LIMITS, formatBytes } from '../files/model.ts'
import { CHOICE_TYPES, FIELD_TYPE_SPECS, FIELD_TYPES, findFieldTypeSpec, type FieldType } from './types/index.ts'
import { RATING } from './types/rating.ts'
import type { TypeSettings } from './type-settings.ts'
import { characterCount, checkFieldName, hasControlCharacters } from './names.ts'
import { formPatchSchemas } from './form.ts'

/** `a`, `a and b`, `a, b and c`, as messages list types. */
const andList = (words: readonly string[]): string =>
  words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`

/** A field name as checked by `checkFieldName`, trimmed. */
export const fieldNameSchema = z
  .string({ error: expect('a string') })
  .trim()
  .superRefine((name, issues) => {
    const checked = checkFieldName(name)
    if ('problem' in checked) issues.addIssue({ code: 'custom', message: checked.problem })
  })
  .meta({
    description: `1–${LIMITS.maxFieldNameLength} characters of any script after trimming; no control characters`,
    example: 'email',
  })

export const fieldTypeSchema = z.enum(FIELD_TYPES, { error: expect(`one of ${FIELD_TYPES.join(', ')}`) })

export const fieldLabelSchema = z
  .string({ error: expect('a string') })
  .trim()
  .refine(
    (label) => characterCount(label) <= LIMITS.maxLabelLength,
    `can have at most ${LIMITS.maxLabelLength} characters`,
  )
  .refine((label) => !hasControlCharacters(label), 'cannot contain control characters')

const optionSchema = z
  .string({ error: expect('a string') })
  .trim()
  .refine((option) => option.length > 0, 'cannot be empty')
  .refine(
    (option) => characterCount(option) <= LIMITS.maxOptionLength,
    `can have at most ${LIMITS.maxOptionLength} characters`,
  )
  .refine((option) => !hasControlCharacters(option), 'cannot contain control characters')

/** The choices of a choice or multichoice field: 1–100 distinct, non-empty strings. */
export const fieldOptionsSchema = z
  .array(optionSchema, { error: expect('an array of strings') })
  .refine((options) => options.length > 0, 'needs at least one option')
  .refine((options) => options.length <= LIMITS.maxOptions, `can have at most ${LIMITS.maxOptions} options`)
  .superRefine((options, issues) => {
    const seen = new Set<string>()
    options.forEach((option, index) => {
      if (seen.has(option))
        issues.addIssue({ code: 'custom', path: [index], message: `repeats the option ${JSON.stringify(option)}` })
      seen.add(option)
    })
  })
  .meta({
    description: `For ${andList(CHOICE_TYPES)} fields only (a likert field's options are its points, in order): 1–${LIMITS.maxOptions} distinct options of 1–${LIMITS.maxOptionLength} characters`,
  })

const requiredSchema = z.boolean({ error: expect('true or false') })

/** A file field's options, as top-level keys of the field (contract/files/model.ts). */
const fileOptionSchemas = {
  maxFiles: z
    .int({ error: expect('a whole number') })
    .min(1, 'must be at least 1')
    .max(FILE_LIMITS.maxFiles, `can be at most ${FILE_LIMITS.maxFiles}`)
    .optional()
    .meta({
      description: `File fields only: how many files one answer may hold (default ${FILE_LIMITS.defaultMaxFiles}, at most ${FILE_LIMITS.maxFiles}); above 1 the answer is an array`,
    }),
  maxSize: z
    .int({ error: expect('a whole number of bytes') })
    .min(1, 'must be at least 1 byte')
    .optional()
    .meta({
      description: `File fields only: the largest file in bytes (default ${FILE_LIMITS.defaultMaxSize}, ${formatBytes(FILE_LIMITS.defaultMaxSize)}; at most the server's SVC_MAX_FILE)`,
    }),
  accept: z
    .array(
      z
        .string({ error: expect('a string') })
        .trim()
        .toLowerCase()
        .refine(
          (entry) => ACCEPT_ENTRY.test(entry),
          'must be a MIME type (application/pdf, image/*) or an extension (.pdf)',
        ),
      { error: expect('an array of MIME types and extensions') },
    )
    .max(FILE_LIMITS.maxAccept, `can list at most ${FILE_LIMITS.maxAccept} kinds`)
    .optional()
    .meta({
      description:
        "File fields only: the kinds of file taken, as MIME types (application/pdf, image/*) and extensions (.pdf), as HTML's accept attribute; decided by the file's bytes, not its name. Empty or absent: any",
    }),
}

/** The settings some types have of their own (types/*.ts `settings`), as top-level keys of the field. */
const typeSettingSchemas = {
  max: z
    .int({ error: expect('a whole number') })
    .min(RATING.minMax, `must be at least ${RATING.minMax}`)
    .max(RATING.maxMax, `can be at most ${RATING.maxMax}`)
    .optional()
    .meta({
      description: `Rating fields only: the highest point, ${RATING.minMax}–${RATING.maxMax} (default ${RATING.defaultMax}); an answer is a whole number from 1 to max`,
    }),
} satisfies Record<keyof TypeSettings, z.ZodType>

/** The types that have `key` among their own settings, in registry order. */
const typesWith = (key: string): FieldType[] =>
  FIELD_TYPES.filter((type) => Object.hasOwn(FIELD_TYPE_SPECS[type].settings ?? {}, key))

/** Problems with settings sent for a type that does not have them: `only rating fields have max, not text fields`. */
export function typeSettingProblems(type: FieldType, given: Record<string, unknown>): Problem[] {
  return Object.keys(typeSettingSchemas)
    .filter((key) => given[key] !== undefined && given[key] !== null && !typesWith(key).includes(type))
    .map((key) => ({
      path: key,
      message: `only ${typesWith(key).join(' and ')} fields have ${key}, not ${type} fields`,
    }))
}

/** Problems with `required` on a type that is always required (consent): it cannot be made optional. */
export function requiredProblems(type: FieldType, required: unknown): Problem[] {
  return required === false && FIELD_TYPE_SPECS[type].alwaysRequired
    ? [{ path: 'required', message: `cannot be false: a ${type} field is always required (ticking it is the answer)` }]
    : []
}

/** `type/subtype`, `type/*` or `.ext`, as short as a real one. */
const ACCEPT_ENTRY =
  /^(?:[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/(?:\*|[a-z0-9][a-z0-9!#$&^_.+-]{0,63})|\.[a-z0-9][a-z0-9_-]{0,15})$/

/** Problems with file options on a field that is not a file field. */
export function fileOptionProblems(
  type: FieldType,
  given: Record<string, unknown>,
): { path: string; message: string }[] {
  if (type === 'file') return []
  return (['maxFiles', 'maxSize', 'accept'] as const)
    .filter((key) => given[key] !== undefined && given[key] !== null)
    .map((key) => ({ path: key, message: `only file fields have ${key}, not ${type} fields` }))
}

/**
 * Problems with a type and options that do not go together. `options` is whatever was
 * sent; its own shape (a non-empty list of distinct strings) is checked by the schema.
 */
export function definitionProblems(type: FieldType, options: unknown): { path: string; message: string }[] {
  const isChoice = CHOICE_TYPES.includes(type)
  if (isChoice && options == null)
    return [{ path: 'options', message: `is required for a ${type} field: list the choices` }]
  if (!isChoice && options != null) {
    return [{ path: 'options', message: `only ${andList(CHOICE_TYPES)} fields have options, not ${type} fields` }]
  }
  return []
}

export const createFieldSchema = bodyObject({
  name: fieldNameSchema,
  type: fieldTypeSchema.optional().meta({ description: 'Defaults to text' }),
  label: fieldLabelSchema.optional(),
  required: requiredSchema.optional(),
  options: fieldOptionsSchema.nullable().optional(),
  ...fileOptionSchemas,
  ...typeSettingSchemas,
  ...formPatchSchemas,
}).superRefine(
  (field, issues) => {
    // Runs even when a property failed (see `when`), so one answer lists every problem;
    // it only looks at properties that parsed.
    const type = field.type === undefined ? 'text' : FIELD_TYPES.includes(field.type) ? field.type : null
    if (type)
      for (const problem of [
        ...definitionProblems(type, field.options),
        ...fileOptionProblems(type, field),
        ...typeSettingProblems(type, field),
        ...requiredProblems(type, field.required),
      ])
        issues.addIssue({ code: 'custom', ...problem, path: [problem.path] })
  },
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value) },
)
export type CreateFieldInput = z.input<typeof createFieldSchema>

export const updateFieldSchema = bodyObject({
  name: fieldNameSchema.optional(),
  type: fieldTypeSchema.optional(),
  label: fieldLabelSchema.optional(),
  required: requiredSchema.optional(),
  options: fieldOptionsSchema
    .nullable()
    .optional()
    .meta({ description: 'null removes the options (when changing to a non-choice type)' }),
  ...fileOptionSchemas,
  ...typeSettingSchemas,
  ...formPatchSchemas,
  position: z
    .int({ error: expect('a whole number') })
    .min(0, 'cannot be negative')
    .optional()
    .meta({ description: 'Moves the field to this 0-based position; the others shift' }),
  force: z
    .boolean({ error: expect('true or false') })
    .optional()
    .meta({
      description:
        'Change the type even though the app is published and its records hold values in this field (they are not converted); without it such a change is a 409 conflict',
    }),
})
export type UpdateFieldInput = z.input<typeof updateFieldSchema>

export const reorderFieldsSchema = bodyObject({
  ids: z.array(z.string({ error: expect('a field id') }), { error: expect('an array of field ids') }).meta({
    description: 'Every field id of the app, once each, in the new order',
  }),
})
export type ReorderFieldsInput = z.input<typeof reorderFieldsSchema>

export const acceptFieldsSchema = bodyObject({
  names: z
    .array(z.string({ error: expect('a field name or id') }), { error: expect('an array of field names or ids') })
    .min(1, 'needs at least one field')
    .max(LIMITS.maxProposedFields, `can name at most ${LIMITS.maxProposedFields} fields`)
    .optional()
    .meta({ description: 'The proposed fields (by name or id) or unlisted keys (by name) to accept' }),
  all: z
    .literal(true, { error: expect('true') })
    .optional()
    .meta({ description: 'Accept every proposed field' }),
  type: fieldTypeSchema.optional().meta({
    description:
      'The type the named fields get; without it each field settles on the type its stored values share (text when they differ)',
  }),
}).superRefine(
  (input, issues) => {
    if ((input.names === undefined) === (input.all === undefined))
      issues.addIssue({ code: 'custom', path: ['names'], message: 'send either "names" or "all": true' })
    if (input.type !== undefined && input.all !== undefined)
      issues.addIssue({ code: 'custom', path: ['type'], message: 'goes with "names", not with "all"' })
    if (input.type !== undefined && CHOICE_TYPES.includes(input.type)) {
      issues.addIssue({
        code: 'custom',
        path: ['type'],
        message: `cannot be ${input.type} when accepting (it needs options): accept the field, then set its type and options with a field update`,
      })
    }
    if (input.type !== undefined && findFieldTypeSpec(input.type)?.alwaysRequired) {
      issues.addIssue({
        code: 'custom',
        path: ['type'],
        message: `cannot be ${input.type} when accepting (it is always required, and a label is the text agreed to): accept the field, then set its type and label with a field update`,
      })
    }
  },
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value) },
)
export type AcceptFieldsInput = z.input<typeof acceptFieldsSchema>
