/**
 * @module /api/v3/apps/:id/scales — an app's scales (scoring dimensions). `:scale` is a
 * scale id or key; `:field` a field id or name; `:level` a level key. Mirrors
 * `svc-cli scale add|list|get|update|remove`, `scale item add|remove`, `scale level set|remove`
 * and `scale rescore`.
 *
 * | Method | Path                    | Body                                                       | data                  |
 * |--------|-------------------------|------------------------------------------------------------|-----------------------|
 * | GET    | /                       |                                                            | `{scales:[Scale]}`    |
 * | POST   | /                       | `{key, name, description?, method?, items?, levels?}`      | `Scale`               |
 * | POST   | /rescore                |                                                            | `{rescored:n}`        |
 * | GET    | /:scale                 |                                                            | `Scale`               |
 * | PATCH  | /:scale                 | `{key?, name?, description?, method?, items?, levels?}`    | `Scale`               |
 * | DELETE | /:scale                 |                                                            | `{deleted:true, id}`  |
 * | POST   | /:scale/items           | `{field, weight?, reverse?, scores?, min?, max?}`          | `Scale`               |
 * | DELETE | /:scale/items/:field    |                                                            | `Scale`               |
 * | PUT    | /:scale/levels/:level   | `{label?, min?, max?, interpretation?}` (all but interpretation required for a new level) | `Scale` |
 * | DELETE | /:scale/levels/:level   |                                                            | `Scale`               |
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../context.ts'
import { addScaleItem, removeScaleItem, removeScaleLevel, setScaleLevel } from '../core/scales/items.ts'
import { createScale, deleteScale, getScale, listScales, updateScale } from '../core/scales/scales.ts'
import { createScaleSchema, scaleItemSchema, setLevelSchema, updateScaleSchema } from '../contract/scales/schemas.ts'
import { rescore } from '../core/scoring/rescore.ts'
import { authGuard } from './auth-guard.ts'
import { pathRef } from './path-ref.ts'

const detail = (summary: string) => ({ summary, tags: ['scales'], security: [{ accessToken: [] }] })

export const scaleRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/scales', prefix: '/api/v3/apps/:id/scales' })
    .use(authGuard(ctx))
    .get('/', async ({ principal, params }) => ({ code: 200, data: await listScales(ctx, principal.user.id, params.id) }), {
      auth: true,
      detail: detail("List an app's scales with their ranges and remaining problems"),
    })
    .post('/', async ({ principal, params, body }) => ({ code: 200, data: await createScale(ctx, principal.user.id, params.id, body) }), {
      auth: true,
      body: createScaleSchema,
      detail: detail('Add a scale; levels given here must cover the possible score range without gaps or overlaps'),
    })
    .post('/rescore', async ({ principal, params }) => ({ code: 200, data: await rescore(ctx, principal.user.id, params.id) }), {
      auth: true,
      detail: detail("Recompute every record's stored scores with the current scales"),
    })
    .get('/:scale', async ({ principal, params }) => ({ code: 200, data: await getScale(ctx, principal.user.id, params.id, pathRef(params.scale, 'scale')) }), {
      auth: true,
      detail: detail('Get a scale by id or key'),
    })
    .patch('/:scale', async ({ principal, params, body }) => ({ code: 200, data: await updateScale(ctx, principal.user.id, params.id, pathRef(params.scale, 'scale'), body) }), {
      auth: true,
      body: updateScaleSchema,
      detail: detail('Change a scale; items and levels replace the whole list'),
    })
    .delete('/:scale', async ({ principal, params }) => ({ code: 200, data: await deleteScale(ctx, principal.user.id, params.id, pathRef(params.scale, 'scale')) }), {
      auth: true,
      detail: detail('Remove a scale and its expert comments'),
    })
    .post('/:scale/items', async ({ principal, params, body }) => ({ code: 200, data: await addScaleItem(ctx, principal.user.id, params.id, pathRef(params.scale, 'scale'), body) }), {
      auth: true,
      body: scaleItemSchema,
      detail: detail('Add a field as an item of the scale'),
    })
    .delete('/:scale/items/:field', async ({ principal, params }) => ({
      code: 200,
      data: await removeScaleItem(ctx, principal.user.id, params.id, pathRef(params.scale, 'scale'), pathRef(params.field, 'field')),
    }), {
      auth: true,
      detail: detail('Remove the item of a field'),
    })
    .put('/:scale/levels/:level', async ({ principal, params, body }) => ({
      code: 200,
      data: await setScaleLevel(ctx, principal.user.id, params.id, pathRef(params.scale, 'scale'), pathRef(params.level, 'level'), body),
    }), {
      auth: true,
      body: setLevelSchema,
      detail: detail('Add or change a level (overlaps are refused; gaps are listed in the scale until closed)'),
    })
    .delete('/:scale/levels/:level', async ({ principal, params }) => ({
      code: 200,
      data: await removeScaleLevel(ctx, principal.user.id, params.id, pathRef(params.scale, 'scale'), pathRef(params.level, 'level')),
    }), {
      auth: true,
      detail: detail('Remove a level and its expert comment'),
    })
