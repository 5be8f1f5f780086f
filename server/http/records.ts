/**
 * @module The owner's records (`records.*` of the route table, server/contract/api/records.ts):
 * a page (the same top-level shape as the public /query, so clients read both alike), one
 * record with its history, correcting one, deleting one or a selection, marking spam; and
 * one person's records across apps (erasure.ts).
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../core/context.ts'
import { OPERATIONS } from '../contract/api/operations.ts'
import { pathOf } from '../contract/api/routes.ts'
import { deleteRecord, deleteRecords } from '../core/records/delete.ts'
import { editRecord } from '../core/records/edit.ts'
import { getRecordDetail, listRecords } from '../core/records/owner.ts'
import { pageStream } from '../core/records/page.ts'
import { markSpam } from '../core/records/spam.ts'
import { parseJsonBody } from '../core/collect/json.ts'
import { LIMITS } from '../contract/limits.ts'
import { authGuard } from './auth-guard.ts'
import { erasureRoutes } from './erasure.ts'

/**
 * An edit's JSON read the way ingest reads a record (core/collect/json.ts): a number a double
 * cannot hold exactly (an integer beyond 2^53, say) is 422 `invalid_value` naming it, not
 * rounded by `JSON.parse` and stored; too deep is 413, malformed 400 `bad_json`.
 */
const exactJson = async ({ request }: { request: Request }) => parseJsonBody(await request.text(), LIMITS.maxDepth)

/** JSON text (or a stream of it) as a response, keeping headers hooks have set. */
function jsonText(text: string | ReadableStream<Uint8Array>, headers: Record<string, string | number>): Response {
  const response = new Response(text, { headers: headers as Record<string, string> })
  response.headers.set('content-type', 'application/json; charset=utf-8')
  return response
}

export const recordRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/records' })
    .use(authGuard(ctx))
    .use(erasureRoutes(ctx))
    .get(
      pathOf('records.list'),
      async ({ principal, params, request, set }) =>
        jsonText(
          await pageStream(
            ctx,
            await listRecords(ctx, principal.user.id, params.id, new URL(request.url).searchParams),
          ),
          set.headers,
        ),
      {
        auth: true,
        query: OPERATIONS['records.list'].query,
      },
    )
    .get(
      pathOf('records.get'),
      async ({ principal, params, set }) =>
        jsonText(
          `{"code":200,"data":${await getRecordDetail(ctx, principal.user.id, params.id, params.recordId)}}`,
          set.headers,
        ),
      { auth: true },
    )
    .patch(
      pathOf('records.update'),
      async ({ principal, params, body, set }) =>
        jsonText(
          `{"code":200,"data":${await editRecord(ctx, principal.user, params.id, params.recordId, body as { data: Record<string, unknown> })}}`,
          set.headers,
        ),
      {
        auth: true,
        body: OPERATIONS['records.update'].body,
        parse: exactJson,
      },
    )
    .delete(
      pathOf('records.delete'),
      async ({ principal, params }) => ({
        code: 200,
        data: await deleteRecord(ctx, principal.user.id, params.id, params.recordId),
      }),
      { auth: true },
    )
    .post(
      pathOf('records.deleteMany'),
      async ({ principal, params, body }) => ({
        code: 200,
        data: await deleteRecords(ctx, principal.user.id, params.id, body),
      }),
      {
        auth: true,
        body: OPERATIONS['records.deleteMany'].body,
      },
    )
    .post(
      pathOf('records.spam'),
      async ({ principal, params, body }) => ({
        code: 200,
        data: await markSpam(ctx, principal.user.id, params.id, body),
      }),
      {
        auth: true,
        body: OPERATIONS['records.spam'].body,
      },
    )
