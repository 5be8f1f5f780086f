/**
 * @module Start-up in order: open the database, migrate, build the app, listen. Used by
 * `npm start` (server/main.ts), `svc-cli serve` and tests that want the real thing.
 */
import { createContext, type AppContext } from './context.ts'
import type { Config } from './config.ts'
import { systemClock, type Clock } from './core/clock.ts'
import { createLogger, type Logger } from './core/logger.ts'
import type { Mailer } from './core/mailer.ts'
import { createSealer } from './core/sealer.ts'
import { openStorage } from './db/open.ts'
import { buildApp, type AppOptions, type SvcApp } from './http/app.ts'
import { BUN_BODY_LIMIT, controlBodyLimit, limitBody } from './http/body-limit.ts'
import { rememberPeer } from './http/client-address.ts'
import { fastRoutes } from './http/fast-routes.ts'
import { createLogMailer } from './mail/log-mailer.ts'
import { createSmtpMailer } from './mail/smtp-mailer.ts'
import { loadSecret } from './secret.ts'

export interface Overrides {
  clock?: Clock
  mailer?: Mailer
  log?: Logger
  /** Options of the HTTP app (where the admin build lives). */
  app?: AppOptions
}

/** Opens and migrates the database and assembles the context. */
export async function createServerContext(config: Config, overrides: Overrides = {}): Promise<AppContext> {
  const log = overrides.log ?? createLogger(config.logLevel)
  const clock = overrides.clock ?? systemClock
  const storage = await openStorage(config, () => clock.now(), log)
  const mailer = overrides.mailer ?? (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createLogMailer(log))
  return createContext({
    config,
    storage,
    clock,
    mailer,
    log,
    sealer: createSealer(loadSecret(config)),
  })
}

export interface RunningServer {
  ctx: AppContext
  app: SvcApp
  url: string
  /** Stops accepting, lets in-flight requests finish, runs shutdown hooks, closes the db. */
  stop(): Promise<void>
}

/**
 * Starts svc on `config.host:config.port` and resolves once it is listening. Bun.serve
 * answers the hot path itself (fastRoutes) and hands everything else to the Elysia app.
 */
export async function startServer(config: Config, overrides: Overrides = {}): Promise<RunningServer> {
  const ctx = await createServerContext(config, overrides)
  let app: SvcApp
  let server: ReturnType<typeof Bun.serve>
  try {
    app = buildApp(ctx, overrides.app)
    const bodyLimit = controlBodyLimit(config)
    server = Bun.serve({
      port: config.port,
      hostname: config.host,
      // Bun's own 413 is bare (no JSON, no CORS): the app answers every size itself (http/body-limit.ts).
      maxRequestBodySize: BUN_BODY_LIMIT,
      // Longer than the body deadline, so a slow body gets its 408 before Bun drops the connection.
      idleTimeout: Math.min(255, Math.ceil(config.bodyDeadlineMs / 1000) + 5),
      routes: fastRoutes(ctx),
      fetch: (request, bun) => {
        const limited = limitBody(request, bodyLimit)
        if (limited instanceof Response) return limited
        rememberPeer(limited, bun, request)
        return app.handle(limited)
      },
    })
  } catch (error) {
    // The port taken, say: the database connections (and PostgreSQL's LISTEN) must not outlive the failure.
    await ctx.shutdown()
    await ctx.storage.close()
    throw error
  }
  const port = server.port!
  if (config.baseUrlFromPort) config.baseUrl = `http://localhost:${port}`
  let stopping: Promise<void> | null = null
  return {
    ctx,
    app,
    url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`,
    stop: () =>
      (stopping ??= (async () => {
        await server.stop(false)
        await ctx.shutdown()
        await ctx.storage.close()
      })()),
  }
}
