/**
 * @module Applies drizzle-kit's migrations from drizzle/sqlite/ at start-up (≈ 3 ms when current).
 */
import { fileURLToPath } from 'node:url'
import { migrate } from 'drizzle-orm/bun-sqlite/migrator'
import { embeddedPath } from '../../embedded.ts'
import type { Store } from './connection.ts'

/** drizzle/sqlite/ of the checkout (Bun writes this file's URL into the server bundle). */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle/sqlite', import.meta.url))

/** Brings the schema up to date (from the executable's embedded copy there); safe to call on every start. */
export function migrateStore(store: Store, folder = embeddedPath('drizzle/sqlite') ?? MIGRATIONS_FOLDER): void {
  migrate(store.db, { migrationsFolder: folder })
}
