/**
 * @module AuthStore on SQLite (see storage/auth.ts).
 */
import type { AuthStore } from '../storage/auth.ts'
import type { SqliteContext } from './context.ts'

/** The auth store over the open SQLite database. */
export function sqliteAuth(_db: SqliteContext): AuthStore {
  return {}
}
