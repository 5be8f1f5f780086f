/**
 * @module Scales (scoring dimensions): create, list, read, update, remove. Items and
 * levels given here replace the whole list; a full level list must tile the possible
 * score range (the incremental `items.ts` operations may leave gaps while a scale is
 * being built, and the `Scale` view lists them).
 */
import type { AppContext } from '../context.ts'
import type { ScaleWrite } from '../../db/storage/scales.ts'
import { requireApp } from '../apps/member-app.ts'
import { parseInput } from '../../contract/apps/input.ts'
import { AppError, notFound, validationError, type Problem } from '../../contract/errors.ts'
import { fieldRowsOf, type FieldRow } from '../fields/view.ts'
import { newId } from '../ids.ts'
import { ASSESSMENT } from '../../contract/limits.ts'
import { levelListProblems, rangeOf, resolveItems, type ItemInput } from './check.ts'
import { gapProblems, unreachableProblems } from '../../contract/scales/coverage.ts'
import { sortLevels, type Level, type ScaleMethod, type StoredItem } from '../../contract/scales/model.ts'
import {
  createScaleSchema,
  updateScaleSchema,
  type CreateScaleInput,
  type ScaleLevelInput,
  type UpdateScaleInput,
} from '../../contract/scales/schemas.ts'
import { findScale, scaleGone, scaleRecordsOf, toRecord, toScale, type Scale } from './store.ts'

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
function checkedParts(
  method: ScaleMethod,
  fields: FieldRow[],
  items: { given?: ItemInput[]; stored: StoredItem[] },
  levels?: ParsedLevel[],
) {
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

/** 422 for a scale past the app's limit. */
const scaleLimit = () =>
  validationError([{ path: '', message: `an app can have at most ${ASSESSMENT.maxScales} scales` }])

/** The error for a refused scale write. */
export function scaleRefusal(
  refusal: Exclude<ScaleWrite, { ok: true }>,
  key: string | undefined,
  ref: string,
): AppError {
  switch (refusal.reason) {
    case 'key_taken':
      return new AppError('conflict', `A scale with key "${key}" already exists in this app; choose another key`)
    case 'not_found':
      return scaleGone(ref)
  }
}

/** The scales of one of `userId`'s apps, in order. */
export async function listScales(ctx: AppContext, userId: string, appId: string): Promise<{ scales: Scale[] }> {
  await requireApp(ctx, userId, appId)
  const fields = await fieldRowsOf(ctx, appId)
  return { scales: (await scaleRecordsOf(ctx, appId)).map((record) => toScale(record, fields)) }
}

/** One scale by id or key. */
export async function getScale(ctx: AppContext, userId: string, appId: string, ref: string): Promise<Scale> {
  await requireApp(ctx, userId, appId)
  return toScale(await findScale(ctx, appId, ref), await fieldRowsOf(ctx, appId))
}

/** Adds a scale at the end of the app's list. */
export async function createScale(
  ctx: AppContext,
  userId: string,
  appId: string,
  input: CreateScaleInput,
): Promise<Scale> {
  const parsed = parseInput(createScaleSchema, input)
  await requireApp(ctx, userId, appId)
  const fields = await fieldRowsOf(ctx, appId)
  const parts = checkedParts(parsed.method, fields, { given: parsed.items ?? [], stored: [] }, parsed.levels)
  const created = await ctx.storage.scales.create(
    {
      id: newId(),
      appId,
      key: parsed.key,
      name: parsed.name,
      description: parsed.description ?? '',
      method: parsed.method,
      items: JSON.stringify(parts.items),
      levels: JSON.stringify(parts.levels ?? []),
      createdAt: ctx.clock.now(),
    },
    (scales) => {
      if (scales >= ASSESSMENT.maxScales) throw scaleLimit()
    },
  )
  if (!created.ok)
    throw created.reason === 'not_found' ? notFound('App') : scaleRefusal(created, parsed.key, parsed.key)
  return toScale(toRecord(created.row), fields)
}

/** Changes a scale; `items`/`levels` replace the whole list, other properties left out stay. */
export async function updateScale(
  ctx: AppContext,
  userId: string,
  appId: string,
  ref: string,
  input: UpdateScaleInput,
): Promise<Scale> {
  const patch = parseInput(updateScaleSchema, input)
  await requireApp(ctx, userId, appId)
  const { id } = await findScale(ctx, appId, ref)
  const fields = await fieldRowsOf(ctx, appId)
  const updated = await ctx.storage.scales.update(appId, id, (row) => {
    const current = toRecord(row)
    // Levels given here must tile the range of the resulting items; when only items or the
    // method change, the stored levels may stop fitting and the view lists the gaps instead.
    const parts = checkedParts(
      patch.method ?? current.method,
      fields,
      { given: patch.items, stored: current.items },
      patch.levels,
    )
    return {
      key: patch.key,
      name: patch.name,
      description: patch.description,
      method: patch.method,
      items: patch.items ? JSON.stringify(parts.items) : undefined,
      levels: parts.levels ? JSON.stringify(parts.levels) : undefined,
      updatedAt: ctx.clock.now(),
    }
  })
  if (!updated.ok) throw scaleRefusal(updated, patch.key, ref)
  return toScale(toRecord(updated.row), fields)
}

/** Removes a scale; its expert comments go with it (report sections naming it are skipped when rendering). */
export async function deleteScale(
  ctx: AppContext,
  userId: string,
  appId: string,
  ref: string,
): Promise<{ deleted: true; id: string }> {
  await requireApp(ctx, userId, appId)
  const current = await findScale(ctx, appId, ref)
  if (!(await ctx.storage.scales.remove(appId, current.id))) throw scaleGone(ref)
  return { deleted: true, id: current.id }
}
