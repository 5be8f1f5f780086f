/**
 * @module ReportStore on PostgreSQL (see storage/reports.ts).
 */
import type { ReportStore } from '../storage/reports.ts'
import type { PgContext } from './context.ts'

/** The reports store over the PostgreSQL pool. */
export function postgresReports(_db: PgContext): ReportStore {
  return {}
}
