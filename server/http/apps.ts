/**
 * @module The owner's apps (`apps.*` of the route table, server/contract/api/apps.ts):
 * list, create, get, rename, delete, and an app's URLs.
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../core/context.ts'
import { OPERATIONS } from '../contract/api/operations.ts'
import { pathOf } from '../contract/api/routes.ts'
import { createApp, deleteApp, getApp, updateApp } from '../core/apps/apps.ts'
import { listApps } from '../core/apps/list.ts'
import { appUrls } from '../core/apps/urls.ts'
import { authGuard } from './auth-guard.ts'

export const appRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/apps' })
    .use(authGuard(ctx))
    .get(
      pathOf('apps.list'),
      async ({ principal, query }) => ({
        code: 200,
        data: await listApps(ctx, principal.user.id, query, principal.limits.apps),
      }),
      { auth: true },
    )
    .post(
      pathOf('apps.create'),
      async ({ principal, body }) => ({ code: 200, data: await createApp(ctx, principal.user.id, body) }),
      {
        auth: true,
        body: OPERATIONS['apps.create'].body,
      },
    )
    .get(
      pathOf('apps.get'),
      async ({ principal, params }) => ({ code: 200, data: await getApp(ctx, principal.user.id, params.id) }),
      { auth: true },
    )
    .patch(
      pathOf('apps.update'),
      async ({ principal, params, body }) => ({
        code: 200,
        data: await updateApp(ctx, principal.user.id, params.id, body),
      }),
      {
        auth: true,
        body: OPERATIONS['apps.update'].body,
      },
    )
    .delete(
      pathOf('apps.delete'),
      async ({ principal, params }) => ({ code: 200, data: await deleteApp(ctx, principal.user.id, params.id) }),
      { auth: true },
    )
    .get(
      pathOf('apps.urls'),
      async ({ principal, params }) => ({ code: 200, data: await appUrls(ctx, principal.user.id, params.id) }),
      { auth: true },
    )
