/**
 * @module AppStore on PostgreSQL (see storage/apps.ts).
 */
import type { AppStore } from '../storage/apps.ts'
import type { PgContext } from './context.ts'

/** The apps store over the PostgreSQL pool. */
export function postgresApps(_db: PgContext): AppStore {
  return {}
}
