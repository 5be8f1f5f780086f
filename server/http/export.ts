/**
 * @module Streamed downloads of an app's records (owner).
 *
 * | Method | Path                          | Answer                                         |
 * |--------|-------------------------------|------------------------------------------------|
 * | GET    | /api/v3/apps/:id/export.csv   | CSV: BOM, RFC 4180, formula-neutralised cells  |
 * | GET    | /api/v3/apps/:id/export.jsonl | one `{id,data,meta,createdAt}` per line        |
 *
 * `?spam=include|only` (default: spam excluded).
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../context.ts'
import { exportRecords } from '../core/export/export.ts'
import type { ExportFormat } from '../core/export/stream.ts'
import { authGuard } from './auth-guard.ts'

const detail = (summary: string) => ({ summary, tags: ['records'], security: [{ accessToken: [] }] })

async function download(ctx: AppContext, userId: string, appId: string, query: Record<string, unknown>, format: ExportFormat, headers: Record<string, string | number>): Promise<Response> {
  const { stream, contentType, contentDisposition } = await exportRecords(ctx, userId, appId, query, format)
  const response = new Response(stream, { headers: headers as Record<string, string> })
  response.headers.set('content-type', contentType)
  response.headers.set('content-disposition', contentDisposition)
  response.headers.set('cache-control', 'no-store')
  return response
}

export const exportRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/export', prefix: '/api/v3/apps' })
    .use(authGuard(ctx))
    .get('/:id/export.csv', async ({ principal, params, query, set }) => await download(ctx, principal.user.id, params.id, query, 'csv', set.headers), {
      auth: true,
      detail: detail('Download all records as CSV (?spam=include|only, ?filter= as on the records pages)'),
    })
    .get('/:id/export.jsonl', async ({ principal, params, query, set }) => await download(ctx, principal.user.id, params.id, query, 'jsonl', set.headers), {
      auth: true,
      detail: detail('Download all records as JSON Lines (?spam=include|only, ?filter= as on the records pages)'),
    })
