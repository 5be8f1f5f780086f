/**
 * @module Test fixtures: a fresh database per test context (in-memory SQLite, or a new
 * PostgreSQL database when the run has DATABASE_URL, see backend.ts), a hand-moved clock,
 * a mailer that records, and a logger that keeps lines, all passed in through the real context.
 */
import { runLogScan } from './log-scan.ts'
import { loadConfig, type Config } from '../../server/config.ts'
import { createContext } from '../../server/context.ts'
import type { AppContext } from '../../server/core/context.ts'
import { ManualClock } from '../../server/core/clock.ts'
import { createLogger } from '../../server/core/logger.ts'
import type { Mail, Mailer } from '../../server/core/mailer.ts'
import { createSealer, newSecretKey } from '../../server/core/sealer.ts'
import { openPostgresStorage } from '../../server/db/postgres/index.ts'
import { openStore, type Store } from '../../server/db/sqlite/connection.ts'
import { sqliteStorage } from '../../server/db/sqlite/index.ts'
import { migrateStore } from '../../server/db/sqlite/migrate.ts'
import type { Storage } from '../../server/db/storage.ts'
import { lazyStorage, newPostgresDatabase, TEST_BACKEND } from './backend.ts'
import { testBlobStore } from './blobs.ts'
import { clamdScanner } from '../../server/files/clamd.ts'

export interface TestContext {
  ctx: AppContext
  clock: ManualClock
  /** Every mail "sent", newest last. */
  mails: Mail[]
  /** Every log line, newest last. */
  logs: string[]
  /** The SQLite handles under the storage, for the SQLite-only tests (test/db/sqlite); null on PostgreSQL. */
  sqlite: Store | null
}

/**
 * A fresh storage for a test: in-memory SQLite (or `store`, migrated here), or on a
 * PostgreSQL run a new database, opened on first use. Rows the stores date themselves use `now`.
 */
export function testStorage(now: () => number, store?: Store): { storage: Storage; sqlite: Store | null } {
  if (TEST_BACKEND === 'postgres' && !store) {
    const storage = lazyStorage('postgres', async () =>
      openPostgresStorage(await newPostgresDatabase(), { migrate: false, listen: false, max: 3, idleTimeout: 2, now }),
    )
    return { storage, sqlite: null }
  }
  const sqlite = store ?? openStore(':memory:')
  migrateStore(sqlite)
  return { storage: sqliteStorage(sqlite, now), sqlite }
}

/** A context over a fresh database (or `store`, a SQLite store migrated here); `config` overrides the defaults. */
export function testContext(config: Partial<Config> = {}, store?: Store): TestContext {
  const clock = new ManualClock()
  return contextOn(
    clock,
    testStorage(() => clock.now(), store),
    config,
  )
}

/** A context over a fresh in-memory SQLite database whatever the run's backend: for the tests about SQLite itself (test/db/sqlite). */
export function sqliteContext(config: Partial<Config> = {}): TestContext & { sqlite: Store } {
  const sqlite = openStore(':memory:')
  return { ...testContext(config, sqlite), sqlite }
}

/**
 * A context over `storage`, opened by the test: e.g. a second storage on one PostgreSQL
 * database, standing for another svc process. Closing `storage` is the test's job.
 */
export function testContextOver(storage: Storage, config: Partial<Config> = {}): TestContext {
  return contextOn(new ManualClock(), { storage, sqlite: null }, config)
}

function contextOn(
  clock: ManualClock,
  { storage, sqlite }: { storage: Storage; sqlite: Store | null },
  config: Partial<Config>,
): TestContext {
  const mails: Mail[] = []
  const logs: string[] = []
  const mailer: Mailer = {
    description: 'test mailer',
    async send(mail) {
      mails.push(mail)
    },
  }
  const base = loadConfig({ PORT: '8787', SVC_LOG: 'debug' })
  const fullConfig: Config = { ...base, databasePath: ':memory:', baseUrl: 'http://localhost:8787', ...config }
  const ctx = createContext({
    config: fullConfig,
    storage,
    clock,
    mailer,
    log: createLogger('debug', (level, line) => {
      logs.push(line)
      runLogScan.sink(level, line)
    }),
    sealer: createSealer(newSecretKey()),
    blobs: testBlobStore(),
    scanner: fullConfig.clamd ? clamdScanner(fullConfig.clamd) : null,
  })
  return { ctx, clock, mails, logs, sqlite }
}
