/**
 * @module Sign-up, log-in (password or e-mail code), log-out, who am I (and the admin page's
 * session check, which answers signed-out visits without a 401), and personal access
 * tokens (`auth.*` and `tokens.*` of the route table, server/contract/api/auth.ts, which
 * says what each takes and answers).
 *
 * Log-in writes (signup, login, code, code/verify, password/reset) refuse requests a
 * browser says come from another site; the throttles count per e-mail address and client
 * address (client-address.ts), so a stranger cannot lock the owner out. Log-in by code is
 * also capped per e-mail address whatever the client (10 code e-mails an hour, 20 wrong
 * codes a day, then 429 until the oldest ages out); password log-in never pauses. A
 * successful log-in sets the session cookie; a session logged in over 15 minutes ago must
 * prove itself again to create an access token (403 reauth_required).
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../core/context.ts'
import { OPERATIONS } from '../contract/api/operations.ts'
import { pathOf } from '../contract/api/routes.ts'
import {
  accessTokenInfo,
  listAccessTokens,
  revokeAccessToken,
  revokeOtherAccessTokens,
  revokePresentedToken,
} from '../core/auth/access-tokens.ts'
import { requestEmailCode, verifyEmailCode } from '../core/auth/email-codes.ts'
import { sessionPrincipal } from '../core/auth/authenticate.ts'
import { createTokenAsked } from '../core/auth/token-create.ts'
import { loginWithPassword, type LoginResult } from '../core/auth/login.ts'
import { resetPassword } from '../core/auth/password-reset.ts'
import { RateLimitError } from '../core/auth/rate-limit-error.ts'
import { deleteSession, SESSION_COOKIE } from '../core/auth/sessions.ts'
import { authOptions, signup } from '../core/auth/signup.ts'
import { AppError } from '../contract/errors.ts'
import { toPublicUser } from '../core/users/users.ts'
import { authGuard, bearerToken, isSameOrigin, readCookie } from './auth-guard.ts'
import { clientAddress, UNKNOWN_CLIENT, type PeerSource } from './client-address.ts'
import { clearedSessionCookie, refuseCrossSiteLogin, sessionCookie } from './session-cookie.ts'

type ResponseHeaders = Record<string, string | number>

/** Runs `action`; a RateLimitError's wait also goes out as the Retry-After header. */
async function withRetryAfter<T>(headers: ResponseHeaders, action: () => T | Promise<T>): Promise<T> {
  try {
    return await action()
  } catch (error) {
    if (error instanceof RateLimitError) headers['retry-after'] = String(error.retryAfterSeconds)
    throw error
  }
}

