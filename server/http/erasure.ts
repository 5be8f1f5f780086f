/**
 * @module Erasure and subject access over HTTP (`records.erase`, `records.find`,
 * server/contract/api/erasure.ts): POSTs, so the person's value is in the body, never in a
 * URL an access log or a proxy could keep.
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../core/context.ts'
import { OPERATIONS } from '../contract/api/operations.ts'
import { pathOf } from '../contract/api/routes.ts'
import { eraseRecords, findRecords } from '../core/records/erasure.ts'
import { authGuard } from './auth-guard.ts'

export const erasureRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/erasure' })
    .use(authGuard(ctx))
    .post(
      pathOf('records.erase'),
      async ({ principal, body }) => ({ code: 200, data: await eraseRecords(ctx, principal, body) }),
      { auth: true, body: OPERATIONS['records.erase'].body },
    )
    .post(
      pathOf('records.find'),
      async ({ principal, body }) => ({ code: 200, data: await findRecords(ctx, principal, body) }),
      { auth: true, body: OPERATIONS['records.find'].body },
    )
