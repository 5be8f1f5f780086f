/**
 * @module What every part of the server is given instead of importing singletons:
 * configuration, storage, time, mail, logging and shutdown hooks.
 */
import type { Config } from './config.ts'
import { createChangeFeed, type ChangeFeed } from './core/changes.ts'
import { createFieldCache, type FieldCache } from './core/collect/field-cache.ts'
import { createWriter, type Writer } from './core/collect/writer.ts'
import { createStats, type Stats } from './core/stats/state.ts'
import type { Clock } from './core/clock.ts'
import type { Logger } from './core/logger.ts'
import type { Mailer } from './core/mailer.ts'
import type { Sealer } from './core/sealer.ts'
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
  /** The group-commit record writer (core/collect/writer.ts). */
  writer: Writer
  /** This process's copy of every app's summary aggregates (core/stats/state.ts). */
  stats: Stats
  /** Per-process caches on hot paths, each dropping what the change feed says changed. */
  caches: { fields: FieldCache }
  /** Registers work to finish before the database closes (e.g. flushing queued writes). */
  onShutdown(hook: () => void | Promise<void>): void
  /** Runs the shutdown hooks in reverse order of registration. */
  shutdown(): Promise<void>
}

/** Builds a context from its parts, with a shutdown-hook list. */
export function createContext(parts: Omit<AppContext, 'onShutdown' | 'shutdown' | 'changes' | 'writer' | 'stats' | 'caches'>): AppContext {
  const hooks: Array<() => void | Promise<void>> = []
  const changes = createChangeFeed()
  // What the storage commits (here, and on PostgreSQL in other processes) reaches every cache.
  parts.storage.changes.subscribe((appId, kind) => changes.notify(appId, kind))
  const ctx = {
    ...parts,
    changes,
    onShutdown: (hook) => void hooks.push(hook),
    shutdown: async () => {
      for (const hook of hooks.reverse()) await hook()
      hooks.length = 0
    },
  } as AppContext
  // The services see the finished context; the writer commits what is queued, then the aggregates are written.
  ctx.stats = createStats(ctx)
  ctx.caches = { fields: createFieldCache(ctx) }
  ctx.writer = createWriter(ctx)
  ctx.onShutdown(async () => {
    await ctx.writer.flush()
    await ctx.stats.persistAll()
  })
  return ctx
}
