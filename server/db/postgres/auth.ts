/**
 * @module AuthStore on PostgreSQL (see storage/auth.ts).
 */
import type { AuthStore } from '../storage/auth.ts'
import type { PgContext } from './context.ts'

/** The auth store over the PostgreSQL pool. */
export function postgresAuth(_db: PgContext): AuthStore {
  return {}
}
