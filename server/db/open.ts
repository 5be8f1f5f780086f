/**
 * @module Opens the storage the configuration names: PostgreSQL when DATABASE_URL is a
 * postgres:// URL (migrated under an advisory lock, listening for other processes'
 * changes), else SQLite in SVC_DATA_DIR (made, migrated, WAL).
 */
import type { Config } from '../config.ts'
import type { Logger } from '../core/logger.ts'
import { openStore } from './sqlite/connection.ts'
import { sqliteStorage } from './sqlite/index.ts'
import { migrateStore } from './sqlite/migrate.ts'
import { narrowDatabaseFiles, privateFolder } from './private-files.ts'
import type { Storage } from './storage.ts'

/**
 * Opens, migrates and returns the configured storage; `now` stamps rows the stores date
 * themselves. With SQLite the data dir (which also holds the key) and the database files
 * are made private first, and `log` says which ones were left readable by others; it also
 * gets one line naming the migrations this start applied (none when the schema is current).
 */
export async function openStorage(
  config: Config,
  now: () => number = Date.now,
  log?: Pick<Logger, 'warn' | 'info'>,
): Promise<Storage> {
  // Loaded only here: the PostgreSQL stores, schema and driver cost SQLite's start-up ≈ 15 ms.
  if (config.postgresUrl)
    return (await import('./postgres/index.ts')).openPostgresStorage(config.postgresUrl, {
      now,
      migrated: (tags) => logMigrated(log, tags),
    })
  const narrowed = [
    ...privateFolder(config.dataDir),
    ...(config.databasePath === ':memory:' ? [] : narrowDatabaseFiles(config.databasePath)),
  ]
  if (narrowed.length > 0)
    log?.warn(
      'made the data private to the svc user (0700 folder, 0600 files); other users of this machine could read them before',
      { paths: narrowed },
    )
  const store = openStore(config.databasePath, { synchronous: config.synchronous })
  const applied = migrateStore(store)
  if (applied.length > 0) logMigrated(log, applied)
  return sqliteStorage(store, now)
}

/** The start-up's line about the schema: an upgrade names what it ran, so its log says when the schema changed. */
function logMigrated(log: Pick<Logger, 'info'> | undefined, tags: string[]): void {
  log?.info(`applied ${tags.length} database migration${tags.length === 1 ? '' : 's'}`, {
    migrations: tags,
    schema: tags.at(-1),
  })
}
