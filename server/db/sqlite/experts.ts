/**
 * @module ExpertStore on SQLite (see storage/experts.ts).
 */
import type { ExpertStore } from '../storage/experts.ts'
import type { SqliteContext } from './context.ts'

/** The experts store over the open SQLite database. */
export function sqliteExperts(_db: SqliteContext): ExpertStore {
  return {}
}
