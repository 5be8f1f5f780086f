/**
 * @module /api/v3/apps — the owner's apps.
 *
 * | Method | Path      | Body                    | data                          |
 * |--------|-----------|-------------------------|-------------------------------|
 * | GET    | /?limit&cursor |                  | `{apps:[App], nextCursor}` newest first, a page |
 * | POST   | /         | `{name, description?}`  | `App`                         |
 * | GET    | /:id      |                         | `App`                         |
 * | PATCH  | /:id      | `{name?, description?}` | `App`                         |
 * | DELETE | /:id      |                         | `{deleted:true, id}`          |
 * | GET    | /:id/urls |                         | `{endpoint, help, fillIn, editor, data}` |
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../context.ts'
import { createApp, deleteApp, getApp, updateApp } from '../core/apps/apps.ts'
import { listApps } from '../core/apps/list.ts'
import { LIMITS } from '../contract/limits.ts'
import { createAppSchema, updateAppSchema } from '../contract/apps/schemas.ts'
import { appUrls } from '../core/apps/urls.ts'
import { authGuard } from './auth-guard.ts'

const detail = (summary: string) => ({ summary, tags: ['apps'], security: [{ accessToken: [] }] })

export const appRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/apps', prefix: '/api/v3/apps' })
    .use(authGuard(ctx))
    .get('/', async ({ principal, query }) => ({ code: 200, data: await listApps(ctx, principal.user.id, query) }), {
      auth: true,
      detail: detail(`List your apps, newest first, ${LIMITS.defaultAppsPageSize} a page (?limit up to ${LIMITS.maxAppsPageSize}); pass data.nextCursor as ?cursor for the next page`),
    })
    .post('/', async ({ principal, body }) => ({ code: 200, data: await createApp(ctx, principal.user.id, body) }), {
      auth: true,
      body: createAppSchema,
      detail: detail('Create an app (unpublished, no fields)'),
    })
    .get('/:id', async ({ principal, params }) => ({ code: 200, data: await getApp(ctx, principal.user.id, params.id) }), {
      auth: true,
      detail: detail('Get an app'),
    })
    .patch('/:id', async ({ principal, params, body }) => ({ code: 200, data: await updateApp(ctx, principal.user.id, params.id, body) }), {
      auth: true,
      body: updateAppSchema,
      detail: detail('Rename an app or change its description'),
    })
    .delete('/:id', async ({ principal, params }) => ({ code: 200, data: await deleteApp(ctx, principal.user.id, params.id) }), {
      auth: true,
      detail: detail('Delete an app with its fields, endpoint and records'),
    })
    .get('/:id/urls', async ({ principal, params }) => ({ code: 200, data: await appUrls(ctx, principal.user.id, params.id) }), {
      auth: true,
      detail: detail('The URLs of an app (endpoint, help, fill-in, editor, data)'),
    })
