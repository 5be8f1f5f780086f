/**
 * @module /api/v3/apps/:id/connect — the theme of the app's fill-in and report pages.
 * Mirrors `svc-cli connect get|set|reset|preview`.
 *
 * | Method | Path      | Body                                                                                     | data            |
 * |--------|-----------|------------------------------------------------------------------------------------------|-----------------|
 * | GET    | /         |                                                                                          | `Theme`         |
 * | PATCH  | /         | `{primaryColor?, backgroundColor?, textColor?, fontFamily?, logoUrl?, layout?, buttonText?, customCss?}` | `Theme` |
 * | POST   | /reset    |                                                                                          | `Theme` (defaults) |
 * | POST   | /preview  | the PATCH body (optional; applied to the preview only)                                   | `{theme, html}` the fill-in page |
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../context.ts'
import { getTheme, previewTheme, resetTheme, setTheme } from '../core/connect/connect.ts'
import { setThemeSchema } from '../contract/connect/schemas.ts'
import { endpointToken } from '../core/apps/urls.ts'
import { fillInDocument } from '../pages/fill-in.ts'
import { authGuard } from './auth-guard.ts'
import { fillInPageData } from './fill-in-data.ts'

const detail = (summary: string) => ({ summary, tags: ['connect'], security: [{ accessToken: [] }] })

export const connectRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/connect', prefix: '/api/v3/apps/:id/connect' })
    .use(authGuard(ctx))
    .get('/', async ({ principal, params }) => ({ code: 200, data: await getTheme(ctx, principal.user.id, params.id) }), {
      auth: true,
      detail: detail('The page theme'),
    })
    .patch('/', async ({ principal, params, body }) => ({ code: 200, data: await setTheme(ctx, principal.user.id, params.id, body) }), {
      auth: true,
      body: setThemeSchema,
      detail: detail('Change the page theme; properties left out stay'),
    })
    .post('/reset', async ({ principal, params }) => ({ code: 200, data: await resetTheme(ctx, principal.user.id, params.id) }), {
      auth: true,
      detail: detail('Back to the default theme'),
    })
    .post('/preview', async ({ principal, params, body }) => {
      const theme = await previewTheme(ctx, principal.user.id, params.id, body ?? {})
      const token = (await endpointToken(ctx, params.id)) ?? 'preview'
      const page = { ...(await fillInPageData(ctx, params.id, token, '_gotcha')), theme }
      return { code: 200, data: { theme, html: fillInDocument(page) } }
    }, {
      auth: true,
      body: setThemeSchema.optional(),
      detail: detail('The fill-in page with the theme (and the given changes, unsaved) as HTML'),
    })
