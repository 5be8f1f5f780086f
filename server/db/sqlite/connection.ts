/**
 * @module Opens the SQLite database with the pragmas svc relies on. All SQLite-specific
 * settings live in server/db, so another backend can be added beside this one.
 */
import { Database } from 'bun:sqlite'
import { existsSync } from 'node:fs'
import { dirname } from 'node:path'
import { drizzle, type BunSQLiteDatabase } from 'drizzle-orm/bun-sqlite'
import type { SyncMode } from '../../config.ts'
import { backgroundCheckpoints, inlineCheckpoints, type CheckpointOptions, type Checkpoints } from './checkpoints.ts'
import { privateDatabaseFiles, privateFolder } from '../private-files.ts'
import * as schema from './schema.ts'
import { deferredWalSync, immediateWalSync, type SyncFiles, type WalSync } from './wal-sync.ts'

export type Db = BunSQLiteDatabase<typeof schema>

/** The open database: drizzle for queries, the raw handle for prepared hot paths. */
export interface Store {
  db: Db
  sqlite: Database
  /** How the record writer makes its commits durable (server/db/sqlite/wal-sync.ts). */
  wal: WalSync
  /** Who copies the WAL into the database file (server/db/sqlite/checkpoints.ts). */
  checkpoints: Checkpoints
  close(): void
}

export interface OpenOptions {
  /**
   * FULL: an acknowledged write survives power loss (the record writer's group commits
   * are synced off the event loop, see wal-sync.ts; every other commit syncs in place).
   * NORMAL survives a crash of the process but not of the machine.
   */
  synchronous?: SyncMode
  /** The file operations the WAL sync uses (tests hold or fail a sync with them). */
  syncFiles?: SyncFiles
  /** Options of the background checkpoint thread. */
  checkpoints?: CheckpointOptions
}

/** How often a long-running server refreshes the planner's statistics (`PRAGMA optimize`). */
export const OPTIMIZE_EVERY_MS = 60 * 60 * 1000

/**
 * Opens (creating if needed) the database at `path`, or an in-memory one for `:memory:`.
 * A missing folder is made 0700 and the files 0600 (private-files.ts).
 */
export function openStore(path: string, options: OpenOptions = {}): Store {
  if (path !== ':memory:') {
    if (!existsSync(dirname(path))) privateFolder(dirname(path))
    privateDatabaseFiles(path)
  }
  const sqlite = new Database(path, { create: true, strict: true })
  const { journal_mode: journal } = sqlite.query('PRAGMA journal_mode = WAL').get() as { journal_mode: string }
  sqlite.run('PRAGMA busy_timeout = 5000')
  sqlite.run('PRAGMA foreign_keys = ON')
  sqlite.run(`PRAGMA synchronous = ${options.synchronous === 'normal' ? 'NORMAL' : 'FULL'}`)
  // Planner statistics that cannot go stale: ANALYZE, bounded, whatever grew since they
  // were taken (10 apps then, 10,000 now), when the database opens and every hour after.
  sqlite.run('PRAGMA analysis_limit = 1000')
  sqlite.run('PRAGMA optimize = 0x10002')
  const optimizer = setInterval(() => sqlite.run('PRAGMA optimize'), OPTIMIZE_EVERY_MS)
  optimizer.unref()
  const db = drizzle({ client: sqlite, schema })
  // Where SQLite could not switch to WAL (some network file systems), FULL syncs each commit in place.
  const deferred = journal === 'wal' && options.synchronous !== 'normal'
  const wal = deferred ? deferredWalSync(sqlite, path, options.syncFiles) : immediateWalSync
  const checkpoints = journal === 'wal' ? backgroundCheckpoints(sqlite, path, options.checkpoints) : inlineCheckpoints
  return {
    db,
    sqlite,
    wal,
    checkpoints,
    close: () => {
      try {
        wal.drain()
        wal.close()
        checkpoints.close()
        clearInterval(optimizer)
      } finally {
        // true: the prepared statements of the hot paths are finalized and the file released
        // now, not when they are garbage collected (a restore or a copy may follow at once).
        sqlite.close(true)
      }
    },
  }
}

/** Runs the cheapest possible read; throws when the database cannot answer (health checks). */
export function pingStore(store: Store): void {
  store.sqlite.query('SELECT 1').get()
}
