/**
 * @module ReportStore on SQLite (see storage/reports.ts).
 */
import type { ReportStore } from '../storage/reports.ts'
import type { SqliteContext } from './context.ts'

/** The reports store over the open SQLite database. */
export function sqliteReports(_db: SqliteContext): ReportStore {
  return {}
}
