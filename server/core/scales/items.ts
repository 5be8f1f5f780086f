/**
 * @module Building a scale step by step: add or remove one item, set or remove one level.
 * Overlapping levels and bad items are refused; gaps are allowed while the scale is being
 * built and are listed in the `Scale` view until the levels tile the range. Each change is
 * made to the scale as stored at that moment (the storage holds it meanwhile), so two
 * changes at once never lose one another.
 */
import type { AppContext } from '../context.ts'
import type { ScalePatch, ScaleRow } from '../../db/storage/scales.ts'
import { parseInput } from '../../contract/apps/input.ts'
import { requireApp } from '../apps/member-app.ts'
import { AppError, notFound, validationError } from '../../contract/errors.ts'
import { fieldRowsOf, type FieldRow } from '../fields/view.ts'
import { ASSESSMENT } from '../../contract/limits.ts'
import { levelListProblems, resolveItems } from './check.ts'
import { sortLevels, type Level, type StoredItem } from '../../contract/scales/model.ts'
import {
  scaleItemSchema,
  scaleKeySchema,
  setLevelSchema,
  type ScaleItemInput,
  type SetLevelInput,
} from '../../contract/scales/schemas.ts'
import { scaleRefusal } from './scales.ts'
import { findScale, toRecord, toScale, type Scale, type ScaleRecord } from './store.ts'

/**
 * Applies `change` (pure: it gets the scale as stored now and throws to refuse) to scale
 * `ref` of one of `userId`'s apps, and returns the scale's view.
 */
async function changeScale(
  ctx: AppContext,
  userId: string,
  appId: string,
  ref: string,
  change: (
    scale: ScaleRecord,
    fields: readonly FieldRow[],
  ) => { items?: StoredItem[]; levels?: Level[]; dropComments?: string[] },
): Promise<Scale> {
  await requireApp(ctx, userId, appId)
  const { id } = await findScale(ctx, appId, ref)
  const fields = await fieldRowsOf(ctx, appId)
  const updated = await ctx.storage.scales.update(appId, id, (row: ScaleRow): ScalePatch => {
    const next = change(toRecord(row), fields)
    return {
      items: next.items === undefined ? undefined : JSON.stringify(next.items),
      levels: next.levels === undefined ? undefined : JSON.stringify(sortLevels(next.levels)),
      dropComments: next.dropComments,
      updatedAt: ctx.clock.now(),
    }
  })
  if (!updated.ok) throw scaleRefusal(updated, undefined, ref)
  return toScale(toRecord(updated.row), fields)
}

/** Adds one item; a field can be an item of a scale once (409 otherwise). */
export async function addScaleItem(
  ctx: AppContext,
  userId: string,
  appId: string,
  ref: string,
  input: ScaleItemInput,
): Promise<Scale> {
  const parsed = parseInput(scaleItemSchema, input)
  return changeScale(ctx, userId, appId, ref, (scale, fields) => {
    const { items, problems } = resolveItems([parsed], fields, () => 'item')
    if (problems.length > 0) throw validationError(problems)
    const item = items[0]
    if (scale.items.some((existing) => existing.fieldId === item.fieldId)) {
      throw new AppError(
        'conflict',
        `Field "${parsed.field}" is already an item of scale "${scale.key}"; remove it first to change it`,
      )
    }
    if (scale.items.length >= ASSESSMENT.maxItemsPerScale)
      throw validationError([{ path: '', message: `a scale can have at most ${ASSESSMENT.maxItemsPerScale} items` }])
    return { items: [...scale.items, item] }
  })
}

/** Removes the item of field `fieldRef` (id or name; an item whose field was deleted is named by the field id). */
export async function removeScaleItem(
  ctx: AppContext,
  userId: string,
  appId: string,
  ref: string,
  fieldRef: string,
): Promise<Scale> {
  return changeScale(ctx, userId, appId, ref, (scale, fields) => {
    const byName = fields.find((field) => field.name === fieldRef)
    const index = scale.items.findIndex((item) => item.fieldId === fieldRef || item.fieldId === byName?.id)
    if (index < 0) throw notFound(`Item for field ${JSON.stringify(fieldRef)} in scale "${scale.key}"`)
    return { items: scale.items.filter((_, i) => i !== index) }
  })
}

const NEW_LEVEL_NEEDS = {
  label: 'is required for a new level',
  min: 'is required for a new level (null for no lower bound)',
  max: 'is required for a new level (null for no upper bound)',
} as const

/** Adds level `key` or changes it (properties left out keep their value); overlaps are refused. */
export async function setScaleLevel(
  ctx: AppContext,
  userId: string,
  appId: string,
  ref: string,
  key: string,
  input: SetLevelInput,
): Promise<Scale> {
  const parsed = parseInput(setLevelSchema, input)
  const keyCheck = scaleKeySchema.safeParse(key)
  if (!keyCheck.success) throw validationError([{ path: 'key', message: keyCheck.error.issues[0].message }])
  return changeScale(ctx, userId, appId, ref, (scale) => {
    const existing = scale.levels.find((level) => level.key === key)
    if (!existing) {
      const missing = (Object.keys(NEW_LEVEL_NEEDS) as Array<keyof typeof NEW_LEVEL_NEEDS>).filter(
        (name) => parsed[name] === undefined,
      )
      if (missing.length > 0)
        throw validationError(missing.map((name) => ({ path: name, message: NEW_LEVEL_NEEDS[name] })))
      if (scale.levels.length >= ASSESSMENT.maxLevelsPerScale)
        throw validationError([
          { path: '', message: `a scale can have at most ${ASSESSMENT.maxLevelsPerScale} levels` },
        ])
    }
    const level: Level = {
      key,
      label: parsed.label ?? existing!.label,
      min: parsed.min === undefined ? existing!.min : parsed.min,
      max: parsed.max === undefined ? existing!.max : parsed.max,
      interpretation: parsed.interpretation ?? existing?.interpretation ?? '',
    }
    const levels = existing ? scale.levels.map((l) => (l.key === key ? level : l)) : [...scale.levels, level]
    const problems = levelListProblems(levels, (i) => (levels[i].key === key ? 'level' : `levels.${i}`))
    if (problems.length > 0) throw validationError(problems)
    return { levels }
  })
}

/** Removes level `key` and the expert's comment on it. */
export async function removeScaleLevel(
  ctx: AppContext,
  userId: string,
  appId: string,
  ref: string,
  key: string,
): Promise<Scale> {
  return changeScale(ctx, userId, appId, ref, (scale) => {
    if (!scale.levels.some((level) => level.key === key))
      throw notFound(`Level ${JSON.stringify(key)} in scale "${scale.key}"`)
    return { levels: scale.levels.filter((level) => level.key !== key), dropComments: [key] }
  })
}
