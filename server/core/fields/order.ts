/**
 * @module Field order: positions are always 0…n-1 with no gaps, whether fields are
 * removed, moved one at a time or reordered all at once.
 */
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context.ts'
import { fields } from '../../db/sqlite/schema.ts'
import { parseInput } from '../apps/input.ts'
import { requireOwnedApp } from '../apps/owned.ts'
import { validationError, type Problem } from '../errors.ts'
import { reorderFieldsSchema, type ReorderFieldsInput } from './schemas.ts'
import { fieldRowsOfSync, toField, type Field, type FieldRow, type Queryable } from './view.ts'

/** Stores `ordered`'s index as each field's position, writing only the rows that moved (inside the caller's write transaction). */
export function renumber(db: Queryable, ordered: readonly FieldRow[]): void {
  ordered.forEach((field, index) => {
    if (field.position !== index) db.update(fields).set({ position: index }).where(eq(fields.id, field.id)).run()
  })
}

const listIds = (ids: string[]): string => ids.map((id) => JSON.stringify(id)).join(', ')

/** What is wrong with `ids` as a new order of `rows`: missing, unknown and repeated ids. */
function orderProblems(rows: readonly FieldRow[], ids: readonly string[]): Problem[] {
  const known = new Map(rows.map((row) => [row.id, row]))
  const given = new Set(ids)
  const missing = rows.filter((row) => !given.has(row.id)).map((row) => `${JSON.stringify(row.id)} (${row.name})`)
  const unknown = [...given].filter((id) => !known.has(id))
  const repeated = [...given].filter((id) => ids.indexOf(id) !== ids.lastIndexOf(id))
  const problems: Problem[] = []
  if (missing.length > 0) problems.push({ path: 'ids', message: `misses ${missing.length} of the app's fields: ${missing.join(', ')}` })
  if (unknown.length > 0) problems.push({ path: 'ids', message: `names ids that are not fields of this app: ${listIds(unknown)}` })
  if (repeated.length > 0) problems.push({ path: 'ids', message: `lists these ids more than once: ${listIds(repeated)}` })
  return problems
}

/** Puts all of an app's fields in the order of `ids`, which must name every field exactly once. */
export async function reorderFields(ctx: AppContext, userId: string, appId: string, input: ReorderFieldsInput): Promise<Field[]> {
  const { ids } = parseInput(reorderFieldsSchema, input)
  await requireOwnedApp(ctx, userId, appId)
  const rows = ctx.store.db.transaction(
    (tx) => {
      const rows = fieldRowsOfSync(tx, appId)
      const problems = orderProblems(rows, ids)
      if (problems.length > 0) throw validationError(problems)
      const byId = new Map(rows.map((row) => [row.id, row]))
      renumber(tx, ids.map((id) => byId.get(id)!))
      return fieldRowsOfSync(tx, appId)
    },
    { behavior: 'immediate' },
  )
  ctx.changes.notify(appId, 'fields')
  return rows.map(toField)
}
