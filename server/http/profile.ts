/**
 * @module /api/v3/profile — the caller's own account.
 *
 *   GET    /               auth     → user
 *   PATCH  /               auth     {name?, email?, currentPassword?, code?} → user; with a new e-mail 202 user + pendingEmail
 *   DELETE /email          auth     → {cancelled}: the pending e-mail change is dropped
 *   GET    /email/confirm  public   ?token= → HTML page with the button that confirms (opening the link changes nothing)
 *   POST   /email/confirm  public   form or JSON {token} → the account now uses the new e-mail (HTML page, or JSON user)
 *   PUT    /password       auth     {currentPassword? | code?, newPassword} → {changed}
 *   DELETE /               auth     {confirm: <own e-mail>} → {deleted} (apps, tokens, sessions too)
 *
 * A new e-mail or password needs the current password (accounts without one: a login code
 * mailed to the current address) — 403 `reauth_required` without it, `wrong_password` or
 * `wrong_code` when it is wrong, which count like failed log-ins from the caller's address.
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../context.ts'
import { AccountDeleteInput, EmailChangeConfirmInput, parseInput, PasswordChangeInput, ProfileUpdateInput } from '../contract/auth/schemas.ts'
import { SESSION_COOKIE } from '../core/auth/sessions.ts'
import { AppError } from '../contract/errors.ts'
import { cancelEmailChange, confirmEmailChange, EMAIL_CONFIRM_PATH, emailChangeOfLink } from '../core/users/email-change.ts'
import { changePassword, deleteAccount, getProfile, updateProfile } from '../core/users/profile.ts'
import { emailConfirmDocument } from '../pages/email-confirm.ts'
import { pageHeaders } from '../pages/layout.ts'
import { messageDocument } from '../pages/message.ts'
import { authGuard, readCookie } from './auth-guard.ts'
import { clientAddress, UNKNOWN_CLIENT } from './client-address.ts'
import { clearedSessionCookie } from './session-cookie.ts'

const tags = ['profile']
const security = [{ accessToken: [] }]

const page = (body: string, status = 200) => new Response(body, pageHeaders(status))

/** The token of a confirmation POST: a form field (the page's button) or a JSON body. */
async function confirmToken(request: Request): Promise<{ token: string; json: boolean }> {
  const json = (request.headers.get('content-type') ?? '').includes('application/json')
  if (json) {
    const body = await request.json().catch(() => {
      throw new AppError(400, 'bad_json', 'The body is not valid JSON')
    })
    return { token: parseInput(EmailChangeConfirmInput, body).token, json }
  }
  const form = await request.formData().catch(() => null)
  const token = form?.get('token')
  return { token: typeof token === 'string' ? token : '', json }
}

export const profileRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/profile', prefix: '/api/v3/profile' })
    .use(authGuard(ctx))
    .get('/', async ({ principal }) => ({ code: 200 as const, data: await getProfile(ctx, principal.user.id) }), {
      auth: true,
      detail: { summary: 'Your account', tags, security },
    })
    .patch(
      '/',
      async ({ body, principal, request, server, set }) => {
        const from = clientAddress(request, server, ctx.config) ?? UNKNOWN_CLIENT
        const data = await updateProfile(ctx, principal.user.id, body, from)
        if (data.pendingEmail === undefined) return { code: 200 as const, data }
        set.status = 202
        return { code: 202 as const, data }
      },
      {
        auth: true,
        body: ProfileUpdateInput,
        parse: 'json',
        detail: {
          summary: 'Change your display name, or ask for a new e-mail address (needs currentPassword or code; takes effect through the link mailed to it)',
          tags,
          security,
        },
      },
    )
    .delete('/email', async ({ principal }) => ({ code: 200 as const, data: await cancelEmailChange(ctx, principal.user.id) }), {
      auth: true,
      detail: { summary: 'Cancel your pending e-mail change (its link stops working)', tags, security },
    })
    .get(
      '/email/confirm',
      async ({ query }) => {
        const token = typeof query.token === 'string' ? query.token : ''
        try {
          const { email, newEmail } = await emailChangeOfLink(ctx, token)
          return page(emailConfirmDocument(EMAIL_CONFIRM_PATH, token, email, newEmail))
        } catch (error) {
          if (error instanceof AppError) return page(messageDocument('Link not valid', error.message), error.status)
          throw error
        }
      },
      { detail: { summary: 'The page of the e-mail change link: shows the button that confirms it (opening it changes nothing)', tags } },
    )
    .post(
      '/email/confirm',
      async ({ request }) => {
        const { token, json } = await confirmToken(request)
        if (json) return { code: 200 as const, data: await confirmEmailChange(ctx, token) }
        try {
          const user = await confirmEmailChange(ctx, token)
          return page(messageDocument('E-mail address changed', `The svc account now uses ${user.email}. Log in with it from now on.`))
        } catch (error) {
          if (error instanceof AppError) return page(messageDocument('E-mail address not changed', error.message), error.status)
          throw error
        }
      },
      { parse: 'none', detail: { summary: 'Confirm an e-mail change with the token of its link (form field or JSON {token})', tags } },
    )
    .put(
      '/password',
      async ({ body, principal, request, server }) => {
        // The session making the change stays logged in; every other one ends.
        const own = principal.method === 'session' ? readCookie(request.headers.get('cookie'), SESSION_COOKIE) : null
        const from = clientAddress(request, server, ctx.config) ?? UNKNOWN_CLIENT
        return { code: 200 as const, data: await changePassword(ctx, principal.user.id, body, own, from) }
      },
      {
        auth: true,
        body: PasswordChangeInput,
        parse: 'json',
        detail: { summary: 'Set a new password (needs the current one, or a code mailed to you when there is none)', tags, security },
      },
    )
    .delete(
      '/',
      async ({ body, principal, set }) => {
        const data = await deleteAccount(ctx, principal.user.id, body)
        set.headers['set-cookie'] = clearedSessionCookie(ctx)
        return { code: 200 as const, data }
      },
      {
        auth: true,
        body: AccountDeleteInput,
        parse: 'json',
        detail: { summary: 'Delete your account with its apps, records, tokens and sessions', tags, security },
      },
    )
