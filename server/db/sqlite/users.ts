/**
 * @module UserStore on SQLite (see storage/users.ts).
 */
import type { UserStore } from '../storage/users.ts'
import type { SqliteContext } from './context.ts'

/** The users store over the open SQLite database. */
export function sqliteUsers(_db: SqliteContext): UserStore {
  return {}
}
