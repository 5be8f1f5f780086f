/**
 * @module What every PostgreSQL store implementation is given: the pool (drizzle and the raw
 * Bun.SQL client) and the change feed, whose notices go out with NOTIFY inside the
 * transaction that makes the change (postgres/changes.ts).
 */
import type { PgConnection } from './connection.ts'
import type { PgAppends } from './appends.ts'
import type { PgChanges } from './changes.ts'

export interface PgContext extends PgConnection {
  changes: PgChanges
  /** Append notices (appends.ts): this process's commits are emitted here after they commit. */
  appends: PgAppends
  /** Epoch milliseconds for rows the store stamps itself. */
  now(): number
}
