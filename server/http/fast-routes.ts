/**
 * @module Routes Bun.serve answers before Elysia sees the request: only the busiest one,
 * POST /api/v3/share/<token>. Elysia's per-request work (hooks, header merging, response
 * mapping) cost about 40% of single-record ingest in a wrk run; the handler makes the same
 * one call of the ingest use case (core/collect/ingest.ts) as the Elysia route, with the
 * same reader, headers and error bodies. Other
 * methods and paths fall through to Elysia.
 */
import type { AppContext } from '../core/context.ts'
import { pathOf } from '../contract/api/routes.ts'
import { AppError } from '../contract/errors.ts'
import { fromTrustedProxy, notePeerAddress, type PeerSource } from './client-address.ts'
import { appErrorResponse, unexpectedErrorResponse } from './errors.ts'
import { adoptRequestId, nextRequestId } from './request-id.ts'
import { addSecurityHeaders, SECURITY_HEADERS } from './security.ts'
import { SHARE_CORS_HEADERS } from './share/cors.ts'
import { ingest } from '../core/collect/ingest.ts'
import type { RateFigures } from '../core/share/throttle.ts'
import { shareCall, shareReaders } from './share/ingest.ts'
import { ratePolicyHeader, rateStateHeader, writeRateHeaders } from './share/throttle.ts'

/** The headers of every accepted record but its request id; cloning a Headers is the cheapest way to a Response's headers. */
const ACCEPTED_HEADERS = new Headers({
  ...SHARE_CORS_HEADERS,
  ...SECURITY_HEADERS,
  'content-type': 'application/json; charset=utf-8',
})

/** `{code:200, data:{id}}` as the Elysia route answers it (ids are UUIDs: nothing to escape), with the rate-limit headers. */
function accepted(id: string, rate: RateFigures | null, requestId: string): Response {
  const headers = new Headers(ACCEPTED_HEADERS)
  // An accepted record has no Retry-After.
  if (rate) {
    headers.set('ratelimit-policy', ratePolicyHeader(rate))
    headers.set('ratelimit', rateStateHeader(rate))
  }
  // Nothing was logged for this request, so a made id needs no keeping (a WeakMap entry per request cost ≈ 1.5%).
  headers.set('x-request-id', requestId)
  return new Response(`{"code":200,"data":{"id":"${id}"}}`, { headers })
}

type TokenRequest = Request & { params: { token: string } }

/** The `routes` option of Bun.serve for svc's hot paths. */
export function fastRoutes(ctx: AppContext) {
  const { record } = shareReaders(ctx)
  return {
    [pathOf('ingest.post')]: {
      POST: async (request: TokenRequest, server: PeerSource): Promise<Response> => {
        notePeerAddress(request, server.requestIP(request)?.address)
        const call = shareCall(ctx, request.params.token, request)
        try {
          const requestId = adoptRequestId(request, () => fromTrustedProxy(request, ctx.config)) ?? nextRequestId()
          return accepted((await ingest(ctx, call, record)).ids[0], call.rate, requestId)
        } catch (error) {
          const headers: Record<string, string> = { ...SHARE_CORS_HEADERS }
          writeRateHeaders(headers, call.rate)
          addSecurityHeaders(request, headers)
          if (error instanceof AppError) return appErrorResponse(error, headers)
          return unexpectedErrorResponse(ctx, request, error, headers)
        }
      },
    },
  }
}
