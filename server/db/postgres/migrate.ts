/**
 * @module Applies drizzle-kit's PostgreSQL migrations (drizzle/postgres/) at start-up.
 * Several svc processes may start at once against one database: the first takes a
 * session-level advisory lock and migrates; the others wait for it, then find nothing
 * left to do.
 */
import { fileURLToPath } from 'node:url'
import { drizzle } from 'drizzle-orm/bun-sql'
import { migrate } from 'drizzle-orm/bun-sql/migrator'
import type { SQL } from 'bun'
import { embeddedPath } from '../../embedded.ts'

/** drizzle/postgres/ of the checkout (Bun writes this file's URL into the server bundle). */
export const PG_MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle/postgres', import.meta.url))

/** Any constant both sides agree on: svc's migration lock. */
const MIGRATION_LOCK = 0x5_7c_0001

/** Brings the schema up to date under the migration lock (from the executable's embedded copy there); safe to call from every process on every start. */
export async function migratePostgres(
  client: SQL,
  folder = embeddedPath('drizzle/postgres') ?? PG_MIGRATIONS_FOLDER,
): Promise<void> {
  const session = await client.reserve()
  try {
    await session`SELECT pg_advisory_lock(${MIGRATION_LOCK})`
    try {
      await migrate(drizzle({ client: session }), { migrationsFolder: folder })
    } finally {
      await session`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`
    }
  } finally {
    void session.release()
  }
}
