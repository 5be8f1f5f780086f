/**
 * @module The advisory locks of the PostgreSQL auth store: one per address (the code caps)
 * or per address and client (the log-in throttle), held to the end of the transaction.
 */
import { sql } from 'drizzle-orm'
import type { PgTx } from './app-lock.ts'

/** Serializes the transactions that lock the same `scope` and `key` (an address and client) until they end. */
export const lockAddress = (tx: PgTx, scope: string, key: string) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`svc:${scope}:${key}`}, 0))`)
