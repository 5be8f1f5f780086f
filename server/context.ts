/**
 * @module What every part of the server is given instead of importing singletons:
 * configuration, storage, time, mail, logging, the per-process services and caches, and
 * shutdown hooks.
 */
import type { Config } from './config.ts'
import { createChangeFeed, type ChangeFeed } from './core/changes.ts'
import { createPasswordHasher, type PasswordHasher } from './core/auth/password-hasher.ts'
import type { Clock } from './core/clock.ts'
import { createFieldCache, type FieldCache } from './core/collect/field-cache.ts'
import { createWriter, type Writer } from './core/collect/writer.ts'
import type { Logger } from './core/logger.ts'
import type { Mailer } from './core/mailer.ts'
import { createRateLimiter, type RateLimiter } from './core/ratelimit.ts'
import { createReadGate, READ_SLOTS, type ReadGate } from './core/read-gate.ts'
import type { Sealer } from './core/sealer.ts'
import { scoringCache, type ScoringCache } from './core/scoring/cache.ts'
import { createEndpointCache, type EndpointCache } from './core/share/endpoint-cache.ts'
import { createJobRunner, type JobRunner } from './core/smart/job-runner.ts'
import { createStats, type Stats } from './core/stats/state.ts'
import { createWebhookFlags, type WebhookFlags } from './core/webhooks/active.ts'
import type { TargetNet } from './core/webhooks/target.ts'
import { createWebhookWorker, type WebhookWorker } from './core/webhooks/worker.ts'
import { systemTargetNet } from './net/target-net.ts'
import type { Storage } from './db/storage.ts'
import { embeddedUrl } from './embedded.ts'

export interface AppContext {
  config: Config
  /** The storage boundary: SQLite or PostgreSQL, one async store per module. */
  storage: Storage
  clock: Clock
  mailer: Mailer
  log: Logger
  sealer: Sealer
  /** Tells caches that an app's definition or records changed (relays `storage.changes`). */
  changes: ChangeFeed
  /** The planning jobs this process runs: its runner id, their heartbeats, cancelling them. */
  jobs: JobRunner
  /** The group-commit record writer (core/collect/writer.ts). */
  writer: Writer
  /** This process's copy of every app's summary aggregates (core/stats/state.ts). */
  stats: Stats
  /** Per-process caches of hot-path reads; each drops what `changes` reports changed. */
  caches: Caches
  /**
   * Token buckets of the per-endpoint rate limits, per process: with N processes behind a
   * balancer an endpoint may take up to N × its limit.
   */
  limiter: RateLimiter
  /** Record pages and export chunks read through it, a few at a time, so other requests run between them (core/read-gate.ts). */
  reads: ReadGate
  /** Password hashing on its own thread, bounded (core/auth/password-hasher.ts). */
  passwords: PasswordHasher
  /** Webhooks: the per-app flag the record writer reads, and this process's delivery worker (started by startServer). */
  webhooks: { flags: WebhookFlags; worker: WebhookWorker; net: TargetNet }
  /** Keeps track of work that finishes after the answer (e.g. mail); shutdown waits for it. */
  background(work: Promise<unknown>): void
  /** Registers work to finish before the database closes (e.g. flushing queued writes). */
  onShutdown(hook: () => void | Promise<void>): void
  /** Runs the shutdown hooks in reverse order of registration. */
  shutdown(): Promise<void>
}

/** The per-process caches (see AppContext.caches). */
export interface Caches {
  /** Endpoint settings by token, for the public routes. */
  endpoints: EndpointCache
  /** Scoring definitions by app, for the record writer (core/scoring/cache.ts). */
  scoring: ScoringCache
  /** Field names and types by app, for the collection endpoints (core/collect/field-cache.ts). */
  fields: FieldCache
}

type Services = 'onShutdown' | 'shutdown' | 'changes' | 'jobs' | 'writer' | 'stats' | 'caches' | 'limiter' | 'reads' | 'passwords' | 'background' | 'webhooks'

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
    if (problem) parts.log.error('storage unavailable: answering 503 storage_unavailable until a write gets through again', { reason: problem })
    else parts.log.info('storage available again: writes get through')
  })
  const limiter = createRateLimiter(parts.clock)
  // Inside the single executable the hashing thread's script is its embedded copy (server/build-exe.ts).
  const passwords = createPasswordHasher({ workerUrl: embeddedUrl('server/core/auth/hash-worker.js') })
  hooks.push(() => passwords.close())
  const ctx = {
    ...parts,
    changes,
    jobs,
    limiter,
    reads: createReadGate(parts.config.postgresUrl ? READ_SLOTS.postgres : READ_SLOTS.sqlite),
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
  ctx.caches = { endpoints: createEndpointCache(ctx), scoring: scoringCache(changes), fields: createFieldCache(ctx) }
  ctx.webhooks = { flags: createWebhookFlags(parts.storage, changes), worker: createWebhookWorker(ctx, { net: systemTargetNet }), net: systemTargetNet }
  ctx.writer = createWriter(ctx)
  ctx.onShutdown(async () => {
    await ctx.writer.flush()
    await ctx.stats.persistAll()
  })
  // Runs before the writer's flush (hooks run in reverse): attempts under way finish and are recorded first.
  ctx.onShutdown(() => ctx.webhooks.worker.stop())
  return ctx
}