export const authRoutes = (ctx: AppContext) => {
  // Long: the route table of /auth, one entry per route.
  /** The client the auth throttles count (SVC_TRUST_PROXY applies); requests without a socket share one. */
  const clientOf = (request: Request, server: PeerSource | null) =>
    clientAddress(request, server, ctx.config) ?? UNKNOWN_CLIENT
  /** Answers a successful log-in: the session goes into the cookie, the rest (token when asked for) into `data`. */
  const loggedIn = (headers: ResponseHeaders, result: LoginResult) => {
    headers['set-cookie'] = sessionCookie(ctx, result.session.value, result.session.expiresAt)
    headers['cache-control'] = 'no-store'
    const { session: _session, ...data } = result
    return { code: 200 as const, data }
  }

  return new Elysia({ name: 'svc/auth' })
    .use(authGuard(ctx))
    .get(pathOf('auth.options'), async () => ({ code: 200 as const, data: await authOptions(ctx) }))
    .post(
      pathOf('auth.signup'),
      async ({ body, request, set }) => {
        refuseCrossSiteLogin(ctx, request)
        return loggedIn(set.headers, await signup(ctx, body))
      },
      { body: OPERATIONS['auth.signup'].body, parse: 'json' },
    )
    .post(
      pathOf('auth.login'),
      async ({ body, request, server, set }) => {
        refuseCrossSiteLogin(ctx, request)
        const from = clientOf(request, server)
        return loggedIn(set.headers, await withRetryAfter(set.headers, () => loginWithPassword(ctx, body, from)))
      },
      { body: OPERATIONS['auth.login'].body, parse: 'json' },
    )
    .post(
      pathOf('auth.sendCode'),
      async ({ body, request, server, set }) => {
        refuseCrossSiteLogin(ctx, request)
        const from = clientOf(request, server)
        return { code: 200 as const, data: await withRetryAfter(set.headers, () => requestEmailCode(ctx, body, from)) }
      },
      { body: OPERATIONS['auth.sendCode'].body, parse: 'json' },
    )
    .post(
      pathOf('auth.verifyCode'),
      async ({ body, request, server, set }) => {
        refuseCrossSiteLogin(ctx, request)
        return loggedIn(set.headers, await verifyEmailCode(ctx, body, clientOf(request, server)))
      },
      { body: OPERATIONS['auth.verifyCode'].body, parse: 'json' },
    )
    .post(
      pathOf('auth.resetPassword'),
      async ({ body, request, server, set }) => {
        refuseCrossSiteLogin(ctx, request)
        return loggedIn(set.headers, await resetPassword(ctx, body, clientOf(request, server)))
      },
      { body: OPERATIONS['auth.resetPassword'].body, parse: 'json' },
    )
    .post(
      pathOf('auth.logout'),
      async ({ request, set }) => {
        const bearer = bearerToken(request.headers.get('authorization'))
        if (bearer) {
          // A client logging out gives up its token for good (svc-cli auth logout).
          const revoked = await revokePresentedToken(ctx, bearer)
          if (!revoked)
            throw new AppError('unauthorized', 'The access token is invalid or was already revoked; nothing to log out')
          return { code: 200 as const, data: { loggedOut: true as const, revoked } }
        }
        const session = readCookie(request.headers.get('cookie'), SESSION_COOKIE)
        if (session) {
          // Same rule as every cookie-authenticated change: a foreign page may not log you out.
          if (!isSameOrigin(request, ctx.config.baseUrl)) {
            throw new AppError('forbidden', 'Cross-site request refused: log out from the admin page itself')
          }
          await deleteSession(ctx, session)
        }
        set.headers['set-cookie'] = clearedSessionCookie(ctx)
        return { code: 200 as const, data: { loggedOut: true as const } }
      },
      { parse: 'none' },
    )
    .get(
      pathOf('auth.status'),
      async ({ principal }) => {
        const token = principal.tokenId ? await accessTokenInfo(ctx, principal.user.id, principal.tokenId) : null
        return {
          code: 200 as const,
          data: {
            authenticated: true as const,
            method: principal.method,
            user: toPublicUser(principal.user),
            ...(token ? { token } : {}),
          },
        }
      },
      { auth: true },
    )
    .get(pathOf('auth.session'), async ({ request, set }) => {
      const session = readCookie(request.headers.get('cookie'), SESSION_COOKIE)
      const principal = session ? await sessionPrincipal(ctx, session) : null
      if (!principal) {
        // An ended session's cookie is dropped, so the browser stops sending it.
        if (session) set.headers['set-cookie'] = clearedSessionCookie(ctx)
        return { code: 200 as const, data: { authenticated: false as const } }
      }
      return { code: 200 as const, data: { authenticated: true as const, user: toPublicUser(principal.user) } }
    })
    .get(
      pathOf('tokens.list'),
      async ({ principal }) => ({
        code: 200 as const,
        data: { tokens: await listAccessTokens(ctx, principal.user.id) },
      }),
      { auth: true },
    )
    .post(
      pathOf('tokens.create'),
      async ({ body, principal, request, server, set }) => {
        set.headers['cache-control'] = 'no-store'
        return {
          code: 200 as const,
          data: await withRetryAfter(set.headers, () =>
            createTokenAsked(ctx, principal, body, clientOf(request, server)),
          ),
        }
      },
      { auth: true, body: OPERATIONS['tokens.create'].body, parse: 'json' },
    )
    .delete(
      pathOf('tokens.revokeAll'),
      async ({ principal }) => {
        const kept = principal.tokenId ?? null
        return {
          code: 200 as const,
          data: { revoked: await revokeOtherAccessTokens(ctx, principal.user.id, kept), kept },
        }
      },
      { auth: true },
    )
    .delete(
      pathOf('tokens.revoke'),
      async ({ params, principal }) => {
        await revokeAccessToken(ctx, principal.user.id, params.id)
        return { code: 200 as const, data: { revoked: true as const, id: params.id } }
      },
      { auth: true },
    )
}
