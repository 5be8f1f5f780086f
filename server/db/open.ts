/**
 * @module Opens the storage the configuration names: PostgreSQL when DATABASE_URL is a
 * postgres:// URL (migrated under an advisory lock, listening for other processes'
 * changes), else SQLite in SVC_DATA_DIR (made, migrated, WAL).
 */
import type { Config } from '../config.ts'
import { openPostgresStorage } from './postgres/index.ts'
import { openStore, type Store } from './sqlite/connection.ts'
import { sqliteStorage } from './sqlite/index.ts'
import { migrateStore } from './sqlite/migrate.ts'
import type { Storage } from './storage.ts'

export interface OpenedStorage {
  storage: Storage
  /**
   * The SQLite handles, for core code not yet behind the storage boundary (issue 15);
   * on PostgreSQL a stand-in that names the path still to move when touched.
   */
  store: Store
}

/** Opens, migrates and returns the configured storage; `now` stamps rows the stores date themselves. */
export async function openStorage(config: Config, now: () => number = Date.now): Promise<OpenedStorage> {
  if (config.postgresUrl) return { storage: await openPostgresStorage(config.postgresUrl, { now }), store: sqliteOnly() }
  const store = openStore(config.databasePath, { synchronous: config.synchronous })
  migrateStore(store)
  return { storage: sqliteStorage(store, now), store }
}

/** What `ctx.store` is on PostgreSQL: any use throws, naming what to do. */
export function sqliteOnly(): Store {
  return new Proxy({} as Store, {
    get(_target, key) {
      if (key === 'close') return () => {}
      throw new Error(`ctx.store.${String(key)} is SQLite-only: this code path must go through ctx.storage (issue 15)`)
    },
  })
}
