/**
 * @module An app's members and invitations (`members.*` and `invitations.*` of the route
 * table, server/contract/api/members.ts; core/members). Accepting reads the caller's
 * session or access token when there is one, and otherwise makes the invited account and
 * signs it in (the session cookie).
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../core/context.ts'
import { OPERATIONS } from '../contract/api/operations.ts'
import { pathOf } from '../contract/api/routes.ts'
import { SESSION_COOKIE } from '../core/auth/sessions.ts'
import {
  inviteMember,
  leaveApp,
  listMembers,
  removeMember,
  revokeInvitation,
  updateMember,
} from '../core/members/manage.ts'
import { acceptInvitation, viewInvitation } from '../core/members/invitations.ts'
import { authGuard, principalOf, readCookie } from './auth-guard.ts'
import type { PeerSource } from './client-address.ts'
import { refuseCrossSiteLogin, sessionCookie } from './session-cookie.ts'

/** The caller when the request carries a credential (checked as any control-plane one); null when it carries none. */
const callerOf = (ctx: AppContext, request: Request, server: PeerSource | null) =>
  request.headers.has('authorization') || readCookie(request.headers.get('cookie'), SESSION_COOKIE)
    ? principalOf(ctx, request, server)
    : null

export const memberRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/members' })
    .use(authGuard(ctx))
    .get(
      pathOf('members.list'),
      async ({ principal, params }) => ({ code: 200, data: await listMembers(ctx, principal.user.id, params.id) }),
      { auth: true },
    )
    .post(
      pathOf('members.invite'),
      async ({ principal, params, body, set }) => {
        set.headers['cache-control'] = 'no-store'
        return { code: 200, data: await inviteMember(ctx, principal.user.id, params.id, body) }
      },
      { auth: true, body: OPERATIONS['members.invite'].body },
    )
    .patch(
      pathOf('members.update'),
      async ({ principal, params, body }) => ({
        code: 200,
        data: await updateMember(ctx, principal.user.id, params.id, params.user, body),
      }),
      { auth: true, body: OPERATIONS['members.update'].body },
    )
    .delete(
      pathOf('members.remove'),
      async ({ principal, params }) => ({
        code: 200,
        data: await removeMember(ctx, principal.user.id, params.id, params.user),
      }),
      { auth: true },
    )
    .delete(
      pathOf('members.leave'),
      async ({ principal, params }) => ({ code: 200, data: await leaveApp(ctx, principal.user.id, params.id) }),
      { auth: true },
    )
    .delete(
      pathOf('invitations.revoke'),
      async ({ principal, params }) => ({
        code: 200,
        data: await revokeInvitation(ctx, principal.user.id, params.id, params.invitation),
      }),
      { auth: true },
    )
    .get(pathOf('invitations.get'), async ({ params, set }) => {
      set.headers['cache-control'] = 'no-store'
      return { code: 200, data: await viewInvitation(ctx, params.token) }
    })
    .post(
      pathOf('invitations.accept'),
      async ({ params, body, request, server, set }) => {
        set.headers['cache-control'] = 'no-store'
        const caller = await callerOf(ctx, request, server)
        if (!caller) refuseCrossSiteLogin(ctx, request)
        const { session, ...data } = await acceptInvitation(ctx, params.token, caller, body ?? {})
        if (session) set.headers['set-cookie'] = sessionCookie(ctx, session.value, session.expiresAt)
        return { code: 200, data }
      },
      { body: OPERATIONS['invitations.accept'].body, parse: 'json' },
    )
