/**
 * @module Applies drizzle-kit's migrations from drizzle/ at start-up (≈ 3 ms when current).
 */
import { fileURLToPath } from 'node:url'
import { migrate } from 'drizzle-orm/bun-sqlite/migrator'
import type { Store } from './connection.ts'

/** drizzle/ next to server/, wherever the project is checked out. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url))

/** Brings the schema up to date; safe to call on every start. */
export function migrateStore(store: Store, folder = MIGRATIONS_FOLDER): void {
  migrate(store.db, { migrationsFolder: folder })
}
