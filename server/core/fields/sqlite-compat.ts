/**
 * @module Temporary (issue 15): the synchronous SQLite field read that code of other modules
 * still calls inside SQLite write transactions (records/delete.ts takes `Queryable`,
 * scoring/definition.ts `fieldRowsOfSync`). Fields themselves go through `ctx.storage.fields`.
 * Delete this file once nothing imports it.
 */
import { asc, eq } from 'drizzle-orm'
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core'
import type * as schema from '../../db/sqlite/schema.ts'
import { fields } from '../../db/sqlite/schema.ts'
import type { FieldRow } from '../../db/storage/fields.ts'

/** The SQLite database or a transaction on it. */
export type Queryable = BaseSQLiteDatabase<'sync', void, typeof schema>

/** An app's field rows in position order, read inside a synchronous SQLite transaction. */
export function fieldRowsOfSync(db: Queryable, appId: string): FieldRow[] {
  return db.select().from(fields).where(eq(fields.appId, appId)).orderBy(asc(fields.position), asc(fields.id)).all()
}
