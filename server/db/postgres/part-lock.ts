/**
 * @module Locks on one part of one app (its scales, its report pages, its theme) held until
 * the transaction ends, so writers of that part take turns across every svc process:
 * counting, numbering and read-modify-write of a JSON column are then decided alone.
 * A transaction-level advisory lock: no row to hold, nothing to clean up, and other
 * modules' row locks (records, counters) are never waited for.
 */
import { sql } from 'drizzle-orm'
import type { PgDatabase } from 'drizzle-orm/pg-core'
import type { BunSQLQueryResultHKT } from 'drizzle-orm/bun-sql/session'
import type * as schema from './schema.ts'

/** The pool or a transaction on it: what store helpers run their statements on. */
export type PgQuery = PgDatabase<BunSQLQueryResultHKT, typeof schema>

/** Waits for, then holds until commit or rollback, the lock on `part` of app `appId`. */
export async function lockAppPart(tx: PgQuery, part: 'scales' | 'reports' | 'theme', appId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`svc:${part}:${appId}`}, 0))`)
}
