/**
 * @module RecordStore on SQLite (see storage/records.ts).
 */
import type { RecordStore } from '../storage/records.ts'
import type { SqliteContext } from './context.ts'

/** The records store over the open SQLite database. */
export function sqliteRecords(_db: SqliteContext): RecordStore {
  return {}
}
