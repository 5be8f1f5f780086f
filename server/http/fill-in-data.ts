/**
 * @module The fill-in page's data: core's content of the app, posting back to `/f/<token>`,
 * with the page stamp of the moment it is served (core/spam/stamp.ts, for spamRules.minSeconds)
 * and the URL of its proof-of-work challenges when the endpoint asks for a solution.
 */
import type { AppContext } from '../core/context.ts'
import { fillInForm } from '../core/connect/fill-in.ts'
import type { FillInPage } from '../pages/fill-in.ts'
import { pageStamp } from '../core/spam/stamp.ts'
import { pathOf } from '../contract/api/routes.ts'

/** The page data for `appId`, posting back to `/f/<token>`. */
export async function fillInPageData(
  ctx: AppContext,
  appId: string,
  token: string,
  honeypot: string,
): Promise<FillInPage> {
  const endpoint = await ctx.caches.endpoints.lookup(token)
  const asks = endpoint !== undefined && endpoint.appId === appId && endpoint.challenge !== 'off'
  return {
    ...(await fillInForm(ctx, appId)),
    action: `/f/${encodeURIComponent(token)}`,
    honeypot,
    stamp: pageStamp(ctx.sealer, appId, ctx.clock.now()),
    ...(asks ? { challenge: pathOf('ingest.challenge').replace(':token', encodeURIComponent(token)) } : {}),
  }
}
