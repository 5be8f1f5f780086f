/**
 * @module Opens the SQLite database with the pragmas svc relies on. All SQLite-specific
 * settings live in server/db, so another backend can be added beside this one.
 */
import { Database } from 'bun:sqlite'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { drizzle, type BunSQLiteDatabase } from 'drizzle-orm/bun-sqlite'
import type { SyncMode } from '../config.ts'
import * as schema from './schema.ts'

export type Db = BunSQLiteDatabase<typeof schema>

/** The open database: drizzle for queries, the raw handle for prepared hot paths. */
export interface Store {
  db: Db
  sqlite: Database
  close(): void
}

export interface OpenOptions {
  /**
   * FULL syncs the WAL on every commit, so an acknowledged write survives power loss;
   * NORMAL survives a crash of the process but not of the machine.
   */
  synchronous?: SyncMode
}

/** Opens (creating if needed) the database at `path`, or an in-memory one for `:memory:`. */
export function openStore(path: string, options: OpenOptions = {}): Store {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
  const sqlite = new Database(path, { create: true, strict: true })
  sqlite.run('PRAGMA journal_mode = WAL')
  sqlite.run('PRAGMA busy_timeout = 5000')
  sqlite.run('PRAGMA foreign_keys = ON')
  sqlite.run(`PRAGMA synchronous = ${options.synchronous === 'normal' ? 'NORMAL' : 'FULL'}`)
  // Lets SQLite checkpoint the WAL without waiting for every reader to finish.
  sqlite.run('PRAGMA wal_autocheckpoint = 1000')
  const db = drizzle({ client: sqlite, schema })
  return {
    db,
    sqlite,
    close: () => {
      try {
        sqlite.run('PRAGMA optimize')
      } finally {
        sqlite.close()
      }
    },
  }
}
