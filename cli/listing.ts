/**
 * @module What list and create commands share: ids only with `-q` (docker -q), and paging
 * of lists the API returns whole (`--limit`, `--page`, a "N more" line on a terminal).
 */
import { intArg, type CommandEnv } from './command.ts'
import { result, type CommandResult, type Style } from './output.ts'
import { LIMITS } from '../server/contract/limits.ts'

/** Ids, one per line; with --json a JSON array of them. No ids: no output at all. */
export const idsResult = (ids: string[]): CommandResult<string[]> => result(ids, () => ids.join('\n'))

/** Where a page sits in the whole list. */
export interface Paging {
  page: number
  limit: number
  total: number
  /** Items after this page. */
  more: number
}

export interface ListFlags {
  limit?: string
  page?: string
  quiet?: boolean
}

/** The paging flags, checked. */
export interface Listing {
  limit?: number
  page?: number
  quiet: boolean
}

/** Checks --limit and --page (usage error, exit 2, naming the flag); call it before the request, so a bad value costs no round trip. */
export function listing(flags: ListFlags): Listing {
  return {
    limit: intArg(flags.limit, 'limit', 1, LIMITS.maxPageSize),
    page: intArg(flags.page, 'page', 1, Number.MAX_SAFE_INTEGER),
    quiet: Boolean(flags.quiet),
  }
}

/**
 * The page of `items` to show. Given `--limit` or `--page`, that page, in every output
 * mode. Otherwise a table on a terminal shows the first page (a person reads it), and
 * everything else — --json, -q, a pipe — gets every item, so scripts never lose any.
 */
export function pageOf<T>(items: T[], asked: Listing, env: CommandEnv): { items: T[]; paging?: Paging } {
  const forPerson = env.io.stdout.isTTY && !env.json && !asked.quiet
  if (asked.limit === undefined && asked.page === undefined && !forPerson) return { items }
  const limit = asked.limit ?? LIMITS.defaultPageSize
  const page = asked.page ?? 1
  const start = (page - 1) * limit
  const shown = items.slice(start, start + limit)
  return {
    items: shown,
    paging: { page, limit, total: items.length, more: Math.max(0, items.length - start - shown.length) },
  }
}

/** "12 more — use --page 2" for a person, when a page leaves items out. */
export function moreNotice(paging: Paging | undefined, asked: Listing): string | undefined {
  if (!paging || paging.more === 0) return undefined
  return `${paging.more} more — use --page ${paging.page + 1}${asked.limit === undefined ? '' : ` --limit ${paging.limit}`}`
}

export interface ListSpec<T> {
  /** The key of the list in the JSON document (`apps`). */
  key: string
  id: (item: T) => string
  human: (items: T[]) => (style: Style) => string
  /** Other keys of the API's answer, kept as they are (`field list`'s `limit`). */
  extra?: Record<string, unknown>
}

/**
 * A list command's result: `{[key]: items, ...extra}` plus `paging` when a page was asked
 * for, ids only with -q, and the "N more" line for a person.
 */
export function listResult<T>(env: CommandEnv, asked: Listing, all: T[], spec: ListSpec<T>): CommandResult {
  const { items, paging } = pageOf(all, asked, env)
  const notice = moreNotice(paging, asked)
  if (asked.quiet) return { ...idsResult(items.map(spec.id)), notice }
  // The document keeps the API's shape; `paging` is added when a page was asked for.
  const asksPage = asked.limit !== undefined || asked.page !== undefined
  const data = { [spec.key]: items, ...spec.extra, ...(paging && asksPage ? { paging } : {}) }
  return { ...result(data, spec.human(items)), notice }
}
