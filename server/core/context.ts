/**
 * @module What every part of the server is given instead of importing singletons:
 * configuration, storage, time, mail, logging, the per-process services and caches, and
 * shutdown hooks. Core defines it; server/context.ts builds it.
 */
import type { Config } from '../config.ts'
import type { Storage } from '../db/storage.ts'
import type { PasswordHasher } from './auth/password-hasher.ts'
import type { ChangeFeed } from './changes.ts'
import type { Backups } from './backups.ts'
import type { Clock } from './clock.ts'
import type { BlobStore } from './files/blob-store.ts'
import type { Scanner } from './files/scanner.ts'
import type { FileSweeper } from './files/sweeper-types.ts'
import type { FieldCache } from './collect/field-cache-types.ts'
import type { Writer } from './collect/writer-types.ts'
import type { LiveHub } from './live-hub.ts'
import type { Logger } from './logger.ts'
import type { Mailer } from './mailer.ts'
import type { Metrics } from './metrics.ts'
import type { Places } from './places/places.ts'
import type { RateLimiter } from './ratelimit.ts'
import type { ReadGate } from './read-gate.ts'
import type { Sealer } from './sealer.ts'
import type { SenderCache } from './senders/cache.ts'
import type { ScoringCache } from './scoring/cache.ts'
import type { EndpointCache } from './share/endpoint-cache-types.ts'
import type { JobRunner } from './jobs.ts'
import type { Stats } from './stats/stats-types.ts'
import type { WebhookFlags } from './webhooks/active.ts'
import type { TargetNet } from './webhooks/target.ts'
import type { WebhookWorker } from './webhooks/worker-types.ts'

export interface AppContext {
  config: Config
  /** The storage boundary: SQLite or PostgreSQL, one async store per module. */
  storage: Storage
  clock: Clock
  /** Where file bytes live: a folder under the data dir, or S3-compatible object storage (core/files/blob-store.ts). */
  blobs: BlobStore
  /** The virus scanner every file passes before it is kept; null when none is set up (SVC_CLAMD). */
  scanner: Scanner | null
  /** Removes the bytes of files nothing names any more (server/files/sweeper.ts). */
  files: FileSweeper
  mailer: Mailer
  log: Logger
  /** What the metrics count (NO_METRICS when none are configured). */
  metrics: Metrics
  /** The backups svc makes itself (NO_BACKUPS unless SVC_BACKUP_EVERY schedules them; set at start). */
  backups: Backups
  sealer: Sealer
  /** Tells caches that an app's definition or records changed (relays `storage.changes`). */
  changes: ChangeFeed
  /** The planning jobs this process runs: its runner id, their heartbeats, cancelling them. */
  jobs: JobRunner
  /** The group-commit record writer (core/collect/writer.ts). */
  writer: Writer
  /** This process's live record streams (server/live/hub.ts). */
  live: LiveHub
  /** This process's places for long answers (streams, reads under way) and the bytes they hold (core/places). */
  places: Places
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
  readGate: ReadGate
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
  /** Each app's senders with their secrets opened, for the collection endpoints (core/senders/cache.ts). */
  senders: SenderCache
}

/** The parts createContext makes itself (the rest it is given). */
export type Services =
  | 'onShutdown'
  | 'shutdown'
  | 'changes'
  | 'metrics'
  | 'backups'
  | 'jobs'
  | 'writer'
  | 'live'
  | 'places'
  | 'stats'
  | 'caches'
  | 'limiter'
  | 'readGate'
  | 'passwords'
  | 'background'
  | 'webhooks'
  | 'files'
