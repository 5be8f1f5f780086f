/**
 * @module An app's fields (`fields.*` of the route table, server/contract/api/fields.ts),
 * the proposed ones (made by anonymous submissions, `proposed: true`) included: list, add,
 * get, change, remove, accept proposed ones, reorder. `:field` is a field id or its
 * URL-encoded name.
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../core/context.ts'
import { OPERATIONS } from '../contract/api/operations.ts'
import { pathOf } from '../contract/api/routes.ts'
import { addField, fieldListOf, getField, removeField, updateField } from '../core/fields/fields.ts'
import { acceptFields } from '../core/fields/accept.ts'
import { reorderFields } from '../core/fields/order.ts'
import { AppError } from '../contract/errors.ts'
import { LIMITS } from '../contract/limits.ts'
import { authGuard } from './auth-guard.ts'

/** The decoded `:field`; Elysia hands over null when its percent-encoding is broken. */
function fieldRef(raw: string | null): string {
  if (typeof raw !== 'string') {
    throw new AppError(
      'bad_request',
      'The field in the URL is not valid percent-encoding; encode its name with encodeURIComponent or use its id',
    )
  }
  return raw
}

export const fieldRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/fields' })
    .use(authGuard(ctx))
    .get(
      pathOf('fields.list'),
      async ({ principal, params }) => ({
        code: 200,
        data: { ...(await fieldListOf(ctx, principal.user.id, params.id)), limit: LIMITS.maxFields },
      }),
      { auth: true },
    )
    .post(
      pathOf('fields.add'),
      async ({ principal, params, body }) => ({
        code: 200,
        data: await addField(ctx, principal.user.id, params.id, body),
      }),
      {
        auth: true,
        body: OPERATIONS['fields.add'].body,
      },
    )
    .put(
      pathOf('fields.order'),
      async ({ principal, params, body }) => ({
        code: 200,
        data: { fields: await reorderFields(ctx, principal.user.id, params.id, body) },
      }),
      {
        auth: true,
        body: OPERATIONS['fields.order'].body,
      },
    )
    .post(
      pathOf('fields.accept'),
      async ({ principal, params, body }) => ({
        code: 200,
        data: { fields: await acceptFields(ctx, principal.user.id, params.id, body) },
      }),
      {
        auth: true,
        body: OPERATIONS['fields.accept'].body,
      },
    )
    .get(
      pathOf('fields.get'),
      async ({ principal, params }) => ({
        code: 200,
        data: await getField(ctx, principal.user.id, params.id, fieldRef(params.field)),
      }),
      { auth: true },
    )
    .patch(
      pathOf('fields.update'),
      async ({ principal, params, body }) => ({
        code: 200,
        data: await updateField(ctx, principal.user.id, params.id, fieldRef(params.field), body),
      }),
      {
        auth: true,
        body: OPERATIONS['fields.update'].body,
      },
    )
    .delete(
      pathOf('fields.remove'),
      async ({ principal, params }) => ({
        code: 200,
        data: await removeField(ctx, principal.user.id, params.id, fieldRef(params.field)),
      }),
      { auth: true },
    )
