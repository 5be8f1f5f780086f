/**
 * @module Start-up in order: open the database, migrate, build the app, listen. Used by
 * `npm start` (server/main.ts), `svc-cli serve` and tests that want the real thing.
 */
import { startAuditRetention } from './core/audit/retention.ts'
import { startRecordRetention } from './core/records/retention.ts'
import { startBackups } from './backup/schedule.ts'
import { startAlertMailer } from './core/auth/alert-mailer.ts'
import { createContext } from './context.ts'
import type { AppContext } from './core/context.ts'
import type { Config } from './config.ts'
import { systemClock, type Clock } from './core/clock.ts'
import { createLogger, type Logger } from './core/logger.ts'
import { stderrLines } from './log-sink.ts'
import type { Mailer } from './core/mailer.ts'
import { createSealer } from './core/sealer.ts'
import { openStorage } from './db/open.ts'
import { openBlobStore } from './files/open.ts'
import { clamdScanner } from './files/clamd.ts'
import { listen, type AppOptions, type Observer, type SvcApp } from './http/serve.ts'
import { createLogMailer } from './mail/log-mailer.ts'
import { createSmtpMailer } from './mail/smtp-mailer.ts'
import { loadSecret } from './secret.ts'
import { listenForMetrics, type MetricsListener } from './metrics/listener.ts'

export interface Overrides {
  clock?: Clock
  mailer?: Mailer
  log?: Logger
  /** Options of the HTTP app (where the admin build lives). */
  app?: AppOptions
  /** Sees every answer before it is sent (the test suite checks each against the OpenAPI document). */
  observe?: Observer
}

export type { Observer }

/** Opens and migrates the database and assembles the context. */
export async function createServerContext(config: Config, overrides: Overrides = {}): Promise<AppContext> {
  const log = overrides.log ?? createLogger(config.logLevel, stderrLines(), config.logFormat)
  const clock = overrides.clock ?? systemClock
  const storage = await openStorage(config, () => clock.now(), log)
  const mailer =
    overrides.mailer ?? (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createLogMailer(log))
  return createContext({
    config,
    storage,
    clock,
    mailer,
    log,
    sealer: createSealer(loadSecret(config)),
    blobs: openBlobStore(config),
    scanner: config.clamd ? clamdScanner(config.clamd) : null,
  })
}

export interface RunningServer {
  ctx: AppContext
  app: SvcApp
  url: string
  /** Where SVC_METRICS_ADDR's listener answers GET /metrics; null without one. */
  metricsUrl: string | null
  /**
   * What SIGTERM does: /api/v3/ready turns 503 at once, so load balancers stop sending
   * requests; everything is still served for `drainMs` (SVC_DRAIN_SECONDS) while they
   * notice; then `stop`. Resolves when stopped.
   */
  drain(drainMs?: number): Promise<void>
  /**
   * Stops accepting, lets in-flight requests finish (those still open after `graceMs` are
   * closed), runs the shutdown hooks (queued records committed and synced, aggregates
   * written), closes the database (WAL checkpointed). Resolves when all of that is done.
   */
  stop(graceMs?: number): Promise<void>
}

/**
 * How long stop() lets in-flight requests run before closing their connections: far above
 * any ordinary request, below systemd's stop timeout (deploy/svc.service) and shorter than
 * the slowest body a public endpoint accepts (SVC_BODY_DEADLINE_MS), which is cut here.
 */
export const SHUTDOWN_GRACE_MS = 10_000

/**
 * Starts svc on `config.host:config.port` and resolves once it is listening and answering
 * (http/serve.ts).
 *
 * It listens before it opens anything: a port in use fails the start before the data dir,
 * the secret key or the database exist, so a failed first start leaves nothing behind.
 * Requests that arrive while the database opens and migrates wait for it.
 */
export async function startServer(config: Config, overrides: Overrides = {}): Promise<RunningServer> {
  const listener = listen(config)
  if (config.baseUrlFromPort) config.baseUrl = `http://localhost:${listener.port}`
  let ctx: AppContext | undefined
  let app: SvcApp
  let metrics: MetricsListener | null = null
  try {
    ctx = await createServerContext(config, overrides)
    app = listener.serve(ctx, overrides.app, overrides.observe)
    // A metrics address in use fails the start like the main port does.
    metrics = config.metricsAddr ? listenForMetrics(config.metricsAddr, ctx.metrics) : null
  } catch (error) {
    // The database unreachable, a migration refused: nothing keeps listening, and the
    // database connections (and PostgreSQL's LISTEN) must not outlive the failure.
    await listener.abandon()
    if (ctx) {
      await ctx.shutdown()
      await ctx.storage.close()
    }
    throw error
  }
  // Pending webhook deliveries (this process's and, on PostgreSQL, the others') are sent from now on.
  ctx.webhooks.worker.start()
  // So are the account alert mails (core/auth/alerts.ts).
  ctx.onShutdown(startAlertMailer(ctx))
  // And the bytes of files nothing names any more are removed (server/files/sweeper.ts).
  ctx.onShutdown(ctx.files.start())
  // And audit log entries past their days (SVC_AUDIT_DAYS) are deleted.
  ctx.onShutdown(startAuditRetention(ctx))
  // And records past the days their app keeps them (keepRecordsDays, keepSpamDays).
  ctx.onShutdown(startRecordRetention(ctx))
  // And backups are made on their schedule (SVC_BACKUP_EVERY).
  if (config.backup) {
    const backups = await startBackups(config, config.backup, ctx.clock, ctx.log)
    ctx.backups = backups
    ctx.onShutdown(() => backups.stop())
  }
  if (metrics) {
    const stopMetrics = metrics.stop
    ctx.onShutdown(() => stopMetrics())
  }
  const port = listener.port
  let stopping: Promise<void> | null = null
  let draining: Promise<void> | null = null
  const running: RunningServer = {
    ctx,
    app,
    url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`,
    metricsUrl: metrics?.url ?? null,
    stop: (graceMs = SHUTDOWN_GRACE_MS) =>
      (stopping ??= (async () => {
        // Live streams never end by themselves: they end now (clients resume elsewhere or later with Last-Event-ID).
        ctx.live.close()
        // Closes the listener at once; resolves when the open requests have been answered.
        const drained = listener.stop(false)
        let timer: ReturnType<typeof setTimeout> | undefined
        const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), graceMs)))
        if ((await Promise.race([drained, late])) === 'late') {
          ctx.log.warn('requests still open at shutdown; closing their connections', { graceMs })
          await listener.stop(true)
        }
        clearTimeout(timer)
        await ctx.shutdown()
        await ctx.storage.close()
      })()),
    drain: (drainMs = config.drainSeconds * 1000) =>
      (draining ??= (async () => {
        listener.drain()
        ctx.log.info('draining: /api/v3/ready answers 503; still serving', { drainMs })
        await new Promise((resolve) => setTimeout(resolve, drainMs))
        await running.stop()
      })()),
  }
  return running
}
