/**
 * @module `records.stream` of the route table (GET /api/v3/apps/:id/records/stream): the
 * owner's live stream of an app's records, as the public /stream but whatever reads says,
 * with `?filter=`; for the CLI (`share tail`), the MCP subscriptions and the admin page.
 * With the admin session cookie it answers the admin page only (same origin): another
 * site's page could not read it, but could hold the app's stream slots open.
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../core/context.ts'
import { OPERATIONS } from '../contract/api/operations.ts'
import { pathOf } from '../contract/api/routes.ts'
import { AppError } from '../contract/errors.ts'
import { SESSION_COOKIE } from '../core/auth/sessions.ts'
import { openOwnerStream } from '../live/open.ts'
import { authGuard, bearerToken, isSameOrigin, readCookie } from './auth-guard.ts'
import { streamAnswer, streamCallOf } from './event-stream.ts'

export const recordStreamRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/record-stream' }).use(authGuard(ctx)).get(
    pathOf('records.stream'),
    async ({ principal, params, request, set }) => {
      if (principal.method === 'session' && !isSameOrigin(request, ctx.config.baseUrl))
        throw new AppError(
          'forbidden',
          'Cross-site request refused: the admin session streams records to the admin page only',
        )
      const bearer = bearerToken(request.headers.get('authorization'))
      const credentials = { bearer, session: bearer ? null : readCookie(request.headers.get('cookie'), SESSION_COOKIE) }
      const body = await openOwnerStream(ctx, principal.user.id, credentials, params.id, streamCallOf(ctx, request))
      return streamAnswer(request, body, set.headers as Record<string, string>)
    },
    { auth: true, query: OPERATIONS['records.stream'].query },
  )
