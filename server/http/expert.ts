/**
 * @module /api/v3/apps/:id/expert — the author's profile shown on reports and their
 * commentary per scale level. Mirrors `svc-cli expert get|set|comment set|comment list|comment remove`.
 *
 * | Method | Path                      | Body                                   | data                              |
 * |--------|---------------------------|----------------------------------------|-----------------------------------|
 * | GET    | /                         |                                        | `Expert` (profile + comments)     |
 * | PATCH  | /                         | `{name?, title?, bio?, avatarUrl?}`    | `Expert`                          |
 * | GET    | /comments                 |                                        | `{comments:[Comment]}`            |
 * | PUT    | /comments/:scale/:level   | `{text}`                               | `Comment`                         |
 * | DELETE | /comments/:scale/:level   |                                        | `{deleted:true, scale, level}`    |
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../context.ts'
import { getExpert, listExpertComments, removeExpertComment, setExpert, setExpertComment } from '../core/expert/expert.ts'
import { setCommentSchema, setExpertSchema } from '../contract/expert/schemas.ts'
import { authGuard } from './auth-guard.ts'
import { pathRef } from './path-ref.ts'

const detail = (summary: string) => ({ summary, tags: ['expert'], security: [{ accessToken: [] }] })

export const expertRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/expert', prefix: '/api/v3/apps/:id/expert' })
    .use(authGuard(ctx))
    .get('/', async ({ principal, params }) => ({ code: 200, data: await getExpert(ctx, principal.user.id, params.id) }), {
      auth: true,
      detail: detail('The expert profile and comments'),
    })
    .patch('/', async ({ principal, params, body }) => ({ code: 200, data: await setExpert(ctx, principal.user.id, params.id, body) }), {
      auth: true,
      body: setExpertSchema,
      detail: detail('Change the expert profile'),
    })
    .get('/comments', async ({ principal, params }) => ({ code: 200, data: await listExpertComments(ctx, principal.user.id, params.id) }), {
      auth: true,
      detail: detail('List the comments per scale level'),
    })
    .put('/comments/:scale/:level', async ({ principal, params, body }) => ({
      code: 200,
      data: await setExpertComment(ctx, principal.user.id, params.id, pathRef(params.scale, 'scale'), pathRef(params.level, 'level'), body),
    }), {
      auth: true,
      body: setCommentSchema,
      detail: detail('Set the comment for one level of a scale'),
    })
    .delete('/comments/:scale/:level', async ({ principal, params }) => ({
      code: 200,
      data: await removeExpertComment(ctx, principal.user.id, params.id, pathRef(params.scale, 'scale'), pathRef(params.level, 'level')),
    }), {
      auth: true,
      detail: detail('Remove the comment for one level of a scale'),
    })
