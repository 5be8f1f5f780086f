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
import type { Store } from './db/sqlite/connection.ts'

export interface AppContext {
  config: Config
  store: Store
  clock: Clock
  mailer: Mailer
  log: Logger
  sealer: Sealer
  /** Tells caches that an app's definition or records changed. */
  changes: ChangeFeed
  /** Registers work to finish before the database closes (e.g. flushing queued writes). */
  onShutdown(hook: () => void | Promise<void>): void
  /** Runs the shutdown hooks in reverse order of registration. */
  shutdown(): Promise<void>
}

/** Builds a context from its parts, with a shutdown-hook list. */
export function createContext(parts: Omit<AppContext, 'onShutdown' | 'shutdown' | 'changes'>): AppContext {
  const hooks: Array<() => void | Promise<void>> = []
  return {
    ...parts,
    changes: createChangeFeed(),
    onShutdown: (hook) => void hooks.push(hook),
    shutdown: async () => {
      for (const hook of hooks.reverse()) await hook()
      hooks.length = 0
    },
  }
}
