/**
 * @module /api/v3/apps/:id/webhooks — an app's signed webhook subscriptions (core/webhooks)
 * and their delivery log.
 *
 * | Method | Path                                  | Body                                       | data                 |
 * |--------|---------------------------------------|--------------------------------------------|----------------------|
 * | GET    | /                                     |                                            | `{webhooks:[Webhook]}` |
 * | POST   | /                                     | `{url, events?}`                           | `Webhook` + `secret` (once) |
 * | PATCH  | /:webhook                             | `{url?, events?, enabled?, rotateSecret?}` | `Webhook` (+ `secret` when rotated) |
 * | DELETE | /:webhook                             |                                            | `{id, removed:true}` |
 * | POST   | /:webhook/test                        |                                            | `TestResult`         |
 * | GET    | /:webhook/deliveries?limit=           |                                            | `{deliveries:[Delivery]}` |
 * | POST   | /:webhook/deliveries/:delivery/retry  |                                            | `Delivery`           |
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../context.ts'
import { addWebhook, listDeliveries, listWebhooks, removeWebhook, retryDelivery, testWebhook, updateWebhook } from '../core/webhooks/manage.ts'
import { addWebhookSchema, deliveriesQuerySchema, updateWebhookSchema } from '../contract/webhooks/schemas.ts'
import { authGuard } from './auth-guard.ts'

const detail = (summary: string) => ({ summary, tags: ['webhooks'], security: [{ accessToken: [] }] })

export const webhookRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/webhooks', prefix: '/api/v3/apps/:id/webhooks' })
    .use(authGuard(ctx))
    .get('/', async ({ principal, params }) => ({ code: 200, data: { webhooks: await listWebhooks(ctx, principal.user.id, params.id) } }), {
      auth: true,
      detail: detail("List an app's webhooks"),
    })
    .post('/', async ({ principal, params, body }) => ({ code: 200, data: await addWebhook(ctx, principal.user.id, params.id, body) }), {
      auth: true,
      body: addWebhookSchema,
      detail: detail('Add a webhook; the answer carries its signing secret, shown this once'),
    })
    .patch('/:webhook', async ({ principal, params, body }) => ({ code: 200, data: await updateWebhook(ctx, principal.user.id, params.id, params.webhook, body) }), {
      auth: true,
      body: updateWebhookSchema,
      detail: detail('Change a webhook: URL, events, on/off, a new secret'),
    })
    .delete('/:webhook', async ({ principal, params }) => ({ code: 200, data: await removeWebhook(ctx, principal.user.id, params.id, params.webhook) }), {
      auth: true,
      detail: detail('Remove a webhook and its pending deliveries'),
    })
    .post('/:webhook/test', async ({ principal, params }) => ({ code: 200, data: await testWebhook(ctx, principal.user.id, params.id, params.webhook) }), {
      auth: true,
      detail: detail('Send a signed webhook.test event now and show what came back'),
    })
    .get('/:webhook/deliveries', async ({ principal, params, query }) => ({ code: 200, data: { deliveries: await listDeliveries(ctx, principal.user.id, params.id, params.webhook, query) } }), {
      auth: true,
      query: deliveriesQuerySchema,
      detail: detail("A webhook's deliveries, newest first, with their latest attempt"),
    })
    .post('/:webhook/deliveries/:delivery/retry', async ({ principal, params }) => ({ code: 200, data: await retryDelivery(ctx, principal.user.id, params.id, params.webhook, params.delivery) }), {
      auth: true,
      detail: detail('Send a delivery again now (a dead one gets one more attempt)'),
    })
