/**
 * @module ShareStore on SQLite (see storage/share.ts).
 */
import type { ShareStore } from '../storage/share.ts'
import type { SqliteContext } from './context.ts'

/** The share store over the open SQLite database. */
export function sqliteShare(_db: SqliteContext): ShareStore {
  return {}
}
