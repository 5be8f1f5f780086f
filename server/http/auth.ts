/**
 * @module /api/v3/auth — sign-up, log-in (password or e-mail code), log-out, who am I, and
 * personal access tokens.
 *
 *   GET    /options       public   signup policy and login methods
 *   POST   /signup        public   {email, password?, name?, tokenName?} → {user, token?} + cookie
 *   POST   /login         public   {email, password, tokenName?, replaceToken?} → {user, token?, replacedTokens?} + cookie (429 while guessing)
 *   POST   /code          public   {email}                               → {sent, expiresInSeconds} (429 past a cap)
 *
 * Log-in writes (signup, login, code, code/verify, password/reset) refuse requests a
 * browser says come from another site; the throttles count per e-mail address and client
 * address (client-address.ts), so a stranger cannot lock the owner out. Log-in by code is
 * also capped per e-mail address whatever the client (10 code e-mails an hour, 20 wrong
 * codes a day, then 429 until the oldest ages out); password log-in never pauses.
 *   POST   /code/verify   public   {email, code, tokenName?, replaceToken?} → {user, token?, replacedTokens?} + cookie
 *   POST   /password/reset public  {email, code, newPassword, tokenName?, replaceToken?}
 *                                  → {user, token?, replacedTokens?, endedSessions, tokens, warnings?} + cookie; every session ends
 *   POST   /logout        cookie or bearer → {loggedOut, revoked?}: the cookie's session ends, a bearer token is revoked
 *   GET    /status        auth     → {authenticated, method, user}
 *   GET    /tokens        auth     → {tokens}
 *   POST   /tokens        auth     {name, currentPassword?, code?} → token info + the token, shown once (never revokes another token);
 *                                  a session logged in over 15 minutes ago must prove itself again (403 reauth_required)
 *   DELETE /tokens        auth     → {revoked:[token info], kept}: every token but the one making the request
 *   DELETE /tokens/:id    auth     → {revoked, id}
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../context.ts'
import { listAccessTokens, revokeAccessToken, revokeOtherAccessTokens, revokePresentedToken } from '../core/auth/access-tokens.ts'
import { requestEmailCode, verifyEmailCode } from '../core/auth/email-codes.ts'
import { createTokenAsked } from '../core/auth/token-create.ts'
import { loginWithPassword, type LoginResult } from '../core/auth/login.ts'
import { resetPassword } from '../core/auth/password-reset.ts'
import { RateLimitError } from '../core/auth/rate-limit-error.ts'
import { CodeRequestInput, CodeVerifyInput, LoginInput, PasswordResetInput, SignupInput, TokenCreateInput } from '../contract/auth/schemas.ts'
import { deleteSession, SESSION_COOKIE } from '../core/auth/sessions.ts'
import { authOptions, signup } from '../core/auth/signup.ts'
import { AppError } from '../contract/errors.ts'
import { AUTH } from '../contract/limits.ts'
import { toPublicUser } from '../core/users/users.ts'
import { authGuard, bearerToken, isSameOrigin, readCookie } from './auth-guard.ts'
import { clientAddress, UNKNOWN_CLIENT, type PeerSource } from './client-address.ts'
import { clearedSessionCookie, refuseCrossSiteLogin, sessionCookie } from './session-cookie.ts'

type ResponseHeaders = Record<string, string | number>

const tags = ['auth']
const secured = [{ accessToken: [] }]

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
  /** The client the auth throttles count (SVC_TRUST_PROXY applies); requests without a socket share one. */
  const clientOf = (request: Request, server: PeerSource | null) => clientAddress(request, server, ctx.config) ?? UNKNOWN_CLIENT
  /** Answers a successful log-in: the session goes into the cookie, the rest (token when asked for) into `data`. */
  const loggedIn = (headers: ResponseHeaders, result: LoginResult) => {
    headers['set-cookie'] = sessionCookie(ctx, result.session.value, result.session.expiresAt)
    headers['cache-control'] = 'no-store'
    const { session: _session, ...data } = result
    return { code: 200 as const, data }
  }

  return new Elysia({ name: 'svc/auth', prefix: '/api/v3/auth' })
    .use(authGuard(ctx))
    .get('/options', async () => ({ code: 200 as const, data: await authOptions(ctx) }), {
      detail: { summary: 'Signup policy and login methods of this server (public)', tags },
    })
    .post(
      '/signup',
      async ({ body, request, set }) => {
        refuseCrossSiteLogin(ctx, request)
        return loggedIn(set.headers, await signup(ctx, body))
      },
      { body: SignupInput, parse: 'json', detail: { summary: 'Create an account (per the signup policy) and log in', tags } },
    )
    .post(
      '/login',
      async ({ body, request, server, set }) => {
        refuseCrossSiteLogin(ctx, request)
        const from = clientOf(request, server)
        return loggedIn(set.headers, await withRetryAfter(set.headers, () => loginWithPassword(ctx, body, from)))
      },
      { body: LoginInput, parse: 'json', detail: { summary: 'Log in with e-mail and password', tags } },
    )
    .post(
      '/code',
      async ({ body, request, server, set }) => {
        refuseCrossSiteLogin(ctx, request)
        const from = clientOf(request, server)
        return { code: 200 as const, data: await withRetryAfter(set.headers, () => requestEmailCode(ctx, body, from)) }
      },
      { body: CodeRequestInput, parse: 'json', detail: { summary: 'E-mail a 6-digit login code (same answer for unknown addresses)', tags } },
    )
    .post(
      '/code/verify',
      async ({ body, request, server, set }) => {
        refuseCrossSiteLogin(ctx, request)
        return loggedIn(set.headers, await verifyEmailCode(ctx, body, clientOf(request, server)))
      },
      { body: CodeVerifyInput, parse: 'json', detail: { summary: 'Log in with the e-mailed code', tags } },
    )
    .post(
      '/password/reset',
      async ({ body, request, server, set }) => {
        refuseCrossSiteLogin(ctx, request)
        return loggedIn(set.headers, await resetPassword(ctx, body, clientOf(request, server)))
      },
      {
        body: PasswordResetInput,
        parse: 'json',
        detail: { summary: 'Set a new password with the e-mailed login code; ends every session, logs in and lists the access tokens that still work', tags },
      },
    )
    .post(
      '/logout',
      async ({ request, set }) => {
        const bearer = bearerToken(request.headers.get('authorization'))
        if (bearer) {
          // A client logging out gives up its token for good (svc-cli auth logout).
          const revoked = await revokePresentedToken(ctx, bearer)
          if (!revoked) throw new AppError(401, 'unauthorized', 'The access token is invalid or was already revoked; nothing to log out')
          return { code: 200 as const, data: { loggedOut: true as const, revoked } }
        }
        const session = readCookie(request.headers.get('cookie'), SESSION_COOKIE)
        if (session) {
          // Same rule as every cookie-authenticated change: a foreign page may not log you out.
          if (!isSameOrigin(request, ctx.config.baseUrl)) {
            throw new AppError(403, 'forbidden', 'Cross-site request refused: log out from the admin page itself')
          }
          await deleteSession(ctx, session)
        }
        set.headers['set-cookie'] = clearedSessionCookie(ctx)
        return { code: 200 as const, data: { loggedOut: true as const } }
      },
      {
        parse: 'none',
        detail: { summary: 'Log out: with a session cookie, end the admin session and clear the cookie; with a bearer access token, revoke that token', tags },
      },
    )
    .get(
      '/status',
      ({ principal }) => ({
        code: 200 as const,
        data: { authenticated: true as const, method: principal.method, user: toPublicUser(principal.user) },
      }),
      { auth: true, detail: { summary: 'Who is calling, and how', tags, security: secured } },
    )
    .get('/tokens', async ({ principal }) => ({ code: 200 as const, data: { tokens: await listAccessTokens(ctx, principal.user.id) } }), {
      auth: true,
      detail: { summary: 'List your access tokens (never the secrets)', tags, security: secured },
    })
    .post(
      '/tokens',
      async ({ body, principal, request, server, set }) => {
        set.headers['cache-control'] = 'no-store'
        return { code: 200 as const, data: await withRetryAfter(set.headers, () => createTokenAsked(ctx, principal, body, clientOf(request, server))) }
      },
      {
        auth: true,
        body: TokenCreateInput,
        parse: 'json',
        detail: {
          summary: `Create an access token; the token is shown only in this answer. A session older than ${AUTH.reauthWindowMs / 60_000} minutes must send currentPassword (or code, without a password)`,
          tags,
          security: secured,
        },
      },
    )
    .delete(
      '/tokens',
      async ({ principal }) => {
        const kept = principal.tokenId ?? null
        return { code: 200 as const, data: { revoked: await revokeOtherAccessTokens(ctx, principal.user.id, kept), kept } }
      },
      {
        auth: true,
        detail: { summary: 'Revoke every access token but the one making this request (all of them from the admin session)', tags, security: secured },
      },
    )
    .delete(
      '/tokens/:id',
      async ({ params, principal }) => {
        await revokeAccessToken(ctx, principal.user.id, params.id)
        return { code: 200 as const, data: { revoked: true as const, id: params.id } }
      },
      { auth: true, detail: { summary: 'Revoke an access token; it fails from the next request on', tags, security: secured } },
    )
}
