/**
 * @module /api/v3/apps/:id/share — an app's share settings and publication. The public
 * collection endpoints themselves live in the share plugin under /api/v3/share/<token>.
 *
 * | Method | Path       | Body                                                                      | data    |
 * |--------|------------|---------------------------------------------------------------------------|---------|
 * | GET    | /          |                                                                           | `Share` |
 * | PATCH  | /          | `{service?, reads?, autoCreate?, honeypot?, rateLimit?, redirectOrigins?, thankYouMessage?, thankYouUrl?, summaryMinRespondents?}` | `Share` |
 * | POST   | /publish   |                                                                           | `Share` |
 * | POST   | /unpublish |                                                                           | `Share` |
 * | POST   | /rotate    |                                                                           | `Share` |
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../context.ts'
import { publish, rotateToken, unpublish } from '../core/share/publish.ts'
import { updateShareSchema } from '../contract/share/schemas.ts'
import { getShare, updateShare } from '../core/share/settings.ts'
import { authGuard } from './auth-guard.ts'

const detail = (summary: string) => ({ summary, tags: ['share'], security: [{ accessToken: [] }] })

export const shareSettingsRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/share-settings', prefix: '/api/v3/apps/:id/share' })
    .use(authGuard(ctx))
    .get('/', async ({ principal, params }) => ({ code: 200, data: await getShare(ctx, principal.user.id, params.id) }), {
      auth: true,
      detail: detail('Share settings and the endpoint URL'),
    })
    .patch('/', async ({ principal, params, body }) => ({ code: 200, data: await updateShare(ctx, principal.user.id, params.id, body) }), {
      auth: true,
      body: updateShareSchema,
      detail: detail('Change share settings'),
    })
    .post('/publish', async ({ principal, params }) => ({ code: 200, data: await publish(ctx, principal.user.id, params.id) }), {
      auth: true,
      detail: detail('Publish the endpoint (the first publish makes its token)'),
    })
    .post('/unpublish', async ({ principal, params }) => ({ code: 200, data: await unpublish(ctx, principal.user.id, params.id) }), {
      auth: true,
      detail: detail('Unpublish: the endpoint answers 404, the token is kept'),
    })
    .post('/rotate', async ({ principal, params }) => ({ code: 200, data: await rotateToken(ctx, principal.user.id, params.id) }), {
      auth: true,
      detail: detail('Replace the endpoint token; the old one answers 404'),
    })
