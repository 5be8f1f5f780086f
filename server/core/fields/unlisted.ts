/**
 * @module Unlisted keys: keys strangers' records hold that became no field because the
 * proposal budgets were spent (storage/field-tally.ts). They stay in the records (read back,
 * exported) but are on no public surface. The owner sees the catalogue (bounded per app by
 * LIMITS.maxUnlistedKeys) with how many records hold each key, from the summary aggregates,
 * and adopts a key as a field: the aggregates are recounted from the records first (a
 * streamed read bounded by bytes, core/stats/state.ts `rebuildStats`), and the type settles
 * on the one the stored values share, as for an accepted proposal.
 */
import type { UnlistedKey } from '../../contract/api/fields.ts'
import type { AppContext } from '../context.ts'
import type { FieldRow } from '../../db/storage/fields.ts'
import type { FieldType } from '../../contract/fields/types/index.ts'
import { AppError, notFound } from '../../contract/errors.ts'
import { LIMITS } from '../../contract/limits.ts'
import { newId } from '../ids.ts'
import { loadStats, rebuildStats } from '../stats/state.ts'
import { settledType } from './settled-type.ts'

/** The catalogued unlisted keys of `appId` that are still no field, oldest first (no ownership check). */
export async function unlistedKeysOf(
  ctx: AppContext,
  appId: string,
  rows: readonly FieldRow[],
): Promise<UnlistedKey[]> {
  const catalogue = await ctx.storage.unlisted.list(appId)
  if (catalogue.length === 0) return []
  const fieldNames = new Set(rows.map((row) => row.name))
  const stats = await loadStats(ctx, appId)
  return catalogue
    .filter((key) => !fieldNames.has(key.name))
    .map((key) => ({
      name: key.name,
      count: stats?.kept.fields.get(key.name)?.count ?? 0,
      firstSeen: new Date(key.firstSeen).toISOString(),
      lastSeen: new Date(key.lastSeen).toISOString(),
    }))
}

/**
 * Of `names` naming no field, the ones records hold as far as the app knows (catalogued, or
 * still counted by the aggregates, as a removed field's key); the rest are unknown. A key
 * past the catalogue is counted nowhere (stats/counted.ts): the owner adds it as a field.
 */
export async function splitUnlisted(
  ctx: AppContext,
  appId: string,
  names: readonly string[],
): Promise<{ unlisted: string[]; unknown: string[] }> {
  if (names.length === 0) return { unlisted: [], unknown: [] }
  const catalogued = new Set((await ctx.storage.unlisted.list(appId)).map((key) => key.name))
  const stats = await loadStats(ctx, appId)
  const held = (name: string) =>
    catalogued.has(name) || stats?.kept.fields.has(name) === true || stats?.spam.fields.has(name) === true
  return { unlisted: names.filter(held), unknown: names.filter((name) => !held(name)) }
}

/**
 * After the owner adds the field `name`: when the aggregates turned values away (keys past
 * the catalogue) and count nothing under `name`, its records may hold it uncounted, so they
 * are recounted (bounded, streamed) and the summary covers every record from the start.
 */
export async function recountForNewField(ctx: AppContext, appId: string, name: string): Promise<void> {
  const stats = await loadStats(ctx, appId)
  if (!stats || stats.kept.otherKeys + stats.spam.otherKeys === 0) return
  if (!stats.kept.fields.has(name) && !stats.spam.fields.has(name)) await rebuildStats(ctx, appId)
}

/** 422 `field_limit` for an acceptance that would give the app more than LIMITS.maxFields fields. */
export const acceptLimit = (accepted: number, adding: number) =>
  new AppError(
    'field_limit',
    `This app has ${accepted} of at most ${LIMITS.maxFields} fields, so ${adding} more cannot be accepted; nothing was accepted. Remove fields you do not need, or accept fewer`,
    { limit: LIMITS.maxFields, existing: accepted, accepting: adding },
  )

/**
 * Makes the unlisted keys `names` accepted fields at the end of the form, each typed `type`
 * or by the values the records hold after a recount; the rows made. Refuses (nothing made)
 * when the app's accepted fields would pass LIMITS.maxFields counting `alsoAccepting` more.
 */
export async function acceptUnlisted(
  ctx: AppContext,
  appId: string,
  names: readonly string[],
  type: FieldType | undefined,
  alsoAccepting: number,
): Promise<FieldRow[]> {
  if (names.length === 0) return []
  const current = await ctx.storage.fields.list(appId)
  const accepted = current.filter((row) => !row.proposed).length
  if (accepted + alsoAccepting + names.length > LIMITS.maxFields)
    throw acceptLimit(accepted, alsoAccepting + names.length)
  if (type === undefined) await rebuildStats(ctx, appId)
  const stats = type === undefined ? await loadStats(ctx, appId) : undefined
  const made: FieldRow[] = []
  for (const name of names) {
    const now = ctx.clock.now()
    const added = await ctx.storage.fields.add(appId, ({ fields }) => {
      if (fields.filter((row) => !row.proposed).length >= LIMITS.maxFields)
        throw acceptLimit(LIMITS.maxFields, names.length - made.length)
      return {
        id: newId(),
        appId,
        name,
        type: type ?? settledType(stats?.kept.fields.get(name), 'text'),
        label: '',
        required: false,
        options: null,
        settings: null,
        form: null,
        autoCreated: false,
        createdAt: now,
        updatedAt: now,
      }
    })
    if (!added.ok && added.reason === 'no_app') throw notFound('App')
    // A name taken meanwhile (the owner's own post made it a field) is accepted already.
    if (added.ok) made.push(added.row)
  }
  await ctx.storage.unlisted.forget(appId, names)
  return made
}
