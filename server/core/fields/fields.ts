/**
 * @module Defined fields: add, list, read, change, remove. Names are unique per app
 * (409 `conflict`), an app has at most LIMITS.maxFields fields (422 `field_limit`), and
 * positions stay dense (0…n-1). Changing a field never rewrites stored records: values
 * sent under an old type or name stay as they were, which is why changing the type of a
 * field that holds values on a published app needs `force` (type-change.ts).
 */
import { auditChange } from '../audit/record.ts'
import type { AppContext } from '../context.ts'
import type { AppFields, FieldChange, FieldState, NewField } from '../../db/storage/fields.ts'
import { parseInput } from '../../contract/apps/input.ts'
import { requireApp } from '../apps/member-app.ts'
import { AppError, notFound, validationError, type Problem } from '../../contract/errors.ts'
import { newId } from '../ids.ts'
import { LIMITS } from '../../contract/limits.ts'
import { CHOICE_TYPES, fieldTypeSpec, type FieldType } from '../../contract/fields/types/index.ts'
import { assertTypeChangeAllowed, recordsWithValue } from './type-change.ts'
import {
  createFieldSchema,
  definitionProblems,
  fileOptionProblems,
  requiredProblems,
  typeSettingProblems,
  updateFieldSchema,
  type CreateFieldInput,
  type UpdateFieldInput,
} from '../../contract/fields/schemas.ts'
import { fieldNotFound, fieldRowsOf, findFieldRow, toField, type Field, type FieldRow } from './view.ts'
import { recountForNewField, unlistedKeysOf } from './unlisted.ts'
import { fileSettingsAfter } from './file-settings.ts'
import { typeSettingsAfter } from './type-settings.ts'
import { formAfter } from './form-settings.ts'
import {
  addedFieldProblems,
  assertNotNamed,
  changedFieldProblems,
  conditionedOf,
  fieldsAfterChange,
} from './show-if-rules.ts'
import { assertNoPageNames, brokenPageConditions, layoutPages } from './page-rules.ts'
import type { UnlistedKey } from '../../contract/api/fields.ts'

/** 422 `field_limit`: the app already has the most fields allowed. */
export const fieldLimitError = () =>
  new AppError(
    'field_limit',
    `An app can have at most ${LIMITS.maxFields} fields and this one has them all; remove a field first`,
    {
      limit: LIMITS.maxFields,
    },
  )

const nameTaken = (name: string) =>
  new AppError('conflict', `This app already has a field named ${JSON.stringify(name)}; choose another name`)

/** 409 for adding a field whose name an anonymous post proposed: accept that one instead (or remove it). */
const proposedNameTaken = (name: string) =>
  new AppError(
    'conflict',
    `A field named ${JSON.stringify(name)} is already proposed by an anonymous post; accept it (svc-cli field accept ${JSON.stringify(name)} --type <type>) or remove it first`,
  )

/**
 * A field named like the endpoint's honeypot key would mark every submission that fills
 * it in as spam, so the two names must differ (share settings check the other direction).
 */
const honeypotProblem = (): Problem => ({
  path: 'name',
  message: `is this app's honeypot key (share settings); choose another name or change the honeypot`,
})

/** The fields of one of `userId`'s apps, in position order. */
export async function listFields(ctx: AppContext, userId: string, appId: string): Promise<Field[]> {
  await requireApp(ctx, userId, appId)
  return (await fieldRowsOf(ctx, appId)).map(toField)
}

/** The fields of one of `userId`'s apps, in position order, and its unlisted keys (unlisted.ts). */
export async function fieldListOf(
  ctx: AppContext,
  userId: string,
  appId: string,
): Promise<{ fields: Field[]; unlisted: UnlistedKey[] }> {
  await requireApp(ctx, userId, appId)
  const rows = await fieldRowsOf(ctx, appId)
  return { fields: rows.map(toField), unlisted: await unlistedKeysOf(ctx, appId, rows) }
}

/** One field, by id or name. */
export async function getField(ctx: AppContext, userId: string, appId: string, ref: string): Promise<Field> {
  await requireApp(ctx, userId, appId)
  return toField(await findFieldRow(ctx, appId, ref))
}

/** Adds a field at the end of the app's field list. */
export async function addField(
  ctx: AppContext,
  userId: string,
  appId: string,
  input: CreateFieldInput,
): Promise<Field> {
  const definition = parseInput(createFieldSchema, input)
  await requireApp(ctx, userId, appId)
  const now = ctx.clock.now()
  // Refusals in this order: the honeypot's name, a name taken (by a proposal or not), the field limit (accepted fields only: proposals never take the owner's room).
  const decide = ({ fields, honeypot }: AppFields): NewField => {
    if (honeypot === definition.name) throw validationError([honeypotProblem()])
    const taken = fields.find((field) => field.name === definition.name)
    if (taken) throw taken.proposed ? proposedNameTaken(definition.name) : nameTaken(definition.name)
    if (fields.filter((field) => !field.proposed).length >= LIMITS.maxFields) throw fieldLimitError()
    const type = definition.type ?? 'text'
    const file = fileSettingsAfter(type, null, definition, ctx.config.maxFileBytes)
    const form = formAfter(type, null, definition, { name: definition.name, options: definition.options ?? null })
    if (file.problems.length + form.problems.length > 0) throw validationError([...file.problems, ...form.problems])
    const row: NewField = {
      id: newId(),
      appId,
      name: definition.name,
      type,
      label: definition.label ?? '',
      required: fieldTypeSpec(type).alwaysRequired === true || (definition.required ?? false),
      options: definition.options ? JSON.stringify(definition.options) : null,
      settings: file.settings ?? typeSettingsAfter(type, null, definition),
      form: form.form,
      autoCreated: false,
      createdAt: now,
      updatedAt: now,
    }
    const conditions = addedFieldProblems(fields, row)
    if (conditions.length > 0) throw validationError(conditions)
    return row
  }
  auditChange(ctx, { target: definition.name, after: { type: definition.type ?? 'text' } })
  const added = await ctx.storage.fields.add(appId, decide)
  if (added.ok) {
    await recountForNewField(ctx, appId, added.row.name)
    return toField(added.row)
  }
  if (added.reason === 'no_app') throw notFound('App')
  throw nameTaken(definition.name)
}

