/**
 * @module GET /metrics on the main port, in the Prometheus text format, behind the bearer
 * token SVC_METRICS_TOKEN (compared in constant time); without one set the route answers
 * 404 like a path that does not exist. SVC_METRICS_ADDR serves the same text on a listener
 * of its own, without a token (server/metrics/listener.ts).
 */
import { timingSafeEqual } from 'node:crypto'
import { Elysia } from 'elysia'
import { pathOf } from '../contract/api/routes.ts'
import type { AppContext } from '../core/context.ts'
import { METRICS_CONTENT_TYPE } from '../metrics/registry.ts'
import { errorResponse } from './errors.ts'

/** True when `header` is `Bearer <token>`. */
function bearerMatches(header: string | null, token: string): boolean {
  const given = Buffer.from(/^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1] ?? '')
  const expected = Buffer.from(token)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

export const metricsRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/metrics' }).get(pathOf('metrics.get'), async ({ request, set }) => {
    const headers = set.headers as Record<string, string>
    const token = ctx.config.metricsToken
    if (token === null)
      return errorResponse(
        404,
        'not_found',
        'Metrics are off: set SVC_METRICS_TOKEN (or SVC_METRICS_ADDR) to turn them on',
        undefined,
        headers,
      )
    if (!bearerMatches(request.headers.get('authorization'), token))
      return errorResponse(
        401,
        'unauthorized',
        'Send the metrics token: Authorization: Bearer <SVC_METRICS_TOKEN>',
        undefined,
        { ...headers, 'www-authenticate': 'Bearer realm="svc metrics"' },
      )
    return new Response(await ctx.metrics.scrape(), {
      headers: { ...headers, 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' },
    })
  })
