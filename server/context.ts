/**
 * @module Builds the context every part of the server is given (its type: core/context.ts):
 * the parts it is handed, plus this process's services, caches and shutdown hooks.
 */
import { createChangeFeed } from './core/changes.ts'
import { createPasswordHasher } from './core/auth/password-hasher.ts'
import { createFieldCache } from './core/collect/field-cache.ts'
import { createLiveHub } from './live/hub.ts'
import { createPlaces } from './core/places/places.ts'
import { createWriter } from './core/collect/writer.ts'
import { createFileSweeper } from './files/sweeper.ts'
import { createRateLimiter } from './core/ratelimit.ts'
import { createReadGate, READ_SLOTS } from './core/read-gate.ts'
import { scoringCache } from './core/scoring/cache.ts'
import { createSenderCache } from './core/senders/cache.ts'
import { createEndpointCache } from './core/share/endpoint-cache.ts'
import { createJobRunner } from './smart/job-runner.ts'
import { createStats } from './core/stats/state.ts'
import { createWebhookFlags } from './core/webhooks/active.ts'
import { createWebhookWorker } from './core/webhooks/worker.ts'
import { systemTargetNet } from './net/target-net.ts'
import { embeddedUrl } from './embedded.ts'
import type { AppContext, Services } from './core/context.ts'
import type { Mailer } from './core/mailer.ts'
import { NO_BACKUPS } from './core/backups.ts'
import { type Metrics, NO_METRICS } from './core/metrics.ts'
import { createMetrics } from './metrics/registry.ts'

/** Builds a context from its parts, with a shutdown-hook list and the per-process services. */
export function createContext(parts: Omit<AppContext, Services>): AppContext {
  const pending = new Set<Promise<unknown>>()
  const changes = createChangeFeed()
  const jobs = createJobRunner(parts)
  // Registered first, so it runs last: running jobs are stopped and handed back before the storage closes.
  const hooks: Array<() => void | Promise<void>> = [() => jobs.stop()]
  // What the storage commits (here, and on PostgreSQL in other processes) reaches every cache.
  parts.storage.changes.subscribe((appId, kind) => changes.notify(appId, kind))
  // One line when the database stops taking writes (disk full) and one when it takes them again, not one per request.
  parts.storage.availability.subscribe((problem) => {
    if (problem)
      parts.log.error('storage unavailable: answering 503 storage_unavailable until a write gets through again', {
        reason: problem,
      })
    else parts.log.info('storage available again: writes get through')
  })
  const limiter = createRateLimiter(parts.clock)
  // Inside the single executable the hashing thread's script is its embedded copy (scripts/build-exe.ts).
  const passwords = createPasswordHasher({ workerUrl: embeddedUrl('server/core/auth/hash-worker.js') })
  hooks.push(() => passwords.close())
  const metricsOn = parts.config.metricsToken !== null || parts.config.metricsAddr !== null
  const metrics = metricsOn
    ? createMetrics({
        config: parts.config,
        storage: parts.storage,
        openStreams: () => ctx.live.size,
        backupAgeSeconds: () => {
          const at = ctx.backups.newestAt()
          return at === null ? null : Math.max(0, (parts.clock.now() - at) / 1000)
        },
      })
    : NO_METRICS
  const ctx = {
    ...parts,
    mailer: metricsOn ? countedMailer(parts.mailer, metrics) : parts.mailer,
    metrics,
    backups: NO_BACKUPS,
    changes,
    jobs,
    limiter,
    readGate: createReadGate(parts.config.postgresUrl ? READ_SLOTS.postgres : READ_SLOTS.sqlite),
    passwords,
    background: (work) => {
      const tracked = work.catch(() => {}).finally(() => pending.delete(tracked))
      pending.add(tracked)
    },
    onShutdown: (hook) => void hooks.push(hook),
    shutdown: async () => {
      await Promise.allSettled([...pending])
      for (const hook of hooks.reverse()) await hook()
      hooks.length = 0
    },
  } as AppContext
  // The services see the finished context; at shutdown the writer commits what is queued, then the aggregates are written.
  ctx.stats = createStats(ctx)
  ctx.caches = {
    endpoints: createEndpointCache(ctx),
    scoring: scoringCache(changes),
    fields: createFieldCache(ctx),
    senders: createSenderCache(parts.storage, parts.sealer, changes),
  }
  ctx.webhooks = {
    flags: createWebhookFlags(parts.storage, changes),
    worker: createWebhookWorker(ctx, { net: systemTargetNet }),
    net: systemTargetNet,
  }
  ctx.writer = createWriter(ctx)
  ctx.files = createFileSweeper(ctx)
  ctx.places = createPlaces(ctx.config)
  ctx.live = createLiveHub(ctx)
  // Streams end before the storage closes (hooks run in reverse; the server ends them earlier still, to stop in time).
  ctx.onShutdown(() => ctx.live.close())
  ctx.onShutdown(async () => {
    await ctx.writer.flush()
    await ctx.stats.persistAll()
  })
  // Runs before the writer's flush (hooks run in reverse): attempts under way finish and are recorded first.
  ctx.onShutdown(() => ctx.webhooks.worker.stop())
  return ctx
}

/** `mailer`, its sends counted as sent or failed. */
function countedMailer(mailer: Mailer, metrics: Metrics): Mailer {
  return {
    get description() {
      return mailer.description
    },
    send: (mail) =>
      mailer.send(mail).then(
        () => metrics.mail(true),
        (error: unknown) => {
          metrics.mail(false)
          throw error
        },
      ),
  }
}
