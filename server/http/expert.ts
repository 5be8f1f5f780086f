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
import { setCommentSchema, setExpertSchema } from '../core/expert/schemas.ts'
import { authGuard } from './auth-guard.ts'
import { pathRef } from './path-ref.ts'

const detail = (summary: string) => ({ summary, tags: ['expert'], security: [{ accessToken: [] }] })

export const expertRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/expert', prefix: '/api/v3/apps/:id/expert' })
    .use(authGuard(ctx))
    .get('/', ({ principal, params }) => ({ code: 200, data: getExpert(ctx, principal.user.id, params.id) }), {
      auth: true,
      detail: detail('The expert profile and comments'),
    })
    .patch('/', ({ principal, params, body }) => ({ code: 200, data: setExpert(ctx, principal.user.id, params.id, body) }), {
      auth: true,
      body: setExpertSchema,
      detail: detail('Change the expert profile'),
    })
    .get('/comments', ({ principal, params }) => ({ code: 200, data: listExpertComments(ctx, principal.user.id, params.id) }), {
      auth: true,
      detail: detail('List the comments per scale level'),
    })
    .put('/comments/:scale/:level', ({ principal, params, body }) => ({
      code: 200,
      data: setExpertComment(ctx, principal.user.id, params.id, pathRef(params.scale, 'scale'), pathRef(params.level, 'level'), body),
    }), {
      auth: true,
      body: setCommentSchema,
      detail: detail('Set the comment for one level of a scale'),
    })
    .delete('/comments/:scale/:level', ({ principal, params }) => ({
      code: 200,
      data: removeExpertComment(ctx, principal.user.id, params.id, pathRef(params.scale, 'scale'), pathRef(params.level, 'level')),
    }), {
      auth: true,
      detail: detail('Remove the comment for one level of a scale'),
    })
