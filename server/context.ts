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
import { scoringCache, type ScoringCache } from './core/scoring/cache.ts'
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
  /** Per-process copies of what hot paths read often; each forgets what `changes` reports changed. */
  caches: Caches
  /** Registers work to finish before the database closes (e.g. flushing queued writes). */
  onShutdown(hook: () => void | Promise<void>): void
  /** Runs the shutdown hooks in reverse order of registration. */
  shutdown(): Promise<void>
}

export interface Caches {
  /** Scoring definitions by app, for the record writer (core/scoring/cache.ts). */
  scoring: ScoringCache
}

/** Builds a context from its parts, with a shutdown-hook list. */
export function createContext(parts: Omit<AppContext, 'onShutdown' | 'shutdown' | 'changes' | 'caches'>): AppContext {
  const hooks: Array<() => void | Promise<void>> = []
  const changes = createChangeFeed()
  // What the storage commits (here, and on PostgreSQL in other processes) reaches every cache.
  parts.storage.changes.subscribe((appId, kind) => changes.notify(appId, kind))
  return {
    ...parts,
    changes,
    caches: { scoring: scoringCache(changes) },
    onShutdown: (hook) => void hooks.push(hook),
    shutdown: async () => {
      for (const hook of hooks.reverse()) await hook()
      hooks.length = 0
    },
  }
}
