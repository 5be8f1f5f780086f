/**
 * @module Field order: positions are always 0…n-1 with no gaps, whether fields are
 * removed, moved one at a time or reordered all at once.
 */
import type { AppContext } from '../context.ts'
import { parseInput } from '../../contract/apps/input.ts'
import { requireApp } from '../apps/member-app.ts'
import { notFound, validationError, type Problem } from '../../contract/errors.ts'
import { reorderFieldsSchema, type ReorderFieldsInput } from '../../contract/fields/schemas.ts'
import { toField, type Field, type FieldRow } from './view.ts'
import { conditionedOf, conditionProblems } from './show-if-rules.ts'
import { brokenPageConditions, layoutPages } from './page-rules.ts'

const listIds = (ids: string[]): string => ids.map((id) => JSON.stringify(id)).join(', ')

/** What is wrong with `ids` as a new order of `rows`: missing, unknown and repeated ids. */
function orderProblems(rows: readonly FieldRow[], ids: readonly string[]): Problem[] {
  const known = new Map(rows.map((row) => [row.id, row]))
  const given = new Set(ids)
  const missing = rows.filter((row) => !given.has(row.id)).map((row) => `${JSON.stringify(row.id)} (${row.name})`)
  const unknown = [...given].filter((id) => !known.has(id))
  const repeated = [...given].filter((id) => ids.indexOf(id) !== ids.lastIndexOf(id))
  const problems: Problem[] = []
  if (missing.length > 0)
    problems.push({ path: 'ids', message: `misses ${missing.length} of the app's fields: ${missing.join(', ')}` })
  if (unknown.length > 0)
    problems.push({ path: 'ids', message: `names ids that are not fields of this app: ${listIds(unknown)}` })
  if (repeated.length > 0)
    problems.push({ path: 'ids', message: `lists these ids more than once: ${listIds(repeated)}` })
  return problems
}

/**
 * Puts all of an app's fields in the order of `ids`, which must name every field exactly once,
 * and never a field before one its condition names.
 */
export async function reorderFields(
  ctx: AppContext,
  userId: string,
  appId: string,
  input: ReorderFieldsInput,
): Promise<Field[]> {
  const { ids } = parseInput(reorderFieldsSchema, input)
  await requireApp(ctx, userId, appId)
  const pages = await layoutPages(ctx, appId)
  const reordered = await ctx.storage.fields.reorder(appId, (rows) => {
    const problems = orderProblems(rows, ids)
    if (problems.length > 0) throw validationError(problems)
    const byId = new Map(rows.map((row) => [row.id, row]))
    const after = ids.map((id) => conditionedOf(byId.get(id)!))
    const conditions = [...conditionProblems(after, null, 'ids'), ...brokenPageConditions(after, pages, 'ids')]
    if (conditions.length > 0) throw validationError(conditions)
    return ids
  })
  if (!reordered.ok) throw notFound('App')
  return reordered.fields.map(toField)
}
