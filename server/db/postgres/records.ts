/**
 * @module RecordStore on PostgreSQL (see storage/records.ts).
 */
import type { RecordStore } from '../storage/records.ts'
import type { PgContext } from './context.ts'

/** The records store over the PostgreSQL pool. */
export function postgresRecords(_db: PgContext): RecordStore {
  return {} as RecordStore
}
