/**
 * @module /api/v3/profile — the caller's own account.
 *
 *   GET    /            → user
 *   PATCH  /            {name?, email?}                   → user
 *   PUT    /password    {currentPassword?, newPassword}   → {changed}
 *   DELETE /            {confirm: <own e-mail>}           → {deleted} (apps, tokens, sessions too)
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../context.ts'
import { AccountDeleteInput, PasswordChangeInput, ProfileUpdateInput } from '../core/auth/schemas.ts'
import { SESSION_COOKIE } from '../core/auth/sessions.ts'
import { changePassword, deleteAccount, getProfile, updateProfile } from '../core/users/profile.ts'
import { authGuard, readCookie } from './auth-guard.ts'
import { clearedSessionCookie } from './session-cookie.ts'

const tags = ['profile']
const security = [{ accessToken: [] }]

export const profileRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/profile', prefix: '/api/v3/profile' })
    .use(authGuard(ctx))
    .get('/', async ({ principal }) => ({ code: 200 as const, data: await getProfile(ctx, principal.user.id) }), {
      auth: true,
      detail: { summary: 'Your account', tags, security },
    })
    .patch('/', async ({ body, principal }) => ({ code: 200 as const, data: await updateProfile(ctx, principal.user.id, body) }), {
      auth: true,
      body: ProfileUpdateInput,
      parse: 'json',
      detail: { summary: 'Change your display name or e-mail', tags, security },
    })
    .put(
      '/password',
      async ({ body, principal, request }) => {
        // The session making the change stays logged in; every other one ends.
        const own = principal.method === 'session' ? readCookie(request.headers.get('cookie'), SESSION_COOKIE) : null
        return { code: 200 as const, data: await changePassword(ctx, principal.user.id, body, own) }
      },
      {
        auth: true,
        body: PasswordChangeInput,
        parse: 'json',
        detail: { summary: 'Set a new password (the current one is required when there is one)', tags, security },
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
