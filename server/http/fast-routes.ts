/**
 * @module Routes Bun.serve answers before Elysia sees the request: only the busiest one,
 * POST /api/v3/share/<token>. Elysia's per-request work (hooks, header merging, response
 * mapping) cost about 40% of single-record ingest in a wrk run; the handler is the same
 * `ingestOne` the Elysia route calls, with the same headers and error bodies. Other
 * methods and paths fall through to Elysia.
 */
import type { AppContext } from '../core/context.ts'
import { pathOf } from '../contract/api/routes.ts'
import { AppError } from '../contract/errors.ts'
import { notePeerAddress, type PeerSource } from './client-address.ts'
import { appErrorResponse, unexpectedErrorResponse } from './errors.ts'
import { nextRequestId } from './request-id.ts'
import { addSecurityHeaders, SECURITY_HEADERS } from './security.ts'
import { SHARE_CORS_HEADERS } from './share/cors.ts'
import { ingestOne } from './share/ingest.ts'

/** The headers of every accepted record but its request id; cloning a Headers is the cheapest way to a Response's headers. */
const ACCEPTED_HEADERS = new Headers({ ...SHARE_CORS_HEADERS, ...SECURITY_HEADERS, 'content-type': 'application/json; charset=utf-8' })

/** `{code:200, data:{id}}` as the Elysia route answers it (ids are UUIDs: nothing to escape), with the rate-limit headers. */
function accepted(id: string, limits: Record<string, string>): Response {
  const headers = new Headers(ACCEPTED_HEADERS)
  for (const name in limits) headers.set(name, limits[name])
  // Nothing was logged for this request, so its id needs no keeping (a WeakMap entry per request cost ≈ 1.5%).
  headers.set('x-request-id', nextRequestId())
  return new Response(`{"code":200,"data":{"id":"${id}"}}`, { headers })
}

type TokenRequest = Request & { params: { token: string } }

/** The `routes` option of Bun.serve for svc's hot paths. */
export function fastRoutes(ctx: AppContext) {
  const writer = ctx.writer
  return {
    [pathOf('ingest.post')]: {
      POST: async (request: TokenRequest, server: PeerSource): Promise<Response> => {
        const retry: Record<string, string> = {}
        notePeerAddress(request, server.requestIP(request)?.address)
        try {
          return accepted(await ingestOne(ctx, writer, request.params.token, request, retry), retry)
        } catch (error) {
          const headers = addSecurityHeaders(request, { ...SHARE_CORS_HEADERS, ...retry })
          if (error instanceof AppError) return appErrorResponse(error, headers)
          return unexpectedErrorResponse(ctx, request, error, headers)
        }
      },
    },
  }
}
