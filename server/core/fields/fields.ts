/**
 * @module Defined fields: add, list, read, change, remove. Names are unique per app
 * (409 `conflict`), an app has at most LIMITS.maxFields fields (422 `field_limit`), and
 * positions stay dense (0…n-1). Changing a field never rewrites stored records: values
 * sent under an old type or name stay as they were, which is why changing the type of a
 * field that holds values on a published app needs `force` (type-change.ts).
 */
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context.ts'
import { endpoints, fields } from '../../db/sqlite/schema.ts'
import { parseInput } from '../apps/input.ts'
import { requireOwnedApp } from '../apps/owned.ts'
import { AppError, validationError, type Problem } from '../errors.ts'
import { newId } from '../ids.ts'
import { CHOICE_TYPES, LIMITS, type FieldType } from '../limits.ts'
import { renumber } from './order.ts'
import { assertTypeChangeAllowed } from './type-change.ts'
import { loadStats } from '../stats/state.ts'
import { createFieldSchema, definitionProblems, updateFieldSchema, type CreateFieldInput, type UpdateFieldInput } from './schemas.ts'
import { fieldRowsOf, fieldRowsOfSync, findFieldRow, findFieldRowSync, toField, type Field, type FieldRow, type Queryable } from './view.ts'

/** 422 `field_limit`: the app already has the most fields allowed. */
export const fieldLimitError = () =>
  new AppError(422, 'field_limit', `An app can have at most ${LIMITS.maxFields} fields and this one has them all; remove a field first`, {
    limit: LIMITS.maxFields,
  })

const nameTaken = (name: string) =>
  new AppError(409, 'conflict', `This app already has a field named ${JSON.stringify(name)}; choose another name`)

/**
 * A field named like the endpoint's honeypot key would mark every submission that fills
 * it in as spam, so the two names must differ (share settings check the other direction).
 */
function honeypotProblem(db: Queryable, appId: string, name: string): Problem[] {
  const endpoint = db.select({ honeypot: endpoints.honeypot }).from(endpoints).where(eq(endpoints.appId, appId)).get()
  if (endpoint?.honeypot !== name) return []
  return [{ path: 'name', message: `is this app's honeypot key (share settings); choose another name or change the honeypot` }]
}

/** The fields of one of `userId`'s apps, in position order. */
export async function listFields(ctx: AppContext, userId: string, appId: string): Promise<Field[]> {
  await requireOwnedApp(ctx, userId, appId)
  return (await fieldRowsOf(ctx, appId)).map(toField)
}

/** One field, by id or name. */
export async function getField(ctx: AppContext, userId: string, appId: string, ref: string): Promise<Field> {
  await requireOwnedApp(ctx, userId, appId)
  return toField(await findFieldRow(ctx, appId, ref))
}

/** Adds a field at the end of the app's field list. */
export async function addField(ctx: AppContext, userId: string, appId: string, input: CreateFieldInput): Promise<Field> {
  const definition = parseInput(createFieldSchema, input)
  await requireOwnedApp(ctx, userId, appId)
  const now = ctx.clock.now()
  const row = ctx.store.db.transaction(
    (tx) => {
      const existing = fieldRowsOfSync(tx, appId)
      const problems = honeypotProblem(tx, appId, definition.name)
      if (problems.length > 0) throw validationError(problems)
      if (existing.some((field) => field.name === definition.name)) throw nameTaken(definition.name)
      if (existing.length >= LIMITS.maxFields) throw fieldLimitError()
      const row: FieldRow = {
        id: newId(),
        appId,
        name: definition.name,
        type: definition.type ?? 'text',
        label: definition.label ?? '',
        required: definition.required ?? false,
        options: definition.options ? JSON.stringify(definition.options) : null,
        position: existing.length,
        autoCreated: false,
        createdAt: now,
        updatedAt: now,
      }
      tx.insert(fields).values(row).run()
      return row
    },
    { behavior: 'immediate' },
  )
  ctx.changes.notify(appId, 'fields')
  return toField(row)
}

/** The options a field ends up with after a change of type and/or options. */
function optionsAfter(row: FieldRow, type: FieldType, patch: { type?: FieldType; options?: string[] | null }): string[] | null {
  if (patch.options !== undefined) return patch.options
  // Switching to a type without choices drops the old choices instead of refusing the change.
  if (patch.type !== undefined && !CHOICE_TYPES.includes(type)) return null
  return row.options === null ? null : (JSON.parse(row.options) as string[])
}

/**
 * Changes a field. Properties left out stay; `position` moves the field and shifts the
 * others. The type may change: stored records keep the values they were sent with, so on
 * a published app whose records hold values in the field it takes `force: true` (409 otherwise).
 */
export async function updateField(ctx: AppContext, userId: string, appId: string, ref: string, input: UpdateFieldInput): Promise<Field> {
  const patch = parseInput(updateFieldSchema, input)
  await requireOwnedApp(ctx, userId, appId)
  // Loads (and, if stale, catches up) the aggregates before the write lock is taken; the
  // guard inside then reads them from memory.
  if (patch.type !== undefined && !patch.force) await loadStats(ctx, appId)
  const row = ctx.store.db.transaction(
    (tx) => {
      const current = findFieldRowSync(tx, appId, ref)
      const siblings = fieldRowsOfSync(tx, appId)
      const type = patch.type ?? (current.type as FieldType)
      const options = optionsAfter(current, type, patch)
      const problems: Problem[] = definitionProblems(type, options)
      if (patch.name !== undefined && patch.name !== current.name) problems.unshift(...honeypotProblem(tx, appId, patch.name))
      if (patch.position !== undefined && patch.position > siblings.length - 1) {
        problems.push({ path: 'position', message: `must be between 0 and ${siblings.length - 1} (the app has ${siblings.length} fields)` })
      }
      if (problems.length > 0) throw validationError(problems)
      if (patch.name !== undefined && siblings.some((field) => field.name === patch.name && field.id !== current.id)) {
        throw nameTaken(patch.name)
      }
      assertTypeChangeAllowed(ctx, tx, { appId, name: current.name, from: current.type as FieldType, to: type, force: patch.force === true })
      const changes = {
        name: patch.name ?? current.name,
        type,
        label: patch.label ?? current.label,
        required: patch.required ?? current.required,
        options: options === null ? null : JSON.stringify(options),
        // Once the owner sets a type, options or required, submissions are checked against them.
        autoCreated: patch.type !== undefined || patch.options !== undefined || patch.required !== undefined ? false : current.autoCreated,
        updatedAt: ctx.clock.now(),
      }
      tx.update(fields).set(changes).where(eq(fields.id, current.id)).run()
      if (patch.position !== undefined && patch.position !== current.position) {
        const others = siblings.filter((field) => field.id !== current.id)
        others.splice(patch.position, 0, current)
        renumber(tx, others)
      }
      return findFieldRowSync(tx, appId, current.id)
    },
    { behavior: 'immediate' },
  )
  ctx.changes.notify(appId, 'fields')
  return toField(row)
}

/** Removes a field definition; values already stored under its name stay in the records. */
export async function removeField(ctx: AppContext, userId: string, appId: string, ref: string): Promise<{ deleted: true; id: string }> {
  await requireOwnedApp(ctx, userId, appId)
  const id = ctx.store.db.transaction(
    (tx) => {
      const row = findFieldRowSync(tx, appId, ref)
      tx.delete(fields).where(eq(fields.id, row.id)).run()
      renumber(tx, fieldRowsOfSync(tx, appId))
      return row.id
    },
    { behavior: 'immediate' },
  )
  ctx.changes.notify(appId, 'fields')
  return { deleted: true, id }
}
