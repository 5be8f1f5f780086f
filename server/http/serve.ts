/**
 * @module The HTTP listener: Bun.serve with svc's settings, answering the hot path itself
 * (fast-routes.ts) and handing everything else to the Elysia app (app.ts). It listens before
 * the context exists, so start-up (server/boot.ts) can fail on a port in use before it opens
 * anything; requests that arrive meanwhile wait until `serve` hands it the context.
 */
import type { Config } from '../config.ts'
import type { AppContext } from '../core/context.ts'
import { buildApp, type AppOptions, type SvcApp } from './app.ts'
import { BUN_BODY_LIMIT, limitBody } from './body-limit.ts'
import { fromTrustedProxy, notePeerAddress } from './client-address.ts'
import { noteServer } from './connection.ts'
import { fastRoutes } from './fast-routes.ts'
import { type Lifecycle, notReady } from './ready.ts'
import { pathOf } from '../contract/api/routes.ts'
import { noteAnswer } from '../metrics/http.ts'
import { routeName } from '../metrics/route-names.ts'
import { logAccess, routeOf, writesAccessLog } from './access-log.ts'
import { adoptRequestId } from './request-id.ts'
import { addressed, requestUrl } from './request-url.ts'

export type { AppOptions, SvcApp }

/** Looks at an answer; must not consume its body (read a clone). */
export type Observer = (request: Request, response: Response) => void | Promise<void>

/** What answers requests once the context is open: Bun.serve's fetch handler. */
type Handler = (request: Request, server: Bun.Server<undefined>) => Promise<Response>

export interface Listener {
  /** The port it listens on (the one the OS chose when the config asked for 0). */
  readonly port: number
  /** Builds the app over `ctx` and answers every request (the waiting ones too) with it. */
  serve(ctx: AppContext, options?: AppOptions, observe?: Observer): SvcApp
  /** From now on /api/v3/ready answers 503 `draining`; everything else is still served. */
  drain(): void
  /** Start-up failed: whoever waits gets a bare 503, and the port is closed. */
  abandon(): Promise<void>
  /** Closes the listener; resolves when the open requests are answered (`force`: closes them too). */
  stop(force: boolean): Promise<void>
}

/**
 * Sees an answer once it is made: the metrics, then the `Observer` if any. `route` is the
 * operation when the caller knows it (a fast route), else it is found from the path.
 */
type Seer = (request: Request, response: Response, started: number, route?: string) => Promise<Response>

/** The `Seer` of a server: counts each answer in its metrics, logs it, then shows it to `observe`. */
function seer(ctx: AppContext, observe: Observer | undefined, logged: boolean): Seer {
  return async (request, response, started, known) => {
    if (ctx.metrics.enabled || logged) {
      const answered = { request, response, started, route: routeOf(request, known) }
      noteAnswer(ctx.metrics, answered)
      if (logged) logAccess(ctx, answered)
    }
    if (observe) await observe(request, response)
    return response
  }
}

/** Bun.serve `routes` whose every answer `see` sees too. */
function seenRoutes<R extends Record<string, Record<string, (request: never, server: never) => Promise<Response>>>>(
  routes: R,
  timed: boolean,
  see: Seer,
): R {
  const wrapped: Record<string, Record<string, unknown>> = {}
  for (const [path, methods] of Object.entries(routes)) {
    wrapped[path] = Object.fromEntries(
      Object.entries(methods).map(([method, handler]) => {
        // The route's own pattern names its operation: `:token` is one segment like any token.
        const route = routeName(method, path)
        return [
          method,
          async (request: Request, server: never) => {
            const started = timed ? performance.now() : 0
            return see(request, await handler(request as never, server), started, route)
          },
        ]
      }),
    )
  }
  return wrapped as R
}

/** Listens on `config.host:config.port` at once; answers once `serve` is called. */
export function listen(config: Config): Listener {
  const opened = Promise.withResolvers<Handler>()
  const lifecycle: Lifecycle = { phase: 'starting' }
  const readyPath = pathOf('ready.get')
  const server = Bun.serve({
    port: config.port,
    hostname: config.host,
    // Bun's own 413 is bare (no JSON, no CORS): the app answers every size itself (body-limit.ts).
    maxRequestBodySize: BUN_BODY_LIMIT,
    // Longer than the body deadline, so a slow body gets its 408 before Bun drops the connection.
    idleTimeout: Math.min(255, Math.ceil(config.bodyDeadlineMs / 1000) + 5),
    fetch: async (request, server) => {
      // A probe is told at once that the database is still opening; other requests wait for it.
      if (lifecycle.phase === 'starting' && requestUrl(request).pathname === readyPath) return notReady('starting')
      return (await opened.promise)(request, server)
    },
  })
  return {
    port: server.port!,
    serve(ctx, options, observe) {
      const app = buildApp(ctx, { ...options, lifecycle })
      lifecycle.phase = 'serving'
      const logged = writesAccessLog(ctx)
      const timed = ctx.metrics.enabled || logged
      const see = seer(ctx, observe, logged)
      const handle: Handler = async (request, server) => {
        const started = timed ? performance.now() : 0
        const limited = await limitBody(addressed(request), config)
        if (limited instanceof Response) return see(request, limited, started)
        // Elysia's own `server` is null under app.handle: the peer address travels with the request.
        notePeerAddress(limited, server.requestIP(request)?.address)
        adoptRequestId(limited, () => fromTrustedProxy(limited, config))
        // A live stream lifts the idle timeout of its own request (connection.ts).
        noteServer(limited, request, server)
        return see(request, await app.handle(limited), started)
      }
      // Nothing to see on the hot path when no metrics, access log or observer look.
      const routes = fastRoutes(ctx)
      server.reload({
        routes: timed || observe ? seenRoutes(routes, timed, see) : routes,
        fetch: handle,
      })
      opened.resolve(handle)
      return app
    },
    drain() {
      lifecycle.phase = 'draining'
    },
    async abandon() {
      opened.resolve(async () => new Response(null, { status: 503 }))
      await server.stop(true)
    },
    stop: (force) => server.stop(force),
  }
}
