/**
 * @module The access log: one `request` line per answered request (SVC_ACCESS_LOG), with
 * its request id, method, operation name, status, milliseconds to the answer, client address
 * and, where the path names one, the app id. Never the path or the query: an endpoint's path
 * holds its token, and a query can hold a reader's token; nothing of the body either.
 */
import type { AppContext } from '../core/context.ts'
import { routeName } from '../metrics/route-names.ts'
import { clientAddress } from './client-address.ts'
import { requestUrl } from './request-url.ts'

/** `/api/v3/apps/<id>/…`: the app the request is about. */
const APP_PATH = /^\/api\/v3\/apps\/([^/]+)/

/** True when `ctx` writes access lines (asked once, when the listener starts). */
export const writesAccessLog = (ctx: AppContext): boolean => ctx.config.accessLog && (ctx.log.writes?.('info') ?? true)

/** An answered request, as the metrics and the access log see it. */
export interface Answered {
  request: Request
  response: Response
  /** When the request began (performance.now()). */
  started: number
  /** The operation's name, `other` for paths none has. */
  route: string
}

/** The operation `request` is for: `known` when the caller has it (a fast route), else found from its path. */
export const routeOf = (request: Request, known?: string): string =>
  known ?? routeName(request.method, requestUrl(request).pathname)

/** Writes the line of an answered request. */
export function logAccess(ctx: AppContext, { request, response, started, route }: Answered): void {
  const appId = APP_PATH.exec(requestUrl(request).pathname)?.[1]
  ctx.log.info('request', {
    requestId: response.headers.get('x-request-id'),
    method: request.method,
    route,
    status: response.status,
    ms: Math.round((performance.now() - started) * 10) / 10,
    client: clientAddress(request, null, ctx.config),
    ...(appId ? { appId: appId.slice(0, 64) } : {}),
  })
}
