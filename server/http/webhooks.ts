/**
 * @module An app's signed webhook subscriptions and their delivery log (`webhooks.*` of the
 * route table, server/contract/api/webhooks.ts; core/webhooks).
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../core/context.ts'
import { OPERATIONS } from '../contract/api/operations.ts'
import { pathOf } from '../contract/api/routes.ts'
import {
  addWebhook,
  listDeliveries,
  listWebhooks,
  removeWebhook,
  retryDelivery,
  testWebhook,
  updateWebhook,
} from '../core/webhooks/manage.ts'
import { authGuard } from './auth-guard.ts'

export const webhookRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/webhooks' })
    .use(authGuard(ctx))
    .get(
      pathOf('webhooks.list'),
      async ({ principal, params }) => ({
        code: 200,
        data: { webhooks: await listWebhooks(ctx, principal.user.id, params.id) },
      }),
      { auth: true },
    )
    .post(
      pathOf('webhooks.add'),
      async ({ principal, params, body }) => ({
        code: 200,
        data: await addWebhook(ctx, principal.user.id, params.id, body, principal.tokenId ?? null),
      }),
      {
        auth: true,
        body: OPERATIONS['webhooks.add'].body,
      },
    )
    .patch(
      pathOf('webhooks.update'),
      async ({ principal, params, body }) => ({
        code: 200,
        data: await updateWebhook(ctx, principal.user.id, params.id, params.webhook, body, principal.tokenId ?? null),
      }),
      {
        auth: true,
        body: OPERATIONS['webhooks.update'].body,
      },
    )
    .delete(
      pathOf('webhooks.remove'),
      async ({ principal, params }) => ({
        code: 200,
        data: await removeWebhook(ctx, principal.user.id, params.id, params.webhook),
      }),
      { auth: true },
    )
    .post(
      pathOf('webhooks.test'),
      async ({ principal, params }) => ({
        code: 200,
        data: await testWebhook(ctx, principal.user.id, params.id, params.webhook),
      }),
      { auth: true },
    )
    .get(
      pathOf('webhooks.deliveries'),
      async ({ principal, params, query }) => ({
        code: 200,
        data: { deliveries: await listDeliveries(ctx, principal.user.id, params.id, params.webhook, query) },
      }),
      { auth: true, query: OPERATIONS['webhooks.deliveries'].query },
    )
    .post(
      pathOf('webhooks.retry'),
      async ({ principal, params }) => ({
        code: 200,
        data: await retryDelivery(ctx, principal.user.id, params.id, params.webhook, params.delivery),
      }),
      { auth: true },
    )
