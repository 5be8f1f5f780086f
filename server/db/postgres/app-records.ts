/**
 * @module Deleting apps' records on PostgreSQL, where records carry no foreign key to their
 * app (schema.ts), so the cascade that removes the app's other rows does not reach them.
 */
import { sql } from 'drizzle-orm'
import type { PgDb } from './connection.ts'

/**
 * Deletes the records of `appIds` and their counters rows, inside the caller's transaction,
 * before the apps themselves. The counters rows go first: deleting one waits for a group
 * commit in flight for the app (it holds the row until it commits), and a later group finds
 * no row and inserts nothing (record-commit.ts), so the records deleted next are all there
 * will ever be.
 */
export async function deleteAppRecords(tx: Pick<PgDb, 'execute'>, appIds: string[]): Promise<void> {
  if (appIds.length === 0) return
  // In the order a group commit locks them (record-commit.ts), so the two never deadlock.
  await tx.execute(
    sql`SELECT app_id FROM app_stats WHERE app_id = ANY(${sql.param(appIds)}::text[]) ORDER BY app_id FOR UPDATE`,
  )
  await tx.execute(sql`DELETE FROM app_stats WHERE app_id = ANY(${sql.param(appIds)}::text[])`)
  await tx.execute(sql`DELETE FROM records WHERE app_id = ANY(${sql.param(appIds)}::text[])`)
}
