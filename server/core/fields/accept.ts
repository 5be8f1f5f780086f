/**
 * @module Accepting proposed fields. A key a stranger posts becomes a *proposed* field: stored
 * and listed for the owner, on no public form, its values unchecked. Accepting it (by name,
 * or all at once) makes it one of the app's fields: it counts against LIMITS.maxFields
 * (422 `field_limit` when the accepted fields would pass it, nothing accepted), appears on
 * the fill-in page, the snippets and `?help`, and its values are checked from then on
 * against a settled type: the owner's, or the one the stored values share (from the
 * summary aggregates, never a scan of the records).
 */
import type { AppContext } from '../context.ts'
import type { FieldAcceptance, FieldRow } from '../../db/storage/fields.ts'
import { parseInput } from '../../contract/apps/input.ts'
import { requireOwnedApp } from '../apps/owned.ts'
import { AppError, notFound } from '../../contract/errors.ts'
import { LIMITS } from '../../contract/limits.ts'
import type { FieldType } from '../../contract/fields/types/index.ts'
import type { FieldAggregate } from '../stats/aggregate.ts'
import { loadStats } from '../stats/state.ts'
import { acceptFieldsSchema, type AcceptFieldsInput } from '../../contract/fields/schemas.ts'
import { fieldNotFound, toField, type Field } from './view.ts'

/**
 * The type the stored (non-spam) values of a field share: number, boolean, text, or json
 * for arrays and objects; text when they differ; `current` when no record holds a value.
 */
export function settledType(values: FieldAggregate | undefined, current: FieldType): FieldType {
  if (!values || values.count === 0) return current
  const numbers = values.numbers?.count ?? 0
  const booleans = values.booleans ? values.booleans.true + values.booleans.false : 0
  const strings = values.strings
    ? [...values.strings.counts.values()].reduce((sum, n) => sum + n, 0) + values.strings.untracked
    : 0
  if (numbers === values.count) return 'number'
  if (booleans === values.count) return 'boolean'
  if (strings === values.count) return current === 'longtext' ? 'longtext' : 'text'
  if (numbers + booleans + strings === 0) return 'json'
  return 'text'
}

/** 422 `field_limit` for an acceptance that would give the app more than LIMITS.maxFields fields. */
const acceptLimit = (accepted: number, adding: number) =>
  new AppError(
    'field_limit',
    `This app has ${accepted} of at most ${LIMITS.maxFields} fields, so ${adding} more cannot be accepted; nothing was accepted. Remove fields you do not need, or accept fewer`,
    { limit: LIMITS.maxFields, existing: accepted, accepting: adding },
  )

/** The proposed fields `input` names (all of them with `all`); a named field that is accepted already is left as it is. */
function chosenRows(rows: FieldRow[], input: { names?: string[]; all?: true }): FieldRow[] {
  if (input.all) return rows.filter((row) => row.proposed)
  const chosen = new Map<string, FieldRow>()
  for (const ref of input.names ?? []) {
    const row = rows.find((field) => field.id === ref) ?? rows.find((field) => field.name === ref)
    if (!row) throw fieldNotFound(ref)
    if (row.proposed) chosen.set(row.id, row)
  }
  return [...chosen.values()]
}

/** Accepts proposed fields of one of `userId`'s apps; the fields accepted (in position order). */
export async function acceptFields(
  ctx: AppContext,
  userId: string,
  appId: string,
  input: AcceptFieldsInput,
): Promise<Field[]> {
  const request = parseInput(acceptFieldsSchema, input)
  await requireOwnedApp(ctx, userId, appId)
  const stats = request.type === undefined ? await loadStats(ctx, appId) : undefined
  const decide = (rows: FieldRow[]): FieldAcceptance[] => {
    const chosen = chosenRows(rows, request)
    const accepted = rows.filter((row) => !row.proposed).length
    if (accepted + chosen.length > LIMITS.maxFields) throw acceptLimit(accepted, chosen.length)
    return chosen.map((row) => ({
      id: row.id,
      type: request.type ?? settledType(stats?.kept.fields.get(row.name), row.type as FieldType),
    }))
  }
  const result = await ctx.storage.fields.accept(appId, decide, ctx.clock.now())
  if (result.ok) return result.rows.map(toField)
  throw notFound('App')
}
