/**
 * @module Routes Bun.serve answers before Elysia sees the request: only the busiest one,
 * POST /api/v3/share/<token>. Elysia's per-request work (hooks, header merging, response
 * mapping) cost about 40% of single-record ingest in a wrk run; the handler is the same
 * `ingestOne` the Elysia route calls, with the same headers and error bodies. Other
 * methods and paths fall through to Elysia.
 */
import type { AppContext } from '../context.ts'
import { writerOf } from '../core/collect/writer.ts'
import { AppError } from '../core/errors.ts'
import { errorResponse, unexpectedErrorResponse } from './errors.ts'
import { addSecurityHeaders } from './security.ts'
import { SHARE_CORS_HEADERS, SHARE_PREFIX } from './share/cors.ts'
import { ingestOne } from './share/ingest.ts'

type TokenRequest = Request & { params: { token: string } }

/** The `routes` option of Bun.serve for svc's hot paths. */
export function fastRoutes(ctx: AppContext) {
  const writer = writerOf(ctx)
  return {
    [`${SHARE_PREFIX}/:token`]: {
      POST: async (request: TokenRequest): Promise<Response> => {
        const headers = addSecurityHeaders(request, { ...SHARE_CORS_HEADERS })
        try {
          const response = await ingestOne(ctx, writer, request.params.token, request, headers)
          for (const [name, value] of Object.entries(headers)) response.headers.set(name, value)
          return response
        } catch (error) {
          if (error instanceof AppError) return errorResponse(error.status, error.type, error.message, error.details, headers)
          return unexpectedErrorResponse(ctx, request, error, headers)
        }
      },
    },
  }
}
