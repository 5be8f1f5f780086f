/**
 * @module What every part of the server is given instead of importing singletons:
 * configuration, storage, time, mail, logging and shutdown hooks.
 */
import type { Config } from './config.ts'
import { createChangeFeed, type ChangeFeed } from './core/changes.ts'
import type { Clock } from './core/clock.ts'
import type { Logger } from './core/logger.ts'
import type { Mailer } from './core/mailer.ts'
import type { Sealer } from './core/sealer.ts'
import { createJobRunner, type JobRunner } from './core/smart/job-runner.ts'
import type { Store } from './db/sqlite/connection.ts'
import type { Storage } from './db/storage.ts'

export interface AppContext {
  config: Config
  /** The storage boundary: SQLite or PostgreSQL, one async store per module. */
  storage: Storage
  /** The SQLite handles, for core code not yet behind `storage` (issue 15); throws on PostgreSQL. */
  store: Store
  clock: Clock
  mailer: Mailer
  log: Logger
  sealer: Sealer
  /** Tells caches that an app's definition or records changed (relays `storage.changes`). */
  changes: ChangeFeed
  /** The planning jobs this process runs: its runner id, their heartbeats, cancelling them. */
  jobs: JobRunner
  /** Registers work to finish before the database closes (e.g. flushing queued writes). */
  onShutdown(hook: () => void | Promise<void>): void
  /** Runs the shutdown hooks in reverse order of registration. */
  shutdown(): Promise<void>
}

/** Builds a context from its parts, with a shutdown-hook list. */
export function createContext(parts: Omit<AppContext, 'onShutdown' | 'shutdown' | 'changes' | 'jobs'>): AppContext {
  const changes = createChangeFeed()
  const jobs = createJobRunner(parts)
  // Registered first, so it runs last: running jobs are stopped and handed back before the storage closes.
  const hooks: Array<() => void | Promise<void>> = [() => jobs.stop()]
  // What the storage commits (here, and on PostgreSQL in other processes) reaches every cache.
  parts.storage.changes.subscribe((appId, kind) => changes.notify(appId, kind))
  return {
    ...parts,
    changes,
    jobs,
    onShutdown: (hook) => void hooks.push(hook),
    shutdown: async () => {
      for (const hook of hooks.reverse()) await hook()
      hooks.length = 0
    },
  }
}
