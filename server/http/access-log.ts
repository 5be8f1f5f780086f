/**
 * @module The access log: one `request` line per answered request (SVC_ACCESS_LOG), with
 * its request id, method, operation name, status, milliseconds to the answer, client address
 * and, where the path names one, the app id. Never the path or the query: an endpoint's path
 * holds its token, and a query can hold a reader's token; nothing of the body either.
 */
import type { AppContext } from '../core/context.ts'
import { routeName } from '../metrics/route-names.ts'
import { clientAddress } from './client-address.ts'

/** `/api/v3/apps/<id>/…`: the app the request is about. */
const APP_PATH = /^\/api\/v3\/apps\/([^/]+)/

/** True when `ctx` writes access lines (asked once, when the listener starts). */
export const writesAccessLog = (ctx: AppContext): boolean => ctx.config.accessLog && (ctx.log.writes?.('info') ?? true)

/** Writes the line of `response` to `request`, begun at `started` (performance.now()). */
export function logAccess(ctx: AppContext, request: Request, response: Response, started: number): void {
  const { pathname } = new URL(request.url)
  const appId = APP_PATH.exec(pathname)?.[1]
  ctx.log.info('request', {
    requestId: response.headers.get('x-request-id'),
    method: request.method,
    route: routeName(request.method, pathname),
    status: response.status,
    ms: Math.round((performance.now() - started) * 10) / 10,
    client: clientAddress(request, null, ctx.config),
    ...(appId ? { appId: appId.slice(0, 64) } : {}),
  })
}
