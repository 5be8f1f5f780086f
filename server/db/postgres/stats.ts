/**
 * @module StatsStore on PostgreSQL (see storage/stats.ts).
 */
import type { StatsStore } from '../storage/stats.ts'
import type { PgContext } from './context.ts'

/** The stats store over the PostgreSQL pool. */
export function postgresStats(_db: PgContext): StatsStore {
  return {} as StatsStore
}
