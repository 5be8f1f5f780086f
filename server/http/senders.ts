/**
 * @module An app's senders: the third parties whose signed webhook deliveries its endpoint
 * verifies (`senders.*` of the route table, server/contract/api/senders.ts; core/senders).
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../core/context.ts'
import { OPERATIONS } from '../contract/api/operations.ts'
import { pathOf } from '../contract/api/routes.ts'
import { addSender, listSenders, removeSender } from '../core/senders/manage.ts'
import { authGuard } from './auth-guard.ts'

export const senderRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/senders' })
    .use(authGuard(ctx))
    .get(
      pathOf('senders.list'),
      async ({ principal, params }) => ({
        code: 200,
        data: { senders: await listSenders(ctx, principal.user.id, params.id) },
      }),
      { auth: true },
    )
    .post(
      pathOf('senders.add'),
      async ({ principal, params, body }) => ({
        code: 200,
        data: await addSender(ctx, principal.user.id, params.id, body),
      }),
      { auth: true, body: OPERATIONS['senders.add'].body },
    )
    .delete(
      pathOf('senders.remove'),
      async ({ principal, params }) => ({
        code: 200,
        data: await removeSender(ctx, principal.user.id, params.id, params.name),
      }),
      { auth: true },
    )
