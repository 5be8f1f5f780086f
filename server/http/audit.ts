/**
 * @module The audit log's routes (`audit.app`, `audit.account` of the route table,
 * server/contract/api/audit.ts; core/audit/list.ts).
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../core/context.ts'
import { pathOf } from '../contract/api/routes.ts'
import { listAccountAudit, listAppAudit } from '../core/audit/list.ts'
import { authGuard } from './auth-guard.ts'

export const auditRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/audit' })
    .use(authGuard(ctx))
    .get(
      pathOf('audit.app'),
      async ({ params, query }) => ({ code: 200, data: await listAppAudit(ctx, params.id, query) }),
      { auth: true },
    )
    .get(
      pathOf('audit.account'),
      async ({ principal, query }) => ({ code: 200, data: await listAccountAudit(ctx, principal.user.id, query) }),
      { auth: true },
    )
