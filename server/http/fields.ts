/**
 * @module /api/v3/apps/:id/fields — an app's fields, the proposed ones (made by anonymous
 * submissions, `proposed: true`) included. `:field` is a field id or its URL-encoded name.
 *
 * | Method | Path    | Body                                                  | data                       |
 * |--------|---------|-------------------------------------------------------|----------------------------|
 * | GET    | /       |                                                       | `{fields:[Field], limit}`  |
 * | POST   | /       | `{name, type?, label?, required?, options?}`          | `Field`                    |
 * | PUT    | /order  | `{ids:[fieldId…]}` (every field once)                 | `{fields:[Field]}`         |
 * | POST   | /accept | `{names:[name or id…], type?}` or `{all:true}`        | `{fields:[Field]}` (the ones accepted) |
 * | GET    | /:field |                                                       | `Field`                    |
 * | PATCH  | /:field | `{name?, type?, label?, required?, options?, position?}` | `Field`                 |
 * | DELETE | /:field |                                                       | `{deleted:true, id}`       |
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../context.ts'
import { addField, getField, listFields, removeField, updateField } from '../core/fields/fields.ts'
import { acceptFields } from '../core/fields/accept.ts'
import { reorderFields } from '../core/fields/order.ts'
import { acceptFieldsSchema, createFieldSchema, reorderFieldsSchema, updateFieldSchema } from '../contract/fields/schemas.ts'
import { AppError } from '../contract/errors.ts'
import { LIMITS } from '../contract/limits.ts'
import { authGuard } from './auth-guard.ts'

/** The decoded `:field`; Elysia hands over null when its percent-encoding is broken. */
function fieldRef(raw: string | null): string {
  if (typeof raw !== 'string') {
    throw new AppError(400, 'bad_request', 'The field in the URL is not valid percent-encoding; encode its name with encodeURIComponent or use its id')
  }
  return raw
}

const detail = (summary: string) => ({ summary, tags: ['fields'], security: [{ accessToken: [] }] })

export const fieldRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/fields', prefix: '/api/v3/apps/:id/fields' })
    .use(authGuard(ctx))
    .get('/', async ({ principal, params }) => ({ code: 200, data: { fields: await listFields(ctx, principal.user.id, params.id), limit: LIMITS.maxFields } }), {
      auth: true,
      detail: detail(`List an app's fields in order (at most ${LIMITS.maxFields})`),
    })
    .post('/', async ({ principal, params, body }) => ({ code: 200, data: await addField(ctx, principal.user.id, params.id, body) }), {
      auth: true,
      body: createFieldSchema,
      detail: detail('Add a field at the end'),
    })
    .put('/order', async ({ principal, params, body }) => ({ code: 200, data: { fields: await reorderFields(ctx, principal.user.id, params.id, body) } }), {
      auth: true,
      body: reorderFieldsSchema,
      detail: detail('Reorder all fields'),
    })
    .post('/accept', async ({ principal, params, body }) => ({ code: 200, data: { fields: await acceptFields(ctx, principal.user.id, params.id, body) } }), {
      auth: true,
      body: acceptFieldsSchema,
      detail: detail('Accept proposed fields (made by anonymous submissions) so they appear on the form'),
    })
    .get('/:field', async ({ principal, params }) => ({ code: 200, data: await getField(ctx, principal.user.id, params.id, fieldRef(params.field)) }), {
      auth: true,
      detail: detail('Get a field by id or name'),
    })
    .patch('/:field', async ({ principal, params, body }) => ({ code: 200, data: await updateField(ctx, principal.user.id, params.id, fieldRef(params.field), body) }), {
      auth: true,
      body: updateFieldSchema,
      detail: detail('Change a field; `position` moves it'),
    })
    .delete('/:field', async ({ principal, params }) => ({ code: 200, data: await removeField(ctx, principal.user.id, params.id, fieldRef(params.field)) }), {
      auth: true,
      detail: detail('Remove a field (stored values stay in the records)'),
    })
