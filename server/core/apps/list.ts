/**
 * @module The app list (owned and member apps), a page at a time (GET /api/v3/apps?limit&cursor): newest first,
 * each page a key range after the previous page's last app, so a list of ten thousand
 * apps costs one page's work per request and an app made meanwhile never shifts a page.
 * The cursor is opaque to clients: the last app's creation time and id, base64url.
 */
import type { AppListPage } from '../../contract/api/apps.ts'
import type { AppContext } from '../context.ts'
import { LIMITS } from '../../contract/limits.ts'
import { decodeCursor, encodeCursor, pageLimit } from '../paging.ts'
import { toApp } from './view.ts'

/** One page of the list; `nextCursor` fetches the next one (null: this was the last). */
export type { AppListPage }

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
  const limit = pageLimit(query.limit, LIMITS.defaultAppsPageSize, LIMITS.maxAppsPageSize)
  const cursor = decodeCursor(query.cursor)
  const after = cursor && { createdAt: cursor.at, id: cursor.id }
  const rows = await ctx.storage.apps.list(userId, { limit: limit + 1, after, only })
  const page = rows.slice(0, limit)
  const last = page[page.length - 1]
  return {
    apps: page.map(toApp),
    nextCursor: rows.length > limit && last ? encodeCursor(last.app.createdAt, last.app.id) : null,
  }
}
