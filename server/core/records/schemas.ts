/**
 * @module Inputs of the record read and delete operations, shared by the HTTP routes, the
 * CLI and MCP. Page parameters arrive as query-string text, so they are parsed here and a
 * bad value is a 400 `bad_request` (DESIGN.md rule 5), never a silent clamp.
 */
import { z } from 'zod'
import { AppError, quoteList, quoteValue } from '../../contract/errors.ts'
import { LIMITS } from '../../contract/limits.ts'
import { parseSpamMode, type SpamMode } from '../stats/summary.ts'

export type { SpamMode }

export const ORDERS = ['asc', 'desc'] as const
export type Order = (typeof ORDERS)[number]

export interface PageQuery {
  page: number
  size: number
  spam: SpamMode
  order: Order
  /** The filter as written (owner routes only); parsed against the app's fields by core/records/filter.ts. */
  filter?: string
}

const WHOLE = /^[0-9]+$/

/**
 * The page parameters as query-string text, for the route table and the OpenAPI document.
 * Deliberately loose: `parsePageQuery` checks the values, so a bad one is a 400 naming the
 * allowed range (rule 5) rather than a schema 422, and other parameters (`help`) pass.
 */
// Any value passes the schema (a repeated parameter arrives as an array and is refused by
// parsePageQuery with a clear 400); `meta` is what the OpenAPI document says of it.
const queryParameter = (meta: Record<string, unknown>) => z.unknown().optional().meta(meta)

const sharedPageParameters = {
  page: queryParameter({ type: 'integer', minimum: 1, default: 1, description: 'Page number, 1 or more' }),
  size: queryParameter({ type: 'integer', minimum: 1, maximum: LIMITS.maxPageSize, default: LIMITS.defaultPageSize, description: `Records per page, 1 to ${LIMITS.maxPageSize}; larger is a 400, never clamped` }),
  spam: queryParameter({ type: 'string', enum: ['exclude', 'include', 'only'], default: 'exclude', description: 'exclude, include, or only the records flagged as spam' }),
}

/** The page parameters of the public /query: always oldest first (the read-all loop relies on it). */
export const sharePageQuerySchema = z.looseObject(sharedPageParameters)

/** The page parameters of the owner's record list, which also takes `order`. */
export const pageQuerySchema = z.looseObject({
  ...sharedPageParameters,
  order: queryParameter({ type: 'string', enum: ORDERS, default: 'asc', description: 'asc (oldest first) or desc (newest first)' }),
  filter: queryParameter({
    type: 'string',
    description: "Only the records matching, in PocketBase's syntax: city = 'Paris' && (age >= 18 || consent = true) && created >= '2026-01-01'. Operators = != > >= < <= ~ (contains) !~; null is missing; `name with spaces` in backticks",
  }),
})

function wholeNumber(raw: unknown, name: string, fallback: number, max: number): number {
  if (raw === undefined) return fallback
  const range = max === Number.MAX_SAFE_INTEGER ? '1 or more' : `from 1 to ${max}`
  const text = typeof raw === 'string' ? raw.trim() : null
  if (text === null) throw new AppError(400, 'bad_request', `${name} must be given once, as a whole number ${range}`)
  const value = WHOLE.test(text) ? Number(text) : Number.NaN
  if (!Number.isSafeInteger(value) || value < 1 || value > max) {
    const hint = name === 'size' ? `; to read every record use size=${LIMITS.maxPageSize} and stop at the first page with fewer records` : ''
    throw new AppError(400, 'bad_request', `${name} must be a whole number ${range}, got "${text}"${hint}`)
  }
  return value
}

/** A parameter given at most once; a repeated one is refused rather than guessed. */
function once(raw: unknown, name: string, expected: string): string | undefined {
  if (raw === undefined || typeof raw === 'string') return raw
  throw new AppError(400, 'bad_request', `${name} must be given once, as ${expected}`)
}

function oneOf<T extends string>(raw: unknown, name: string, allowed: readonly T[], fallback: T): T {
  if (raw === undefined) return fallback
  if (typeof raw === 'string' && (allowed as readonly string[]).includes(raw)) return raw as T
  throw new AppError(400, 'bad_request', `${name} must be one of ${allowed.join(', ')}, got ${quoteValue(String(raw))}`)
}

/** A query string as a record; a repeated parameter becomes an array (and is then refused). */
function valuesOf(params: URLSearchParams): Record<string, unknown> {
  const values: Record<string, unknown> = Object.create(null)
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key)
    values[key] = all.length === 1 ? all[0] : all
  }
  return values
}

/**
 * Parses `?page&size&spam&order&filter` (a URLSearchParams, or values with a repeated
 * parameter as an array); `order` and `filter` only where the caller allows them (owner
 * routes): elsewhere always `asc`, and a filter is refused rather than silently ignored.
 */
export function parsePageQuery(input: Record<string, unknown> | URLSearchParams, options: { owner?: boolean } = {}): PageQuery {
  const query = input instanceof URLSearchParams ? valuesOf(input) : input
  const filter = once(query.filter, 'filter', 'one filter text')
  if (filter !== undefined && !options.owner) throw new AppError(400, 'bad_request', "filter is not taken here: the owner's GET /api/v3/apps/<app id>/records (and svc-cli share query --filter) filters records")
  return {
    page: wholeNumber(query.page, 'page', 1, Number.MAX_SAFE_INTEGER),
    size: wholeNumber(query.size, 'size', LIMITS.defaultPageSize, LIMITS.maxPageSize),
    // The same rule and message as /summary.
    spam: parseSpamMode(once(query.spam, 'spam', '"exclude", "include" or "only"')),
    order: options.owner ? oneOf(query.order, 'order', ORDERS, 'asc') : oldestFirst(query.order),
    ...(filter !== undefined && filter.trim() !== '' ? { filter } : {}),
  }
}

/** `asc`, the only order where `order` is not taken; asking for another is a 400, not silently ignored. */
function oldestFirst(raw: unknown): Order {
  if (raw === undefined || raw === 'asc') return 'asc'
  throw new AppError(400, 'bad_request', 'order is not taken here: records are always oldest first, so reading pages 1, 2, 3… never skips one; the owner\'s GET /api/v3/apps/<app id>/records takes order=desc')
}

const recordIds = z
  .array(z.string().min(1, 'a record id cannot be empty').max(100, 'a record id has at most 100 characters'), { error: 'must be an array of record ids' })
  .min(1, 'name at least one record id')
  .max(LIMITS.maxDeleteIds, `at most ${LIMITS.maxDeleteIds} ids per request; send several requests for more`)

const unknownKeys = (allowed: string, shape: string) => (issue: { code: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys' ? `unknown properties ${quoteList(issue.keys!)}; allowed: ${allowed}` : `the body must be a JSON object ${shape}`

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
