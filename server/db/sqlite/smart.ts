/**
 * @module SmartStore on SQLite (see storage/smart.ts).
 */
import type { SmartStore } from '../storage/smart.ts'
import type { SqliteContext } from './context.ts'

/** The smart store over the open SQLite database. */
export function sqliteSmart(_db: SqliteContext): SmartStore {
  return {}
}
