/**
 * @module Applies drizzle-kit's migrations from drizzle/sqlite/ at start-up (≈ 3 ms when current).
 */
import { fileURLToPath } from 'node:url'
import { migrate } from 'drizzle-orm/bun-sqlite/migrator'
import { embeddedPath } from '../../embedded.ts'
import type { Store } from './connection.ts'
import { appliedTags } from '../migration-tags.ts'

/** drizzle/sqlite/ of the checkout (Bun writes this file's URL into the server bundle). */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle/sqlite', import.meta.url))

/** The migrations this svc applies: the executable's embedded copy there, else the checkout's. */
export const migrationsFolder = (): string => embeddedPath('drizzle/sqlite') ?? MIGRATIONS_FOLDER

/** How many migrations the database records as applied (none before the first start). */
function recorded(store: Store): number {
  const table = store.sqlite
    .query<{ n: number }, []>(
      "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'",
    )
    .get()
  if (!table?.n) return 0
  return store.sqlite.query<{ n: number }, []>('SELECT count(*) AS n FROM __drizzle_migrations').get()?.n ?? 0
}

/** Brings the schema up to date; safe to call on every start. Returns the tags of the migrations it applied. */
export function migrateStore(store: Store, folder = migrationsFolder()): string[] {
  const before = recorded(store)
  migrate(store.db, { migrationsFolder: folder })
  return appliedTags(folder, before, recorded(store))
}
