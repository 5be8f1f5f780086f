/**
 * @module An app's share settings and publication (`share.*` of the route table,
 * server/contract/api/share.ts). The public collection endpoints themselves live in the
 * share plugin under /api/v3/share/<token>.
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../core/context.ts'
import { OPERATIONS } from '../contract/api/operations.ts'
import { pathOf } from '../contract/api/routes.ts'
import { publish, rotateToken, unpublish } from '../core/share/publish.ts'
import { getShare, updateShare } from '../core/share/settings.ts'
import { authGuard } from './auth-guard.ts'

export const shareSettingsRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/share-settings' })
    .use(authGuard(ctx))
    .get(
      pathOf('share.get'),
      async ({ principal, params }) => ({ code: 200, data: await getShare(ctx, principal.user.id, params.id) }),
      { auth: true },
    )
    .patch(
      pathOf('share.update'),
      async ({ principal, params, body }) => ({
        code: 200,
        data: await updateShare(ctx, principal.user.id, params.id, body),
      }),
      {
        auth: true,
        body: OPERATIONS['share.update'].body,
      },
    )
    .post(
      pathOf('share.publish'),
      async ({ principal, params }) => ({ code: 200, data: await publish(ctx, principal.user.id, params.id) }),
      { auth: true },
    )
    .post(
      pathOf('share.unpublish'),
      async ({ principal, params }) => ({ code: 200, data: await unpublish(ctx, principal.user.id, params.id) }),
      { auth: true },
    )
    .post(
      pathOf('share.rotate'),
      async ({ principal, params }) => ({ code: 200, data: await rotateToken(ctx, principal.user.id, params.id) }),
      { auth: true },
    )
