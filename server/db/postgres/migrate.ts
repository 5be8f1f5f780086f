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
import { appliedTags, refuseNewerSchema } from '../migration-tags.ts'

/** drizzle/postgres/ of the checkout (Bun writes this file's URL into the server bundle). */
export const PG_MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle/postgres', import.meta.url))

/** Any constant both sides agree on: svc's migration lock. */
const MIGRATION_LOCK = 0x5_7c_0001

/** How many migrations the database records as applied (none before the first start), and the newest one's journal `when`. */
async function recorded(session: SQL): Promise<{ count: number; newest: number | null }> {
  const [{ present }] = await session`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`
  if (!present) return { count: 0, newest: null }
  const [{ n, newest }] =
    await session`SELECT count(*)::int AS n, max(created_at)::text AS newest FROM drizzle.__drizzle_migrations`
  return { count: Number(n), newest: newest === null ? null : Number(newest) }
}

/**
 * Brings the schema up to date under the migration lock (from the executable's embedded copy
 * there); safe to call from every process on every start. Returns the tags of the migrations
 * this process applied (none for the processes that found the work done).
 */
export async function migratePostgres(
  client: SQL,
  folder = embeddedPath('drizzle/postgres') ?? PG_MIGRATIONS_FOLDER,
): Promise<string[]> {
  const session = await client.reserve()
  try {
    await session`SELECT pg_advisory_lock(${MIGRATION_LOCK})`
    try {
      const before = await recorded(session)
      refuseNewerSchema(before.newest, folder)
      await migrate(drizzle({ client: session }), { migrationsFolder: folder })
      return appliedTags(folder, before.count, (await recorded(session)).count)
    } finally {
      await session`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`
    }
  } finally {
    void session.release()
  }
}
