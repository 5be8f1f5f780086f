/**
 * @module Parsing the page parameters of the record reads (their schemas, and the bodies of
 * the record operations, are the contract's: server/contract/records/schemas.ts). Page
 * parameters arrive as query-string text, so they are parsed here and a bad value is a
 * 400 `bad_request` (docs/design.md rule 5), never a silent clamp.
 */
import { AppError, quoteValue } from '../../contract/errors.ts'
import { LIMITS } from '../../contract/limits.ts'
import { ORDERS, type Order, type SpamMode } from '../../contract/records/schemas.ts'
import { parseSpamMode } from '../stats/summary.ts'

export { ORDERS }
export type { Order, SpamMode }

export interface PageQuery {
  page: number
  size: number
  spam: SpamMode
  order: Order
  /** The filter as written (owner routes only); parsed against the app's fields by core/records/filter.ts. */
  filter?: string
}

const WHOLE = /^[0-9]+$/

function wholeNumber(raw: unknown, name: string, fallback: number, max: number): number {
  if (raw === undefined) return fallback
  const range = max === Number.MAX_SAFE_INTEGER ? '1 or more' : `from 1 to ${max}`
  const text = typeof raw === 'string' ? raw.trim() : null
  if (text === null) throw new AppError('bad_request', `${name} must be given once, as a whole number ${range}`)
  const value = WHOLE.test(text) ? Number(text) : Number.NaN
  if (!Number.isSafeInteger(value) || value < 1 || value > max) {
    const hint =
      name === 'size'
        ? `; to read every record use size=${LIMITS.maxPageSize} and stop at the first page with fewer records`
        : ''
    throw new AppError('bad_request', `${name} must be a whole number ${range}, got "${text}"${hint}`)
  }
  return value
}

/** A parameter given at most once; a repeated one is refused rather than guessed. */
function once(raw: unknown, name: string, expected: string): string | undefined {
  if (raw === undefined || typeof raw === 'string') return raw
  throw new AppError('bad_request', `${name} must be given once, as ${expected}`)
}

function oneOf<T extends string>(raw: unknown, name: string, allowed: readonly T[], fallback: T): T {
  if (raw === undefined) return fallback
  if (typeof raw === 'string' && (allowed as readonly string[]).includes(raw)) return raw as T
  throw new AppError('bad_request', `${name} must be one of ${allowed.join(', ')}, got ${quoteValue(String(raw))}`)
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
export function parsePageQuery(
  input: Record<string, unknown> | URLSearchParams,
  options: { owner?: boolean } = {},
): PageQuery {
  const query = input instanceof URLSearchParams ? valuesOf(input) : input
  const filter = once(query.filter, 'filter', 'one filter text')
  if (filter !== undefined && !options.owner)
    throw new AppError(
      'bad_request',
      "filter is not taken here: the owner's GET /api/v3/apps/<app id>/records (and svc-cli share query --filter) filters records",
    )
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
  throw new AppError(
    'bad_request',
    "order is not taken here: records are always oldest first, so reading pages 1, 2, 3… never skips one; the owner's GET /api/v3/apps/<app id>/records takes order=desc",
  )
}
