/**
 * @module What every SQLite store implementation is given: the open database (drizzle and
 * the raw handle, WAL sync and checkpoints) and the change feed it reports commits to.
 */
import type { LocalAppendFeed } from '../storage/appends.ts'
import type { LocalChangeFeed } from '../storage/changes.ts'
import type { Store } from './connection.ts'

export interface SqliteContext extends Store {
  /** Emit after a transaction commits (SQLite has one process: delivery is in-process). */
  changes: LocalChangeFeed
  /** Emit once appended records are durable (the live streams read them then). */
  appends: LocalAppendFeed
  /** Epoch milliseconds for rows the store stamps itself (core passes times in where it decides them). */
  now(): number
}
