/**
 * @module Inputs of the record read and delete operations, shared by the HTTP routes (and so
 * the OpenAPI document), the CLI and MCP. Page parameters arrive as query-string text: the
 * schemas here only describe them; server/core/records/schemas.ts parses them, so a bad
 * value is a 400 `bad_request` (docs/design.md rule 5), never a silent clamp.
 */
import { z } from 'zod'
import { quoteList } from '../errors.ts'
import { LIMITS } from '../limits.ts'

/** Which records a read covers: without spam (default), with it, or spam only. */
export const SPAM_MODES = ['exclude', 'include', 'only'] as const
export type SpamMode = (typeof SPAM_MODES)[number]

export const ORDERS = ['asc', 'desc'] as const
export type Order = (typeof ORDERS)[number]

/**
 * The page parameters as query-string text, for the route table and the OpenAPI document.
 * Deliberately loose: the parser checks the values, so a bad one is a 400 naming the
 * allowed range (rule 5) rather than a schema 422, and other parameters (`help`) pass.
 */
// Any value passes the schema (a repeated parameter arrives as an array and is refused by
// parsePageQuery with a clear 400); `meta` is what the OpenAPI document says of it.
const queryParameter = (meta: Record<string, unknown>) => z.unknown().optional().meta(meta)

const spamParameter = queryParameter({
  type: 'string',
  enum: SPAM_MODES,
  default: 'exclude',
  description: 'exclude, include, or only the records flagged as spam',
})

const filterParameter = queryParameter({
  type: 'string',
  description:
    "Only the records matching, in PocketBase's syntax: city = 'Paris' && (age >= 18 || consent = true) && created >= '2026-01-01'. Operators = != > >= < <= ~ (contains) !~; null is missing; `name with spaces` in backticks",
})

const sharedPageParameters = {
  page: queryParameter({ type: 'integer', minimum: 1, default: 1, description: 'Page number, 1 or more' }),
  size: queryParameter({
    type: 'integer',
    minimum: 1,
    maximum: LIMITS.maxPageSize,
    default: LIMITS.defaultPageSize,
    description: `Records per page, 1 to ${LIMITS.maxPageSize}; larger is a 400, never clamped`,
  }),
  spam: spamParameter,
}

/** The page parameters of the public /query: always oldest first (the read-all loop relies on it). */
export const sharePageQuerySchema = z.looseObject(sharedPageParameters)

/** The page parameters of the owner's record list, which also takes `order` and `filter`. */
export const pageQuerySchema = z.looseObject({
  ...sharedPageParameters,
  order: queryParameter({
    type: 'string',
    enum: ORDERS,
    default: 'asc',
    description: 'asc (oldest first) or desc (newest first)',
  }),
  filter: filterParameter,
})

/** The query of the exports: which records (spam) and a filter, as on the records pages. */
export const exportQuerySchema = z.looseObject({ spam: spamParameter, filter: filterParameter })

/** The values `?raw=` takes: 1 (or true) exports cells exactly as stored, 0 (or false, or none) neutralises formulas. */
export const RAW_VALUES = ['1', 'true', '0', 'false'] as const

/** The CSV export's query: the exports' and `raw`. */
export const csvExportQuerySchema = exportQuerySchema.extend({
  raw: queryParameter({
    type: 'string',
    enum: RAW_VALUES,
    default: '0',
    description:
      'raw=1: every cell exactly as stored. By default a text cell a spreadsheet would run as a formula (= + - @, tab, CR first) gets a leading apostrophe',
  }),
})

/** The query of a summary: which records it counts. */
export const summaryQuerySchema = z.looseObject({ spam: spamParameter })

const recordIds = z
  .array(z.string().min(1, 'a record id cannot be empty').max(100, 'a record id has at most 100 characters'), {
    error: 'must be an array of record ids',
  })
  .min(1, 'name at least one record id')
  .max(LIMITS.maxDeleteIds, `at most ${LIMITS.maxDeleteIds} ids per request; send several requests for more`)

const unknownKeys = (allowed: string, shape: string) => (issue: { code: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys'
    ? `unknown properties ${quoteList(issue.keys!)}; allowed: ${allowed}`
    : `the body must be a JSON object ${shape}`

/** Body of POST /api/v3/apps/:id/records/delete. */
export const deleteRecordsSchema = z.strictObject({ ids: recordIds }, { error: unknownKeys('ids', '{"ids":[…]}') })

export type DeleteRecordsInput = z.output<typeof deleteRecordsSchema>

/** Body of POST /api/v3/apps/:id/records/spam. */
export const markSpamSchema = z.strictObject(
  {
    ids: recordIds,
    spam: z.boolean({ error: 'must be true (mark as spam) or false (not spam)' }),
  },
  { error: unknownKeys('ids, spam', '{"ids":[…],"spam":true|false}') },
)

export type MarkSpamInput = z.output<typeof markSpamSchema>

/** True for a JSON object (not an array, not null). */
const isDataObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Body of PATCH /api/v3/apps/:id/records/:recordId: the values to change, merged into the
 * record's data (a key left out keeps its value; `null` removes the key). `data` is checked
 * to be an object and passed on as parsed (never rebuilt), so a key like `__proto__` stays
 * an ordinary key; core checks the values against the app's fields.
 */
export const editRecordSchema = z.strictObject(
  {
    data: z
      .unknown()
      .refine((value) => isDataObject(value) && Object.keys(value).length > 0, {
        error: (issue) =>
          issue.input === undefined
            ? 'is required'
            : isDataObject(issue.input)
              ? 'name at least one field to change'
              : 'must be an object of field names and their new values',
      })
      .meta({
        type: 'object',
        additionalProperties: true,
        description:
          'New values by field name, merged into the record: a field left out keeps its value, null removes it',
        example: { email: 'ada@example.com', phone: null },
      }),
  },
  { error: unknownKeys('data', '{"data":{"field":value,…}}') },
)

export type EditRecordInput = { data: Record<string, unknown> }
