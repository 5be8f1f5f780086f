/**
 * @module Accepting proposed fields and unlisted keys. A key a stranger posts becomes a
 * *proposed* field (within the proposal budgets) or an *unlisted key* (past them): stored
 * and listed for the owner, on no public form, its values unchecked. Accepting it (by name,
 * or every proposal at once) makes it one of the app's fields: it counts against
 * LIMITS.maxFields (422 `field_limit` when the accepted fields would pass it, nothing
 * accepted), appears on the fill-in page, the snippets and `?help`, and its values are
 * checked from then on against a settled type: the owner's, or the one the stored values
 * share (from the summary aggregates; recounted first for unlisted keys, unlisted.ts).
 */
import type { AppContext } from '../context.ts'
import type { FieldAcceptance, FieldRow } from '../../db/storage/fields.ts'
import { parseInput } from '../../contract/apps/input.ts'
import { requireApp } from '../apps/member-app.ts'
import { notFound } from '../../contract/errors.ts'
import { LIMITS } from '../../contract/limits.ts'
import type { FieldType } from '../../contract/fields/types/index.ts'
import { loadStats } from '../stats/state.ts'
import { acceptFieldsSchema, type AcceptFieldsInput } from '../../contract/fields/schemas.ts'
import { settledType } from './settled-type.ts'
import { acceptLimit, acceptUnlisted, splitUnlisted } from './unlisted.ts'
import { fieldNotFound, toField, type Field } from './view.ts'

export { settledType }

const matchRow = (rows: readonly FieldRow[], ref: string) =>
  rows.find((field) => field.id === ref) ?? rows.find((field) => field.name === ref)

/** The proposed fields `input` names (all of them with `all`); a named field that is accepted already is left as it is. */
function chosenRows(
  rows: FieldRow[],
  input: { names?: string[]; all?: true },
  unlisted: ReadonlySet<string>,
): FieldRow[] {
  if (input.all) return rows.filter((row) => row.proposed)
  const chosen = new Map<string, FieldRow>()
  for (const ref of input.names ?? []) {
    const row = matchRow(rows, ref)
    if (!row) {
      if (unlisted.has(ref)) continue
      throw fieldNotFound(ref)
    }
    if (row.proposed) chosen.set(row.id, row)
  }
  return [...chosen.values()]
}

/** Accepts proposed fields and unlisted keys of one of `userId`'s apps; the fields accepted (in position order). */
export async function acceptFields(
  ctx: AppContext,
  userId: string,
  appId: string,
  input: AcceptFieldsInput,
): Promise<Field[]> {
  const request = parseInput(acceptFieldsSchema, input)
  await requireApp(ctx, userId, appId)
  const before = await ctx.storage.fields.list(appId)
  const { unlisted, unknown } = await splitUnlisted(
    ctx,
    appId,
    [...new Set(request.names ?? [])].filter((ref) => !matchRow(before, ref)),
  )
  if (unknown.length > 0) throw fieldNotFound(unknown[0])
  const proposals = chosenRows(before, request, new Set(unlisted)).length
  const made = await acceptUnlisted(ctx, appId, unlisted, request.type, proposals)
  const stats = request.type === undefined ? await loadStats(ctx, appId) : undefined
  const decide = (rows: FieldRow[]): FieldAcceptance[] => {
    const chosen = chosenRows(rows, request, new Set(unlisted))
    const accepted = rows.filter((row) => !row.proposed).length
    if (accepted + chosen.length > LIMITS.maxFields) throw acceptLimit(accepted, chosen.length)
    return chosen.map((row) => ({
      id: row.id,
      type: request.type ?? settledType(stats?.kept.fields.get(row.name), row.type as FieldType),
    }))
  }
  const result = await ctx.storage.fields.accept(appId, decide, ctx.clock.now())
  if (!result.ok) throw notFound('App')
  return [...result.rows, ...made].sort((a, b) => a.position - b.position).map(toField)
}
