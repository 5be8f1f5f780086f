/**
 * @module Reading fields: the rows of an app in position order, lookup by id or name, and
 * the `Field` the API shows.
 */
import type { Field } from '../../contract/api/fields.ts'
import type { AppContext } from '../context.ts'
import type { FieldRow } from '../../db/storage/fields.ts'
import { notFound } from '../../contract/errors.ts'
import type { FieldType } from '../../contract/fields/types/index.ts'
import { storedFileOptions } from './file-settings.ts'
import { storedTypeSettings } from './type-settings.ts'
import { storedForm } from './form-settings.ts'

export type { FieldRow }

export type { Field }

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
    proposed: row.proposed,
    ...(row.type === 'file' ? storedFileOptions(row.settings) : {}),
    ...storedTypeSettings(row.type as FieldType, row.settings),
    ...storedForm(row.form),
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  }
}

/** An app's field rows in position order (no ownership check: for callers that did one). */
export async function fieldRowsOf(ctx: AppContext, appId: string): Promise<FieldRow[]> {
  return ctx.storage.fields.list(appId)
}

/**
 * The field of `appId` whose id or name is `ref`; 404 otherwise. Ids are tried first, so a
 * field can always be reached even if another one is named like its id.
 */
export async function findFieldRow(ctx: AppContext, appId: string, ref: string): Promise<FieldRow> {
  const row = await ctx.storage.fields.find(appId, ref)
  if (!row) throw fieldNotFound(ref)
  return row
}

/** 404 for a field reference that names no field of the app. */
export const fieldNotFound = (ref: string) => notFound(`Field ${JSON.stringify(ref)}`)
