/**
 * @module AppStore on SQLite (see storage/apps.ts).
 */
import type { AppStore } from '../storage/apps.ts'
import type { SqliteContext } from './context.ts'

/** The apps store over the open SQLite database. */
export function sqliteApps(_db: SqliteContext): AppStore {
  return {}
}
