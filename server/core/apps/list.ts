/**
 * @module The app list (owned and member apps), a page at a time (GET /api/v3/apps?limit&cursor): newest first,
 * each page a key range after the previous page's last app, so a list of ten thousand
 * apps costs one page's work per request and an app made meanwhile never shifts a page.
 * The cursor is opaque to clients: the last app's creation time and id, base64url.
 */
import type { AppListPage } from '../../contract/api/apps.ts'
import type { AppContext } from '../context.ts'
import type { AppPage } from '../../db/storage/apps.ts'
import { AppError } from '../../contract/errors.ts'
import { LIMITS } from '../../contract/limits.ts'
import { toApp } from './view.ts'

/** One page of the list; `nextCursor` fetches the next one (null: this was the last). */
export type { AppListPage }

const badRequest = (message: string) => new AppError('bad_request', message)

/** `limit` as a number: 1 to LIMITS.maxAppsPageSize, default LIMITS.defaultAppsPageSize; 400 otherwise (never clamped). */
function pageLimit(raw: unknown): number {
  if (raw === undefined || raw === '') return LIMITS.defaultAppsPageSize
  const limit = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : Number.NaN
  if (!(limit >= 1 && limit <= LIMITS.maxAppsPageSize))
    throw badRequest(`limit must be a whole number from 1 to ${LIMITS.maxAppsPageSize}, got "${String(raw)}"`)
  return limit
}

const encodeCursor = (createdAt: number, id: string) => Buffer.from(`${createdAt}.${id}`).toString('base64url')

function decodeCursor(raw: unknown): AppPage['after'] {
  if (raw === undefined || raw === '') return null
  const match =
    typeof raw === 'string' ? /^(\d{1,16})\.([\w-]{1,64})$/.exec(Buffer.from(raw, 'base64url').toString()) : null
  if (!match)
    throw badRequest(
      'cursor is not one this server gave out: pass the nextCursor of the previous page unchanged, or leave it out for the first page',
    )
  return { createdAt: Number(match[1]), id: match[2] }
}

/**
 * A page of the apps `userId` owns or is a member of, each with their role, newest first;
 * `query` holds the raw `limit` and `cursor`; `only` keeps to the apps a token is limited to.
 */
export async function listApps(
  ctx: AppContext,
  userId: string,
  query: { limit?: unknown; cursor?: unknown } = {},
  only: readonly string[] | null = null,
): Promise<AppListPage> {
  const limit = pageLimit(query.limit)
  const rows = await ctx.storage.apps.list(userId, { limit: limit + 1, after: decodeCursor(query.cursor), only })
  const page = rows.slice(0, limit)
  const last = page[page.length - 1]
  return {
    apps: page.map(toApp),
    nextCursor: rows.length > limit && last ? encodeCursor(last.app.createdAt, last.app.id) : null,
  }
}
