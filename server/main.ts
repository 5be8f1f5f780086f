/**
 * @module `npm start`: config → listen → database → migrations → app (boot.ts binds first), with graceful
 * shutdown on SIGINT/SIGTERM: stop accepting, answer the requests in flight, commit and sync
 * queued records, write the aggregates, checkpoint and close the database, exit 0; bounded
 * in time (SHUTDOWN_LIMIT_MS).
 */
import { ConfigError, loadConfig, type Config } from './config.ts'
import { countUsers } from './core/users/users.ts'
import { SHUTDOWN_GRACE_MS, startServer } from './boot.ts'
import { VERSION } from './contract/version.ts'

/**
 * Longest a shutdown may take after draining, in-flight requests (SHUTDOWN_GRACE_MS)
 * included, before the process exits 1 anyway: with the default drain, 20 s from SIGTERM;
 * deploy/svc.service's TimeoutStopSec is above it.
 */
const SHUTDOWN_LIMIT_MS = SHUTDOWN_GRACE_MS + 5_000

/** A database URL fit for a log line: the password replaced. */
const redactUrl = (raw: string): string => {
  const url = new URL(raw)
  if (url.password) url.password = '***'
  return url.toString()
}

/** Starts the server from the environment and prints where to find it. */
export async function main(): Promise<void> {
  let config: Config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`svc: ${error.message}\n`)
      process.exit(2)
    }
    throw error
  }
  const server = await startServer(config)
  const { ctx } = server
  const lines = [
    `svc ${VERSION} listening on ${server.url}`,
    `  API       ${config.baseUrl}/api/v3  (described at ${config.baseUrl}/api/v3/openapi.json)`,
    `  Admin     ${config.baseUrl}/admin/`,
    config.postgresUrl
      ? `  Data      PostgreSQL ${redactUrl(config.postgresUrl)}`
      : `  Data      ${config.databasePath} (synchronous=${config.synchronous.toUpperCase()})`,
    `  Mail      ${ctx.mailer.description}`,
  ]
  if (server.metricsUrl) lines.push(`  Metrics   ${server.metricsUrl}/metrics (no token: keep this address private)`)
  else if (config.metricsToken)
    lines.push(`  Metrics   ${config.baseUrl}/metrics (Authorization: Bearer <SVC_METRICS_TOKEN>)`)
  if ((await countUsers(ctx)) === 0) {
    lines.push(
      '',
      'No account yet. Create the first one (it becomes the owner):',
      `  open ${config.baseUrl}/admin/  or`,
      `  curl -X POST ${config.baseUrl}/api/v3/auth/signup -H 'Content-Type: application/json' -d '{"email":"you@example.com","password":"a long password"}'`,
    )
  }
  // console.log, not process.stdout: the first touch of process.stdout builds a Node stream,
  // which loads node:stream and costs ≈ 25 ms of start-up.
  console.log(lines.join('\n'))

  // SIGTERM (systemd, Kubernetes, a deploy) drains first: /api/v3/ready turns 503 and svc
  // keeps serving SVC_DRAIN_SECONDS so balancers move away; SIGINT (Ctrl-C) stops at once.
  const shutdown = (signal: 'SIGINT' | 'SIGTERM') => {
    const drainMs = signal === 'SIGTERM' ? config.drainSeconds * 1000 : 0
    const limitMs = drainMs + SHUTDOWN_LIMIT_MS
    ctx.log.info(`${signal} received, shutting down`, { drainMs })
    // The last resort if a shutdown hook hangs (an SMTP server that never answers, say).
    setTimeout(() => {
      ctx.log.error('shutdown did not finish in time; exiting', { limitMs })
      process.exit(1)
    }, limitMs).unref()
    void (drainMs > 0 ? server.drain(drainMs) : server.stop()).then(
      () => process.exit(0),
      (error) => {
        ctx.log.error('shutdown failed', { error: String(error) })
        process.exit(1)
      },
    )
  }
  process.once('SIGINT', () => shutdown('SIGINT'))
  process.once('SIGTERM', () => shutdown('SIGTERM'))
}

// No top-level await: the bundle is CommonJS (scripts/bundle.ts). A start-up failure (the
// database unreachable, the port taken) is one line on stderr and exit 1, not a stack trace.
if (import.meta.main) {
  void main().catch((error: unknown) => {
    process.stderr.write(`svc: could not start: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  })
}
