/**
 * @module SmartStore on PostgreSQL (see storage/smart.ts).
 */
import type { SmartStore } from '../storage/smart.ts'
import type { PgContext } from './context.ts'

/** The smart store over the PostgreSQL pool. */
export function postgresSmart(_db: PgContext): SmartStore {
  return {}
}
