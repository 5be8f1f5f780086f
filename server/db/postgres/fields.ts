/**
 * @module FieldStore on PostgreSQL (see storage/fields.ts).
 */
import type { FieldStore } from '../storage/fields.ts'
import type { PgContext } from './context.ts'

/** The fields store over the PostgreSQL pool. */
export function postgresFields(_db: PgContext): FieldStore {
  return {}
}
