/**
 * @module ExpertStore on PostgreSQL (see storage/experts.ts).
 */
import type { ExpertStore } from '../storage/experts.ts'
import type { PgContext } from './context.ts'

/** The experts store over the PostgreSQL pool. */
export function postgresExperts(_db: PgContext): ExpertStore {
  return {}
}
