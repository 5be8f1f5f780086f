/**
 * @module Applies drizzle-kit's migrations from drizzle/sqlite/ at start-up (≈ 3 ms when current).
 */
import { fileURLToPath } from 'node:url'
import { migrate } from 'drizzle-orm/bun-sqlite/migrator'
import { embeddedPath } from '../../embedded.ts'
import type { Store } from './connection.ts'

/** drizzle/sqlite/ of the checkout (Bun writes this file's URL into the server bundle). */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle/sqlite', import.meta.url))

/** The migrations this svc applies: the executable's embedded copy there, else the checkout's. */
export const migrationsFolder = (): string => embeddedPath('drizzle/sqlite') ?? MIGRATIONS_FOLDER

/** Brings the schema up to date; safe to call on every start. */
export function migrateStore(store: Store, folder = migrationsFolder()): void {
  migrate(store.db, { migrationsFolder: folder })
}
