/**
 * @module ShareStore on PostgreSQL (see storage/share.ts).
 */
import type { ShareStore } from '../storage/share.ts'
import type { PgContext } from './context.ts'

/** The share store over the PostgreSQL pool. */
export function postgresShare(_db: PgContext): ShareStore {
  return {}
}
