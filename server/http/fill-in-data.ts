/**
 * @module The fill-in page's data: core's content of the app, posting back to `/f/<token>`.
 */
import type { AppContext } from '../core/context.ts'
import { fillInForm } from '../core/connect/fill-in.ts'
import type { FillInPage } from '../pages/fill-in.ts'

/** The page data for `appId`, posting back to `/f/<token>`. */
export async function fillInPageData(
  ctx: AppContext,
  appId: string,
  token: string,
  honeypot: string,
): Promise<FillInPage> {
  return { ...(await fillInForm(ctx, appId)), action: `/f/${encodeURIComponent(token)}`, honeypot }
}
