/**
 * @module UserStore on PostgreSQL (see storage/users.ts).
 */
import type { UserStore } from '../storage/users.ts'
import type { PgContext } from './context.ts'

/** The users store over the PostgreSQL pool. */
export function postgresUsers(_db: PgContext): UserStore {
  return {}
}
