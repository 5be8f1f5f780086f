/**
 * @module Scales (scoring dimensions): create, list, read, update, remove. Items and
 * levels given here replace the whole list; a full level list must tile the possible
 * score range (the incremental `items.ts` operations may leave gaps while a scale is
 * being built, and the `Scale` view lists them).
 */
import { and, eq, max as maxOf, ne, sql } from 'drizzle-orm'
import type { AppContext } from '../../context.ts'
import { scales } from '../../db/sqlite/schema.ts'
import { requireOwnedApp } from '../apps/owned.ts'
import { parseInput } from '../apps/input.ts'
import { AppError, validationError, type Problem } from '../errors.ts'
import { fieldRowsOf, type FieldRow } from '../fields/view.ts'
import { newId } from '../ids.ts'
import { ASSESSMENT } from '../limits.ts'
import { levelListProblems, rangeOf, resolveItems, type ItemInput } from './check.ts'
import { gapProblems, unreachableProblems } from './coverage.ts'
import { sortLevels, type Level, type ScaleMethod, type StoredItem } from './model.ts'
import { createScaleSchema, updateScaleSchema, type CreateScaleInput, type ScaleLevelInput, type UpdateScaleInput } from './schemas.ts'
import { findScale, scaleRecordsOf, scaleView, toScale, type Scale } from './store.ts'

type ParsedLevel = Omit<ScaleLevelInput, 'interpretation'> & { interpretation?: string }

const toLevel = (input: ParsedLevel): Level => ({
  key: input.key,
  label: input.label,
  min: input.min,
  max: input.max,
  interpretation: input.interpretation ?? '',
})

/**
 * Items and levels after a create/update, or a 422 listing every problem. Levels given in
 * the request must tile the possible range of the resulting items.
 */
function checkedParts(method: ScaleMethod, fields: FieldRow[], items: { given?: ItemInput[]; stored: StoredItem[] }, levels?: ParsedLevel[]) {
  const problems: Problem[] = []
  let storedItems = items.stored
  if (items.given) {
    const resolved = resolveItems(items.given, fields, (i) => `items.${i}`)
    problems.push(...resolved.problems)
    storedItems = resolved.items
  }
  let storedLevels: Level[] | undefined
  if (levels) {
    storedLevels = sortLevels(levels.map(toLevel))
    const listProblems = levelListProblems(levels.map(toLevel), (i) => `levels.${i}`)
    problems.push(...listProblems)
    // Gaps are judged only against a sound item list and non-overlapping levels; otherwise the messages would mislead.
    if (problems.length === 0) {
      const range = rangeOf(method, storedItems, fields)
      problems.push(...gapProblems(storedLevels, range), ...unreachableProblems(storedLevels, range))
    }
  }
  if (problems.length > 0) throw validationError(problems)
  return { items: storedItems, levels: storedLevels }
}

async function assertKeyFree(ctx: AppContext, appId: string, key: string, exceptId?: string): Promise<void> {
  const clash = ctx.store.db
    .select({ id: scales.id })
    .from(scales)
    .where(exceptId ? and(eq(scales.appId, appId), eq(scales.key, key), ne(scales.id, exceptId)) : and(eq(scales.appId, appId), eq(scales.key, key)))
    .get()
  if (clash) throw new AppError(409, 'conflict', `A scale with key "${key}" already exists in this app; choose another key`)
}

/** The scales of one of `userId`'s apps, in order. */
export async function listScales(ctx: AppContext, userId: string, appId: string): Promise<{ scales: Scale[] }> {
  await requireOwnedApp(ctx, userId, appId)
  const fields = await fieldRowsOf(ctx, appId)
  return { scales: (await scaleRecordsOf(ctx, appId)).map((record) => toScale(record, fields)) }
}

/** One scale by id or key. */
export async function getScale(ctx: AppContext, userId: string, appId: string, ref: string): Promise<Scale> {
  await requireOwnedApp(ctx, userId, appId)
  return scaleView(ctx, appId, (await findScale(ctx, appId, ref)).id)
}

/** Adds a scale at the end of the app's list. */
export async function createScale(ctx: AppContext, userId: string, appId: string, input: CreateScaleInput): Promise<Scale> {
  const parsed = parseInput(createScaleSchema, input)
  await requireOwnedApp(ctx, userId, appId)
  const count = ctx.store.db.select({ n: sql<number>`count(*)` }).from(scales).where(eq(scales.appId, appId)).get()?.n ?? 0
  if (count >= ASSESSMENT.maxScales) throw validationError([{ path: '', message: `an app can have at most ${ASSESSMENT.maxScales} scales` }])
  await assertKeyFree(ctx, appId, parsed.key)
  const fields = await fieldRowsOf(ctx, appId)
  const parts = checkedParts(parsed.method, fields, { given: parsed.items ?? [], stored: [] }, parsed.levels)
  const now = ctx.clock.now()
  const id = newId()
  const last = ctx.store.db.select({ p: maxOf(scales.position) }).from(scales).where(eq(scales.appId, appId)).get()?.p
  ctx.store.db
    .insert(scales)
    .values({
      id,
      appId,
      key: parsed.key,
      name: parsed.name,
      description: parsed.description ?? '',
      method: parsed.method,
      items: JSON.stringify(parts.items),
      levels: JSON.stringify(parts.levels ?? []),
      position: last == null ? 0 : last + 1,
      createdAt: now,
      updatedAt: now,
    })
    .run()
  ctx.changes.notify(appId, 'app')
  return scaleView(ctx, appId, id)
}

/** Changes a scale; `items`/`levels` replace the whole list, other properties left out stay. */
export async function updateScale(ctx: AppContext, userId: string, appId: string, ref: string, input: UpdateScaleInput): Promise<Scale> {
  const patch = parseInput(updateScaleSchema, input)
  await requireOwnedApp(ctx, userId, appId)
  const current = await findScale(ctx, appId, ref)
  if (patch.key !== undefined) await assertKeyFree(ctx, appId, patch.key, current.id)
  const method = patch.method ?? current.method
  const fields = await fieldRowsOf(ctx, appId)
  // Levels given here must tile the range of the resulting items; when only items or the
  // method change, the stored levels may stop fitting and the view lists the gaps instead.
  const parts = checkedParts(method, fields, { given: patch.items, stored: current.items }, patch.levels)
  ctx.store.db
    .update(scales)
    .set({
      key: patch.key,
      name: patch.name,
      description: patch.description,
      method: patch.method,
      items: patch.items ? JSON.stringify(parts.items) : undefined,
      levels: parts.levels ? JSON.stringify(parts.levels) : undefined,
      updatedAt: ctx.clock.now(),
    })
    .where(eq(scales.id, current.id))
    .run()
  ctx.changes.notify(appId, 'app')
  return scaleView(ctx, appId, current.id)
}

/** Removes a scale; its expert comments go with it (report sections naming it are skipped when rendering). */
export async function deleteScale(ctx: AppContext, userId: string, appId: string, ref: string): Promise<{ deleted: true; id: string }> {
  await requireOwnedApp(ctx, userId, appId)
  const current = await findScale(ctx, appId, ref)
  ctx.store.db.delete(scales).where(eq(scales.id, current.id)).run()
  ctx.changes.notify(appId, 'app')
  return { deleted: true, id: current.id }
}
