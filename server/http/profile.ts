/**
 * @module The caller's own account (`profile.*` of the route table,
 * server/contract/api/profile.ts, which says what each operation takes and answers): view,
 * rename, change e-mail (confirmed through the link mailed to the new address: opening it
 * shows a button, only posting it changes anything) or password, delete.
 *
 * A new e-mail or password, and deleting the account, need the current password (accounts
 * without one: a login code mailed to the current address) — 403 `reauth_required`
 * without it, `wrong_password` or `wrong_code` when it is wrong, which count like failed
 * log-ins from the caller's address.
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../core/context.ts'
import { OPERATIONS } from '../contract/api/operations.ts'
import { pathOf } from '../contract/api/routes.ts'
import { parseInput } from '../contract/auth/schemas.ts'
import { SESSION_COOKIE } from '../core/auth/sessions.ts'
import { AppError } from '../contract/errors.ts'
import {
  cancelEmailChange,
  confirmEmailChange,
  EMAIL_CONFIRM_PATH,
  emailChangeOfLink,
} from '../core/users/email-change.ts'
import { changePassword, deleteAccount, getProfile, updateProfile } from '../core/users/profile.ts'
import { emailConfirmDocument } from '../pages/email-confirm.ts'
import { pageHeaders } from '../pages/layout.ts'
import { messageDocument } from '../pages/message.ts'
import { authGuard, readCookie } from './auth-guard.ts'
import { clientAddress, UNKNOWN_CLIENT } from './client-address.ts'
import { clearedSessionCookie } from './session-cookie.ts'

const page = (body: string, status = 200) => new Response(body, pageHeaders(status))

/**
 * JSON, where a request without a body has the body null instead of failing to parse: the
 * DELETE of the account is the one owner route a client may well send without a body, and
 * parsing comes before authentication, so it would answer a stranger 400 instead of 401. Now
 * it is refused 401 without credentials, and 422 (confirm is required) with them.
 */
const jsonOrNothing = [
  ({ request }: { request: Request }) => (request.body === null ? null : undefined),
  'json' as const,
]

/** The token of a confirmation POST: a form field (the page's button) or a JSON body. */
async function confirmToken(request: Request): Promise<{ token: string; json: boolean }> {
  const json = (request.headers.get('content-type') ?? '').includes('application/json')
  if (json) {
    const body = await request.json().catch(() => {
      throw new AppError('bad_json', 'The body is not valid JSON')
    })
    return { token: parseInput(OPERATIONS['profile.confirmEmail'].body, body).token, json }
  }
  const form = await request.formData().catch(() => null)
  const token = form?.get('token')
  return { token: typeof token === 'string' ? token : '', json }
}

export const profileRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/profile' })
    .use(authGuard(ctx))
    .get(
      pathOf('profile.get'),
      async ({ principal }) => ({ code: 200 as const, data: await getProfile(ctx, principal.user.id) }),
      { auth: true },
    )
    .patch(
      pathOf('profile.update'),
      async ({ body, principal, request, server, set }) => {
        const from = clientAddress(request, server, ctx.config) ?? UNKNOWN_CLIENT
        const data = await updateProfile(ctx, principal.user.id, body, from)
        if (data.pendingEmail === undefined) return { code: 200 as const, data }
        set.status = 202
        return { code: 202 as const, data }
      },
      { auth: true, body: OPERATIONS['profile.update'].body, parse: 'json' },
    )
    .delete(
      pathOf('profile.cancelEmail'),
      async ({ principal }) => ({ code: 200 as const, data: await cancelEmailChange(ctx, principal.user.id) }),
      { auth: true },
    )
    .get(pathOf('profile.confirmEmailPage'), async ({ query }) => {
      const token = typeof query.token === 'string' ? query.token : ''
      try {
        const { email, newEmail } = await emailChangeOfLink(ctx, token)
        return page(emailConfirmDocument(EMAIL_CONFIRM_PATH, token, email, newEmail))
      } catch (error) {
        if (error instanceof AppError) return page(messageDocument('Link not valid', error.message), error.status)
        throw error
      }
    })
    .post(
      pathOf('profile.confirmEmail'),
      async ({ request }) => {
        const { token, json } = await confirmToken(request)
        if (json) return { code: 200 as const, data: await confirmEmailChange(ctx, token) }
        try {
          const user = await confirmEmailChange(ctx, token)
          return page(
            messageDocument(
              'E-mail address changed',
              `The svc account now uses ${user.email}. Log in with it from now on.`,
            ),
          )
        } catch (error) {
          if (error instanceof AppError)
            return page(messageDocument('E-mail address not changed', error.message), error.status)
          throw error
        }
      },
      // A JSON body or the page's form: read by confirmToken, which checks the JSON one with the operation's body schema.
      { parse: 'none' },
    )
    .put(
      pathOf('profile.setPassword'),
      async ({ body, principal, request, server }) => {
        // The session making the change stays logged in; every other one ends.
        const own = principal.method === 'session' ? readCookie(request.headers.get('cookie'), SESSION_COOKIE) : null
        const from = clientAddress(request, server, ctx.config) ?? UNKNOWN_CLIENT
        return { code: 200 as const, data: await changePassword(ctx, principal.user.id, body, own, from) }
      },
      { auth: true, body: OPERATIONS['profile.setPassword'].body, parse: 'json' },
    )
    .delete(
      pathOf('profile.delete'),
      async ({ body, principal, request, server, set }) => {
        const from = clientAddress(request, server, ctx.config) ?? UNKNOWN_CLIENT
        const data = await deleteAccount(ctx, principal.user.id, body, from)
        set.headers['set-cookie'] = clearedSessionCookie(ctx)
        return { code: 200 as const, data }
      },
      { auth: true, body: OPERATIONS['profile.delete'].body, parse: jsonOrNothing },
    )
