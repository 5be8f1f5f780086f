/**
 * @module The app's write lock on PostgreSQL: its counters row (app_stats) locked FOR UPDATE
 * until the transaction ends. Whatever changes an app's fields takes it first — the field
 * routes as the record writer before it auto-creates fields — so the field limit is counted,
 * and positions are handed out, by one transaction at a time across every process.
 */
import { eq } from 'drizzle-orm'
import type { PgContext } from './context.ts'
import { appStats } from './schema.ts'

/** A transaction of the pool's drizzle. */
export type PgTx = Parameters<Parameters<PgContext['db']['transaction']>[0]>[0]

/** Locks `appId`'s counters row for the rest of `tx`; false when the app does not exist. */
export async function lockApp(tx: PgTx, appId: string): Promise<boolean> {
  const rows = await tx.select({ appId: appStats.appId }).from(appStats).where(eq(appStats.appId, appId)).for('update')
  return rows.length > 0
}
