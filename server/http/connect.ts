/**
 * @module The theme of the app's fill-in and report pages: `connect.*` of the route table
 * (server/contract/api/connect.ts). Mirrors `svc-cli connect get|set|reset|preview`; the
 * preview page is the admin's "View form".
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../core/context.ts'
import { OPERATIONS } from '../contract/api/operations.ts'
import { pathOf } from '../contract/api/routes.ts'
import { getTheme, previewTheme, resetTheme, setTheme } from '../core/connect/connect.ts'
import { endpointToken } from '../core/apps/urls.ts'
import { fillInBody, fillInDocument } from '../pages/fill-in.ts'
import { document } from '../pages/layout.ts'
import type { SetThemeInput } from '../contract/connect/schemas.ts'
import { authGuard } from './auth-guard.ts'
import { fillInPageData } from './fill-in-data.ts'

/**
 * The preview page's policy: framed only by this server's own pages (the admin's View
 * form) and sandboxed, so no script runs and its form cannot be sent (previewing stores
 * nothing); inline theme styles and https images as on the real page.
 */
const PREVIEW_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; form-action 'none'; base-uri 'none'; frame-ancestors 'self'; sandbox"

/** The fill-in page of `appId` (its owner's) with `changes` to the theme applied but not saved. */
async function previewPage(ctx: AppContext, userId: string, appId: string, changes: SetThemeInput = {}) {
  const theme = await previewTheme(ctx, userId, appId, changes)
  const token = (await endpointToken(ctx, appId)) ?? 'preview'
  return { ...(await fillInPageData(ctx, appId, token, '_gotcha')), theme }
}

export const connectRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/connect' })
    .use(authGuard(ctx))
    .get(
      pathOf('connect.get'),
      async ({ principal, params }) => ({ code: 200, data: await getTheme(ctx, principal.user.id, params.id) }),
      { auth: true },
    )
    .patch(
      pathOf('connect.update'),
      async ({ principal, params, body }) => ({
        code: 200,
        data: await setTheme(ctx, principal.user.id, params.id, body),
      }),
      {
        auth: true,
        body: OPERATIONS['connect.update'].body,
      },
    )
    .post(
      pathOf('connect.reset'),
      async ({ principal, params }) => ({ code: 200, data: await resetTheme(ctx, principal.user.id, params.id) }),
      { auth: true },
    )
    .post(
      pathOf('connect.preview'),
      async ({ principal, params, body }) => {
        const page = await previewPage(ctx, principal.user.id, params.id, body ?? {})
        return { code: 200, data: { theme: page.theme, html: fillInDocument(page) } }
      },
      { auth: true, body: OPERATIONS['connect.preview'].body },
    )
    .get(
      pathOf('connect.previewPage'),
      async ({ principal, params }) => {
        const page = await previewPage(ctx, principal.user.id, params.id)
        // No script: the sandbox would refuse to run it anyway, and say so in the console.
        const body = document({ title: page.appName, theme: page.theme, body: fillInBody(page) })
        return new Response(body, {
          headers: {
            'content-type': 'text/html; charset=utf-8',
            'content-security-policy': PREVIEW_CSP,
            'cache-control': 'no-store',
          },
        })
      },
      { auth: true },
    )
