/**
 * @module Streamed downloads of an app's records (owner): `records.exportCsv` (BOM, RFC 4180,
 * formula-neutralised cells) and `records.exportJsonl` (one `{id,data,meta,createdAt}` per
 * line) of the route table; `?spam=include|only` (default: spam excluded), `?filter=`.
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../core/context.ts'
import { pathOf } from '../contract/api/routes.ts'
import { exportRecords } from '../export/export.ts'
import type { ExportFormat } from '../export/stream.ts'
import { authGuard } from './auth-guard.ts'

async function download(
  ctx: AppContext,
  userId: string,
  appId: string,
  query: Record<string, unknown>,
  format: ExportFormat,
  headers: Record<string, string | number>,
): Promise<Response> {
  const { stream, contentType, contentDisposition } = await exportRecords(ctx, userId, appId, query, format)
  const response = new Response(stream, { headers: headers as Record<string, string> })
  response.headers.set('content-type', contentType)
  response.headers.set('content-disposition', contentDisposition)
  response.headers.set('cache-control', 'no-store')
  return response
}

export const exportRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/export' })
    .use(authGuard(ctx))
    .get(
      pathOf('records.exportCsv'),
      async ({ principal, params, query, set }) =>
        await download(ctx, principal.user.id, params.id, query, 'csv', set.headers),
      { auth: true },
    )
    .get(
      pathOf('records.exportJsonl'),
      async ({ principal, params, query, set }) =>
        await download(ctx, principal.user.id, params.id, query, 'jsonl', set.headers),
      { auth: true },
    )
