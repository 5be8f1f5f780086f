/**
 * @module Several contexts on ONE database, each with its own storage (connections, change
 * feed) and services, as separate svc processes have: on PostgreSQL a new database that
 * every storage opens and LISTENs on; on SQLite a database file in a temp folder (what a
 * process restart on the same data dir sees). They share one hand-moved clock unless given
 * their own. `open()` adds another "process" later (e.g. the one after a restart); `env`
 * starts a real server process on the same database.
 */
import { join } from 'node:path'
import { loadConfig, type Config } from '../../server/config.ts'
import { createContext } from '../../server/context.ts'
import type { AppContext } from '../../server/core/context.ts'
import { ManualClock } from '../../server/core/clock.ts'
import { createLogger } from '../../server/core/logger.ts'
import { createSealer, newSecretKey } from '../../server/core/sealer.ts'
import { openPostgresStorage } from '../../server/db/postgres/index.ts'
import { openStore } from '../../server/db/sqlite/connection.ts'
import { sqliteStorage } from '../../server/db/sqlite/index.ts'
import { migrateStore } from '../../server/db/sqlite/migrate.ts'
import type { Storage } from '../../server/db/storage.ts'
import { newPostgresDatabase, TEST_BACKEND, TEST_SECRET } from './backend.ts'
import { tempDir } from './tmp.ts'
import { openBlobStore } from '../../server/files/open.ts'

export interface SharedDatabase {
  clock: ManualClock
  /** What a server process started by the test (test/support/process.ts) needs in its environment to use this database. */
  env: Record<string, string>
  /** Opens another context on the database (its own storage and services); `config` overrides the defaults. */
  open(config?: Partial<Config>, clock?: ManualClock): Promise<AppContext>
  /** Shuts every context down (running jobs handed back) and closes their storages. */
  close(): Promise<void>
}

/** `storage` whose close may be called again (a test closes a "process" itself, `close()` closes the rest). */
function closedOnce(storage: Storage): Storage {
  let closing: Promise<void> | null = null
  return { ...storage, close: () => (closing ??= storage.close()) }
}

/** A database for several contexts: a new PostgreSQL database on a PostgreSQL run, else a SQLite file. */
export async function sharedDatabase(clock = new ManualClock()): Promise<SharedDatabase> {
  const dataDir = tempDir('svc-shared-')
  // svc.db in the data dir is where a server started with SVC_DATA_DIR=dataDir keeps its database.
  const where = TEST_BACKEND === 'postgres' ? await newPostgresDatabase() : join(dataDir, 'svc.db')
  const opened: AppContext[] = []
  const secret = newSecretKey()

  async function openStorage(now: () => number): Promise<Storage> {
    if (TEST_BACKEND === 'postgres')
      return closedOnce(await openPostgresStorage(where, { migrate: false, listen: true, max: 3, idleTimeout: 2, now }))
    const store = openStore(where)
    migrateStore(store)
    return closedOnce(sqliteStorage(store, now))
  }

  return {
    clock,
    env:
      TEST_BACKEND === 'postgres'
        ? { DATABASE_URL: where, SVC_SECRET: TEST_SECRET, SVC_DATA_DIR: dataDir }
        : { SVC_DATA_DIR: dataDir },
    async open(config = {}, own = clock) {
      const base = loadConfig({ PORT: '8787', SVC_LOG: 'silent' })
      const ctx = createContext({
        config: {
          ...base,
          databasePath: TEST_BACKEND === 'postgres' ? ':memory:' : where,
          baseUrl: 'http://localhost:8787',
          ...config,
        },
        storage: await openStorage(() => own.now()),
        clock: own,
        mailer: { description: 'test mailer', send: async () => {} },
        log: createLogger('silent'),
        sealer: createSealer(secret),
        blobs: openBlobStore({ dataDir, filesUrl: null }),
        scanner: null,
      })
      opened.push(ctx)
      return ctx
    },
    async close() {
      for (const ctx of opened.splice(0)) {
        await ctx.shutdown()
        await ctx.storage.close()
      }
    },
  }
}