/** The options a field ends up with after a change of type and/or options. */
function optionsAfter(
  row: FieldRow,
  type: FieldType,
  patch: { type?: FieldType; options?: string[] | null },
): string[] | null {
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
export async function updateField(
  ctx: AppContext,
  userId: string,
  appId: string,
  ref: string,
  input: UpdateFieldInput,
): Promise<Field> {
  const patch = parseInput(updateFieldSchema, input)
  await requireApp(ctx, userId, appId)
  // Values already stored in the field, counted from the aggregates before the lock is
  // taken (only when the type changes without force: that is when the guard needs them).
  let stored: { name: string; records: number } | null = null
  if (patch.type !== undefined && !patch.force) {
    const before = await findFieldRow(ctx, appId, ref)
    if (before.type !== patch.type)
      stored = { name: before.name, records: await recordsWithValue(ctx, appId, before.name) }
  }
  const updatedAt = ctx.clock.now()
  const pages = await layoutPages(ctx, appId)
  const decide = ({ current, fields: siblings, published, honeypot }: FieldState) => {
    const type = patch.type ?? (current.type as FieldType)
    const options = optionsAfter(current, type, patch)
    const file = fileSettingsAfter(type, current.settings, patch, ctx.config.maxFileBytes)
    const form = formAfter(type, current.form, patch, { name: patch.name ?? current.name, options })
    const problems: Problem[] = [
      ...definitionProblems(type, options),
      ...fileOptionProblems(type, patch),
      ...typeSettingProblems(type, patch),
      ...requiredProblems(type, patch.required),
      ...file.problems,
      ...form.problems,
    ]
    if (patch.name !== undefined && patch.name !== current.name && patch.name === honeypot)
      problems.unshift(honeypotProblem())
    if (patch.position !== undefined && patch.position > siblings.length - 1) {
      problems.push({
        path: 'position',
        message: `must be between 0 and ${siblings.length - 1} (the app has ${siblings.length} fields)`,
      })
    }
    if (problems.length > 0) throw validationError(problems)
    if (patch.name !== undefined && siblings.some((field) => field.name === patch.name && field.id !== current.id)) {
      throw nameTaken(patch.name)
    }
    assertTypeChangeAllowed({
      name: current.name,
      from: current.type as FieldType,
      to: type,
      force: patch.force === true,
      published,
      records: stored?.name === current.name ? stored.records : 0,
    })
    const change: FieldChange = {
      name: patch.name ?? current.name,
      type,
      label: patch.label ?? current.label,
      required: fieldTypeSpec(type).alwaysRequired === true || (patch.required ?? current.required),
      options: options === null ? null : JSON.stringify(options),
      settings: file.settings ?? typeSettingsAfter(type, current.settings, patch),
      form: form.form,
      // Once the owner sets a type, options or required, submissions are checked against them.
      autoCreated:
        patch.type !== undefined || patch.options !== undefined || patch.required !== undefined
          ? false
          : current.autoCreated,
      updatedAt,
      position: patch.position,
    }
    const cause = causeOf(patch, current)
    const conditions = [
      ...changedFieldProblems(siblings, current, change, {
        position: patch.position,
        cause,
        sent: patch.showIf !== undefined,
      }),
      ...brokenPageConditions(fieldsAfterChange(siblings, current, change, patch.position).list, pages, cause),
    ]
    if (conditions.length > 0) throw validationError(conditions)
    return change
  }
  const updated = await ctx.storage.fields.update(appId, ref, decide)
  if (updated.ok) return toField(updated.row)
  if (updated.reason === 'no_app') throw notFound('App')
  if (updated.reason === 'no_field') throw fieldNotFound(ref)
  throw nameTaken(patch.name!)
}

/** The key of a change that another field's condition would be broken by, as the refusal names it. */
const causeOf = (patch: UpdateFieldInput, current: FieldRow): string =>
  patch.position !== undefined
    ? 'position'
    : patch.name !== undefined && patch.name !== current.name
      ? 'name'
      : patch.type !== undefined && patch.type !== current.type
        ? 'type'
        : patch.page !== undefined
          ? 'page'
          : 'options'

/**
 * Removes a field definition; values already stored under its name stay in the records. A
 * field other fields' conditions name is not removed (409): those conditions go first.
 */
export async function removeField(
  ctx: AppContext,
  userId: string,
  appId: string,
  ref: string,
): Promise<{ deleted: true; id: string }> {
  await requireApp(ctx, userId, appId)
  const rows = await fieldRowsOf(ctx, appId)
  const target = rows.find((row) => row.id === ref) ?? rows.find((row) => row.name === ref)
  if (target) assertNotNamed(rows.map(conditionedOf), target.name)
  if (target) assertNoPageNames(await layoutPages(ctx, appId), target.name)
  const removed = await ctx.storage.fields.remove(appId, ref)
  if (removed.ok) return { deleted: true, id: removed.row.id }
  throw removed.reason === 'no_app' ? notFound('App') : fieldNotFound(ref)
}
