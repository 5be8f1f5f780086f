/**
 * @module An app's scales (scoring dimensions): `scales.*` of the route table
 * (server/contract/api/scales.ts). `:scale` is a scale id or key; `:field` a field id or
 * name; `:level` a level key. Mirrors `svc-cli scale add|list|get|update|remove`,
 * `scale item add|remove`, `scale level set|remove` and `scale rescore`.
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../core/context.ts'
import { OPERATIONS } from '../contract/api/operations.ts'
import { pathOf } from '../contract/api/routes.ts'
import { addScaleItem, removeScaleItem, removeScaleLevel, setScaleLevel } from '../core/scales/items.ts'
import { createScale, deleteScale, getScale, listScales, updateScale } from '../core/scales/scales.ts'
import { rescore } from '../core/scoring/rescore.ts'
import { authGuard } from './auth-guard.ts'
import { pathRef } from './path-ref.ts'

export const scaleRoutes = (ctx: AppContext) =>
  // Long: the route table of scales, one entry per route.
  new Elysia({ name: 'svc/scales' })
    .use(authGuard(ctx))
    .get(
      pathOf('scales.list'),
      async ({ principal, params }) => ({ code: 200, data: await listScales(ctx, principal.user.id, params.id) }),
      { auth: true },
    )
    .post(
      pathOf('scales.add'),
      async ({ principal, params, body }) => ({
        code: 200,
        data: await createScale(ctx, principal.user.id, params.id, body),
      }),
      {
        auth: true,
        body: OPERATIONS['scales.add'].body,
      },
    )
    .post(
      pathOf('scales.rescore'),
      async ({ principal, params }) => ({ code: 200, data: await rescore(ctx, principal.user.id, params.id) }),
      { auth: true },
    )
    .get(
      pathOf('scales.get'),
      async ({ principal, params }) => ({
        code: 200,
        data: await getScale(ctx, principal.user.id, params.id, pathRef(params.scale, 'scale')),
      }),
      { auth: true },
    )
    .patch(
      pathOf('scales.update'),
      async ({ principal, params, body }) => ({
        code: 200,
        data: await updateScale(ctx, principal.user.id, params.id, pathRef(params.scale, 'scale'), body),
      }),
      { auth: true, body: OPERATIONS['scales.update'].body },
    )
    .delete(
      pathOf('scales.remove'),
      async ({ principal, params }) => ({
        code: 200,
        data: await deleteScale(ctx, principal.user.id, params.id, pathRef(params.scale, 'scale')),
      }),
      {
        auth: true,
      },
    )
    .post(
      pathOf('scales.addItem'),
      async ({ principal, params, body }) => ({
        code: 200,
        data: await addScaleItem(ctx, principal.user.id, params.id, pathRef(params.scale, 'scale'), body),
      }),
      { auth: true, body: OPERATIONS['scales.addItem'].body },
    )
    .delete(
      pathOf('scales.removeItem'),
      async ({ principal, params }) => ({
        code: 200,
        data: await removeScaleItem(
          ctx,
          principal.user.id,
          params.id,
          pathRef(params.scale, 'scale'),
          pathRef(params.field, 'field'),
        ),
      }),
      { auth: true },
    )
    .put(
      pathOf('scales.setLevel'),
      async ({ principal, params, body }) => ({
        code: 200,
        data: await setScaleLevel(
          ctx,
          principal.user.id,
          params.id,
          pathRef(params.scale, 'scale'),
          pathRef(params.level, 'level'),
          body,
        ),
      }),
      { auth: true, body: OPERATIONS['scales.setLevel'].body },
    )
    .delete(
      pathOf('scales.removeLevel'),
      async ({ principal, params }) => ({
        code: 200,
        data: await removeScaleLevel(
          ctx,
          principal.user.id,
          params.id,
          pathRef(params.scale, 'scale'),
          pathRef(params.level, 'level'),
        ),
      }),
      { auth: true },
    )
