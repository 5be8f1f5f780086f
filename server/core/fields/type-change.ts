/**
 * @module The guard on changing a field's type once the public is sending records: stored
 * records keep the values they were sent with (nothing is converted), so on a published
 * app whose records hold values in the field the change needs `force: true`. The count
 * comes from the aggregates kept at insert (server/core/stats), never from a scan of the
 * records.
 */
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context.ts'
import { endpoints } from '../../db/sqlite/schema.ts'
import { AppError } from '../errors.ts'
import type { FieldType } from '../limits.ts'
import type { Queryable } from './view.ts'

/**
 * Records (spam included) whose data holds a value (not absent, null or "") under `name`.
 * Synchronous: it runs inside updateField's write transaction (through the guard below),
 * from the aggregates updateField brought up to date just before (`loadStats`).
 */
export function recordsWithValue(ctx: AppContext, appId: string, name: string): number {
  const state = ctx.stats.cached(appId)
  if (!state) return 0
  return (state.kept.fields.get(name)?.count ?? 0) + (state.spam.fields.get(name)?.count ?? 0)
}

/** The 409 of a type change that would leave `records` records holding values of the old type. */
export function typeChangeConflict(name: string, from: FieldType, to: FieldType, records: number): AppError {
  const holding = records === 1 ? '1 record holds a value' : `${records} records hold values`
  return new AppError(
    409,
    'conflict',
    `Field ${JSON.stringify(name)} is on a published app and ${holding} sent as ${from}; changing its type to ${to} does not convert them ` +
      `(stored records keep what they were sent, so old and new values would mix). To change it anyway, send "force": true ` +
      `(svc-cli field update … --type ${to} --force)`,
    { field: name, from, to, records, force: 'send "force": true to change the type anyway' },
  )
}

/**
 * Throws the 409 when changing `name` from `from` to `to` on `appId` needs `force`: the app
 * is published and its records hold values in the field. Unpublished apps, fields without
 * stored values and unchanged types pass. Synchronous: `db` is updateField's transaction.
 */
export function assertTypeChangeAllowed(
  ctx: AppContext,
  db: Queryable,
  change: { appId: string; name: string; from: FieldType; to: FieldType; force: boolean },
): void {
  if (change.force || change.from === change.to) return
  const endpoint = db.select({ published: endpoints.published }).from(endpoints).where(eq(endpoints.appId, change.appId)).get()
  if (!endpoint?.published) return
  const records = recordsWithValue(ctx, change.appId, change.name)
  if (records > 0) throw typeChangeConflict(change.name, change.from, change.to, records)
}
