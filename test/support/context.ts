/**
 * @module Test fixtures: an in-memory database per test, a hand-moved clock, a mailer that
 * records, and a logger that keeps lines, all passed in through the real context.
 */
import { loadConfig, type Config } from '../../server/config.ts'
import { createContext, type AppContext } from '../../server/context.ts'
import { ManualClock } from '../../server/core/clock.ts'
import { createLogger } from '../../server/core/logger.ts'
import type { Mail, Mailer } from '../../server/core/mailer.ts'
import { createSealer, newSecretKey } from '../../server/core/sealer.ts'
import { openStore, type Store } from '../../server/db/sqlite/connection.ts'
import { migrateStore } from '../../server/db/sqlite/migrate.ts'

export interface TestContext {
  ctx: AppContext
  clock: ManualClock
  /** Every mail "sent", newest last. */
  mails: Mail[]
  /** Every log line, newest last. */
  logs: string[]
}

/** A context over a fresh in-memory database (or `store`, migrated here); `config` overrides the defaults. */
export function testContext(config: Partial<Config> = {}, store: Store = openStore(':memory:')): TestContext {
  const clock = new ManualClock()
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
  migrateStore(store)
  const ctx = createContext({
    config: fullConfig,
    store,
    clock,
    mailer,
    log: createLogger('debug', (_level, line) => logs.push(line)),
    sealer: createSealer(newSecretKey()),
  })
  return { ctx, clock, mails, logs }
}
