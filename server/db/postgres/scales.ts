/**
 * @module ScaleStore on PostgreSQL (see storage/scales.ts).
 */
import type { ScaleStore } from '../storage/scales.ts'
import type { PgContext } from './context.ts'

/** The scales store over the PostgreSQL pool. */
export function postgresScales(_db: PgContext): ScaleStore {
  return {}
}
