/**
 * @module FieldStore on SQLite (see storage/fields.ts).
 */
import type { FieldStore } from '../storage/fields.ts'
import type { SqliteContext } from './context.ts'

/** The fields store over the open SQLite database. */
export function sqliteFields(_db: SqliteContext): FieldStore {
  return {}
}
