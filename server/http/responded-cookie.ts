/**
 * @module The cookie of `onePerBrowser` (issue 45, limits): the fill-in page's post sets it
 * once a response is stored, scoped to that form's page (`/f/<token>`), and a later post
 * from the same browser sends it back and is refused (409 `duplicate`). HttpOnly and
 * SameSite=Lax: no script reads it, and other sites' posts do not carry it. It only stops
 * an honest second response; clearing cookies or another browser gets round it.
 */
import type { AppContext } from '../core/context.ts'
import { readCookie } from './auth-guard.ts'

const RESPONDED_COOKIE = 'svc_responded'
/** A year: long past any form's life, short enough to be forgotten. */
const RESPONDED_SECONDS = 365 * 24 * 3600

const formPath = (token: string) => `/f/${encodeURIComponent(token)}`

/** True when `request` carries the cookie a stored response left. */
export const respondedBefore = (request: Request): boolean =>
  readCookie(request.headers.get('cookie'), RESPONDED_COOKIE) !== null

/** The Set-Cookie header that marks this browser as having responded to the form of `token`. */
export function respondedCookie(ctx: AppContext, token: string): string {
  const secure = ctx.config.baseUrl.startsWith('https:') ? '; Secure' : ''
  return `${RESPONDED_COOKIE}=1; HttpOnly; SameSite=Lax; Path=${formPath(token)}; Max-Age=${RESPONDED_SECONDS}${secure}`
}
