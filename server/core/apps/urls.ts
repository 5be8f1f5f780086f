/**
 * @module The URLs of an app, all built on the configured base URL. The endpoint, help
 * and fill-in URLs contain the endpoint token, so they exist only once a token does
 * (the first publish); unpublishing keeps the token, and so the URLs.
 */
import type { AppUrls } from '../../contract/api/apps.ts'
import type { AppContext } from '../context.ts'
import { requireApp } from './member-app.ts'

export type { AppUrls }

/** The share endpoint URL for `token`. */
export const endpointUrl = (baseUrl: string, token: string): string => `${baseUrl}/api/v3/share/${token}`

/** The URLs of an app given its current endpoint token (null before the first publish). */
export function urlsFor(baseUrl: string, appId: string, token: string | null): AppUrls {
  const endpoint = token === null ? null : endpointUrl(baseUrl, token)
  return {
    endpoint,
    help: endpoint === null ? null : `${endpoint}?help`,
    fillIn: token === null ? null : `${baseUrl}/f/${token}`,
    editor: `${baseUrl}/admin/#/apps/${appId}`,
    data: `${baseUrl}/admin/#/apps/${appId}/data`,
  }
}

/** The plaintext endpoint token of an app, opened from its sealed copy; null before the first publish. */
export async function endpointToken(ctx: AppContext, appId: string): Promise<string | null> {
  const row = await ctx.storage.share.endpoint(appId)
  return row?.tokenCipher ? ctx.sealer.open(row.tokenCipher) : null
}

/** The URLs of one of `userId`'s apps. */
export async function appUrls(ctx: AppContext, userId: string, appId: string): Promise<AppUrls> {
  await requireApp(ctx, userId, appId)
  return urlsFor(ctx.config.baseUrl, appId, await endpointToken(ctx, appId))
}
