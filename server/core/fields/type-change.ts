/**
 * @module The guard on changing a field's type once the public is sending records: stored
 * records keep the values they were sent with (nothing is converted), so on a published
 * app whose records hold values in the field the change needs `force: true`. The count
 * comes from the aggregates kept at insert (server/core/stats), never from a scan of the
 * records.
 */
import type { AppContext } from '../context.ts'
import { AppError } from '../../contract/errors.ts'
import type { FieldType } from '../../contract/fields/types/index.ts'
import { loadStats } from '../stats/state.ts'

/** Records (spam included) whose data holds a value (not absent, null or "") under `name`. */
export async function recordsWithValue(ctx: AppContext, appId: string, name: string): Promise<number> {
  const state = await loadStats(ctx, appId)
  if (!state) return 0
  return (state.kept.fields.get(name)?.count ?? 0) + (state.spam.fields.get(name)?.count ?? 0)
}

/** The 409 of a type change that would leave `records` records holding values of the old type. */
export function typeChangeConflict(name: string, from: FieldType, to: FieldType, records: number): AppError {
  const holding = records === 1 ? '1 record holds a value' : `${records} records hold values`
  return new AppError(
    'conflict',
    `Field ${JSON.stringify(name)} is on a published app and ${holding} sent as ${from}; changing its type to ${to} does not convert them ` +
      `(stored records keep what they were sent, so old and new values would mix). To change it anyway, send "force": true ` +
      `(svc-cli field update … --type ${to} --force)`,
    { field: name, from, to, records, force: 'send "force": true to change the type anyway' },
  )
}

/**
 * Throws the 409 when changing `name` from `from` to `to` needs `force`: the app is
 * `published` and `records` of its records hold values in the field. Unpublished apps,
 * fields without stored values and unchanged types pass. Pure: it runs inside the field
 * change's transaction, given what was read there (and the count, read before).
 */
export function assertTypeChangeAllowed(change: {
  name: string
  from: FieldType
  to: FieldType
  force: boolean
  published: boolean
  records: number
}): void {
  if (change.force || change.from === change.to || !change.published) return
  if (change.records > 0) throw typeChangeConflict(change.name, change.from, change.to, change.records)
}
