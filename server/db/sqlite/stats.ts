/**
 * @module StatsStore on SQLite (see storage/stats.ts).
 */
import type { StatsStore } from '../storage/stats.ts'
import type { SqliteContext } from './context.ts'

/** The stats store over the open SQLite database. */
export function sqliteStats(_db: SqliteContext): StatsStore {
  return {}
}
