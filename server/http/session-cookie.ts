/**
 * @module The admin session cookie `svc_session`: how it is set and cleared, and which
 * requests may set it (no cross-site log-ins).
 */
import type { AppContext } from '../core/context.ts'
import { SESSION_COOKIE } from '../core/auth/sessions.ts'
import { AppError } from '../contract/errors.ts'
import { isSameOrigin } from './auth-guard.ts'

function cookie(ctx: AppContext, value: string, maxAgeSeconds: number): string {
  const secure = ctx.config.baseUrl.startsWith('https:') ? '; Secure' : ''
  return `${SESSION_COOKIE}=${value}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${maxAgeSeconds}${secure}`
}

/** Set-Cookie value for a new session; it lives exactly as long as the session row. */
export const sessionCookie = (ctx: AppContext, value: string, expiresAt: number): string =>
  cookie(ctx, value, Math.max(0, Math.floor((expiresAt - ctx.clock.now()) / 1000)))

/** Set-Cookie value that makes the browser forget the session. */
export const clearedSessionCookie = (ctx: AppContext): string => cookie(ctx, '', 0)

/**
 * Refuses a log-in that a browser reports as coming from another site (login CSRF: a
 * foreign page logging the visitor into someone else's account). Scripts and the CLI send
 * neither Sec-Fetch-Site nor Origin and pass.
 */
export function refuseCrossSiteLogin(ctx: AppContext, request: Request): void {
  const site = request.headers.get('sec-fetch-site')
  const foreign = site
    ? site !== 'same-origin' && site !== 'none'
    : request.headers.has('origin') && !isSameOrigin(request, ctx.config.baseUrl)
  if (foreign) {
    throw new AppError(
      'forbidden',
      "Cross-site log-in refused: log in from this server's admin page, or from a script or the CLI",
    )
  }
}
