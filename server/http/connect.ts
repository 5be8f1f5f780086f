/**
 * @module The theme of the app's fill-in and report pages: `connect.*` of the route table
 * (server/contract/api/connect.ts). Mirrors `svc-cli connect get|set|reset|preview`.
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../core/context.ts'
import { OPERATIONS } from '../contract/api/operations.ts'
import { pathOf } from '../contract/api/routes.ts'
import { getTheme, previewTheme, resetTheme, setTheme } from '../core/connect/connect.ts'
import { endpointToken } from '../core/apps/urls.ts'
import { fillInDocument } from '../pages/fill-in.ts'
import { authGuard } from './auth-guard.ts'
import { fillInPageData } from './fill-in-data.ts'

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
        const theme = await previewTheme(ctx, principal.user.id, params.id, body ?? {})
        const token = (await endpointToken(ctx, params.id)) ?? 'preview'
        const page = { ...(await fillInPageData(ctx, params.id, token, '_gotcha')), theme }
        return { code: 200, data: { theme, html: fillInDocument(page) } }
      },
      { auth: true, body: OPERATIONS['connect.preview'].body },
    )
