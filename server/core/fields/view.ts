/**
 * @module Reading fields: the rows of an app in position order, lookup by id or name, and
 * the `Field` the API shows.
 */
import { and, asc, eq, or } from 'drizzle-orm'
import type { AppContext } from '../../context.ts'
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core'
import type * as schema from '../../db/sqlite/schema.ts'
import { fields } from '../../db/sqlite/schema.ts'
import { notFound } from '../errors.ts'
import type { FieldType } from '../limits.ts'

export type FieldRow = typeof fields.$inferSelect

/** The database or a transaction on it, so reads can share a write's transaction. */
export type Queryable = BaseSQLiteDatabase<'sync', void, typeof schema>

export interface Field {
  id: string
  name: string
  type: FieldType
  label: string
  required: boolean
  options: string[] | null
  position: number
  autoCreated: boolean
  createdAt: string
  updatedAt: string
}

/** The API view of a stored field. */
export function toField(row: FieldRow): Field {
  return {
    id: row.id,
    name: row.name,
    type: row.type as FieldType,
    label: row.label,
    required: row.required,
    options: row.options === null ? null : (JSON.parse(row.options) as string[]),
    position: row.position,
    autoCreated: row.autoCreated,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  }
}

/** An app's field rows in position order (no ownership check: for callers that did one). */
export async function fieldRowsOf(ctx: AppContext, appId: string): Promise<FieldRow[]> {
  return fieldRowsOfSync(ctx.store.db, appId)
}

/** `fieldRowsOf` inside a synchronous SQLite write transaction (`db` is the transaction). */
export function fieldRowsOfSync(db: Queryable, appId: string): FieldRow[] {
  return db.select().from(fields).where(eq(fields.appId, appId)).orderBy(asc(fields.position), asc(fields.id)).all()
}

/**
 * The field of `appId` whose id or name is `ref`; 404 otherwise. Ids are tried first, so a
 * field can always be reached even if another one is named like its id.
 */
export async function findFieldRow(ctx: AppContext, appId: string, ref: string): Promise<FieldRow> {
  return findFieldRowSync(ctx.store.db, appId, ref)
}

/** `findFieldRow` inside a synchronous write transaction (`db` is the transaction). */
export function findFieldRowSync(db: Queryable, appId: string, ref: string): FieldRow {
  const matches = db
    .select()
    .from(fields)
    .where(and(eq(fields.appId, appId), or(eq(fields.id, ref), eq(fields.name, ref))))
    .all()
  const row = matches.find((field) => field.id === ref) ?? matches[0]
  if (!row) throw notFound(`Field ${JSON.stringify(ref)}`)
  return row
}
