/**
 * @module Applies drizzle-kit's migrations from drizzle/sqlite/ at start-up. When the database
 * is current (every start but the first after an upgrade) only the journal is read: drizzle
 * would read and hash every migration file to find nothing to do.
 */
import { fileURLToPath } from 'node:url'
import { migrate } from 'drizzle-orm/bun-sqlite/migrator'
import { embeddedPath } from '../../embedded.ts'
import { knownMigrations } from './backup.ts'
import type { Store } from './connection.ts'

/** drizzle/sqlite/ of the checkout (Bun writes this file's URL into the server bundle). */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle/sqlite', import.meta.url))

/** The migrations this svc applies: the executable's embedded copy there, else the checkout's. */
export const migrationsFolder = (): string => embeddedPath('drizzle/sqlite') ?? MIGRATIONS_FOLDER

/**
 * True when drizzle would apply nothing: it applies each journal entry whose `when` is later
 * than the newest `created_at` of its migrations table, every one when there is none.
 */
function isCurrent(store: Store, folder: string): boolean {
  const table = store.sqlite
    .query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'")
    .get()
  if (!table) return false
  const newest = store.sqlite
    .query<{ created_at: number }, []>('SELECT created_at FROM __drizzle_migrations ORDER BY created_at DESC LIMIT 1')
    .get()
  return newest !== null && knownMigrations(folder).every((when) => Number(newest.created_at) >= when)
}

/** Brings the schema up to date; safe to call on every start. */
export function migrateStore(store: Store, folder = migrationsFolder()): void {
  if (isCurrent(store, folder)) return
  migrate(store.db, { migrationsFolder: folder })
}
