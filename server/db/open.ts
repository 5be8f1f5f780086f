/**
 * @module Opens the storage the configuration names: PostgreSQL when DATABASE_URL is a
 * postgres:// URL (migrated under an advisory lock, listening for other processes'
 * changes), else SQLite in SVC_DATA_DIR (made, migrated, WAL).
 */
import type { Config } from '../config.ts'
import { openPostgresStorage } from './postgres/index.ts'
import { openStore } from './sqlite/connection.ts'
import { sqliteStorage } from './sqlite/index.ts'
import { migrateStore } from './sqlite/migrate.ts'
import type { Storage } from './storage.ts'

/** Opens, migrates and returns the configured storage; `now` stamps rows the stores date themselves. */
export async function openStorage(config: Config, now: () => number = Date.now): Promise<Storage> {
  if (config.postgresUrl) return openPostgresStorage(config.postgresUrl, { now })
  const store = openStore(config.databasePath, { synchronous: config.synchronous })
  migrateStore(store)
  return sqliteStorage(store, now)
}
