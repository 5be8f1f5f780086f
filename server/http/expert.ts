/**
 * @module The author's profile shown on reports and their commentary per scale level:
 * `expert.*` of the route table (server/contract/api/expert.ts). Mirrors
 * `svc-cli expert get|set|comment set|comment list|comment remove`.
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../core/context.ts'
import { OPERATIONS } from '../contract/api/operations.ts'
import { pathOf } from '../contract/api/routes.ts'
import {
  getExpert,
  listExpertComments,
  removeExpertComment,
  setExpert,
  setExpertComment,
} from '../core/expert/expert.ts'
import { authGuard } from './auth-guard.ts'
import { pathRef } from './path-ref.ts'

export const expertRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/expert' })
    .use(authGuard(ctx))
    .get(
      pathOf('expert.get'),
      async ({ principal, params }) => ({ code: 200, data: await getExpert(ctx, principal.user.id, params.id) }),
      { auth: true },
    )
    .patch(
      pathOf('expert.update'),
      async ({ principal, params, body }) => ({
        code: 200,
        data: await setExpert(ctx, principal.user.id, params.id, body),
      }),
      {
        auth: true,
        body: OPERATIONS['expert.update'].body,
      },
    )
    .get(
      pathOf('expert.comments'),
      async ({ principal, params }) => ({
        code: 200,
        data: await listExpertComments(ctx, principal.user.id, params.id),
      }),
      { auth: true },
    )
    .put(
      pathOf('expert.setComment'),
      async ({ principal, params, body }) => ({
        code: 200,
        data: await setExpertComment(
          ctx,
          principal.user.id,
          params.id,
          pathRef(params.scale, 'scale'),
          pathRef(params.level, 'level'),
          body,
        ),
      }),
      { auth: true, body: OPERATIONS['expert.setComment'].body },
    )
    .delete(
      pathOf('expert.removeComment'),
      async ({ principal, params }) => ({
        code: 200,
        data: await removeExpertComment(
          ctx,
          principal.user.id,
          params.id,
          pathRef(params.scale, 'scale'),
          pathRef(params.level, 'level'),
        ),
      }),
      { auth: true },
    )
