/**
 * @module ScaleStore on SQLite (see storage/scales.ts).
 */
import type { ScaleStore } from '../storage/scales.ts'
import type { SqliteContext } from './context.ts'

/** The scales store over the open SQLite database. */
export function sqliteScales(_db: SqliteContext): ScaleStore {
  return {}
}
