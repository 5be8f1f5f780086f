/**
 * @module /api/v3/apps/:id/records — the owner's records (control plane).
 *
 * | Method | Path                       | Body        | Answer                                       |
 * |--------|----------------------------|-------------|----------------------------------------------|
 * | GET    | /:id/records               |             | `{code, records, page, size, total}` (?page&size&spam&order) |
 * | GET    | /:id/records/:recordId     |             | `{code, data: Record}` (spam too)            |
 * | DELETE | /:id/records/:recordId     |             | `{code, data: {deleted: 1}}`                 |
 * | POST   | /:id/records/delete        | `{ids:[…]}` | `{code, data: {deleted: n}}`                 |
 * | POST   | /:id/records/spam          | `{ids:[…], spam}` | `{code, data: {changed: n, spam}}`     |
 *
 * Pages have the same top-level shape as the public /query, so clients read both alike.
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../context.ts'
import { deleteRecord, deleteRecords } from '../core/records/delete.ts'
import { getRecord, listRecords } from '../core/records/owner.ts'
import { pageStream } from '../core/records/page.ts'
import { deleteRecordsSchema, markSpamSchema, pageQuerySchema } from '../core/records/schemas.ts'
import { markSpam } from '../core/records/spam.ts'
import { recordJson } from '../core/records/shape.ts'
import { authGuard } from './auth-guard.ts'

const detail = (summary: string) => ({ summary, tags: ['records'], security: [{ accessToken: [] }] })

/** JSON text (or a stream of it) as a response, keeping headers hooks have set. */
function jsonText(text: string | ReadableStream<Uint8Array>, headers: Record<string, string | number>): Response {
  const response = new Response(text, { headers: headers as Record<string, string> })
  response.headers.set('content-type', 'application/json; charset=utf-8')
  return response
}

export const recordRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/records', prefix: '/api/v3/apps' })
    .use(authGuard(ctx))
    .get('/:id/records', async ({ principal, params, request, set }) => jsonText(await pageStream(ctx, await listRecords(ctx, principal.user.id, params.id, new URL(request.url).searchParams)), set.headers), {
      auth: true,
      query: pageQuerySchema,
      detail: detail('A page of records (?page&size&spam=exclude|include|only&order=asc|desc)'),
    })
    .get(
      '/:id/records/:recordId',
      async ({ principal, params, set }) => jsonText(`{"code":200,"data":${recordJson(await getRecord(ctx, principal.user.id, params.id, params.recordId))}}`, set.headers),
      { auth: true, detail: detail('One record, spam or not') },
    )
    .delete('/:id/records/:recordId', async ({ principal, params }) => ({ code: 200, data: await deleteRecord(ctx, principal.user.id, params.id, params.recordId) }), {
      auth: true,
      detail: detail('Delete one record; later records are renumbered so pages have no gaps'),
    })
    .post('/:id/records/delete', async ({ principal, params, body }) => ({ code: 200, data: await deleteRecords(ctx, principal.user.id, params.id, body) }), {
      auth: true,
      body: deleteRecordsSchema,
      detail: detail('Delete a selection of records by id (ids not in the app are skipped)'),
    })
    .post('/:id/records/spam', async ({ principal, params, body }) => ({ code: 200, data: await markSpam(ctx, principal.user.id, params.id, body) }), {
      auth: true,
      body: markSpamSchema,
      detail: detail('Mark records as spam (spam: true) or not spam (false); pages, totals and /summary follow at once'),
    })
