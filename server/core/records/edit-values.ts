/**
 * @module What an edit does to a record's data, decided without I/O: the new values are
 * merged into the stored data (a key left out keeps its value, `null` removes the key),
 * checked the way a submission is (collect/prepare.ts): names as field names, values
 * against their field's type, a required field that would lose its value, the key count
 * and nesting limits, and what actually changed from what to what. An edit names only
 * fields of the app or keys the record already holds (a removed field's value can still
 * be corrected); it never creates a field.
 */
import { AppError, ProblemList, quoteList } from '../../contract/errors.ts'
import { checkFieldName } from '../../contract/fields/names.ts'
import type { FieldMap } from '../collect/field-cache-types.ts'
import { invalidValues } from '../collect/prepare.ts'
import { checkKeyCount, type DataObject } from '../collect/shape.ts'
import { checkRequired, checkValue, valueAsStored, type FieldRule } from '../fields/values.ts'
import { filesOf } from '../../contract/files/model.ts'

/** One field an edit changed: absent `from` (or `to`) means the record had (or has) no such key. */
export interface ValueChange {
  field: string
  from?: unknown
  to?: unknown
}

/** The record's data after an edit and its changes (empty when the values were already so). */
export interface EditedData {
  data: DataObject
  changes: ValueChange[]
}

/** The limits a record is held to (the server's configuration). */
export interface RecordLimits {
  maxKeys: number
  maxDepth: number
}

/** True when `value` nests objects and arrays at most `max` deep (the record itself is level 1). */
function nestsWithin(value: unknown, max: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 1]]
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!
    if (typeof item !== 'object' || item === null) continue
    if (depth > max) return false
    for (const inner of Array.isArray(item) ? item : Object.values(item)) pending.push([inner, depth + 1])
  }
  return true
}

/** The JSON text of a value, to tell a real change from the same value sent again. */
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b)

/**
 * The data `stored` becomes with `edit` merged in, checked against the app's `fields`:
 * 422 `unknown_field` for keys that are neither a field nor in the record, 422
 * `invalid_value` listing every value that does not fit (and every required field the edit
 * would empty), 422 `empty_record` when no value would be left, 413 `too_large` past the
 * key or nesting limits.
 */
export function applyEdit(fields: FieldMap, stored: DataObject, edit: DataObject, limits: RecordLimits): EditedData {
  const problems = new ProblemList()
  const unknown: string[] = []
  const named = new Map<string, unknown>()
  for (const key of Object.keys(edit)) {
    let name = key
    if (!fields.has(key) && !Object.hasOwn(stored, key)) {
      const checked = checkFieldName(key)
      if ('problem' in checked) {
        problems.add(key, checked.problem)
        continue
      }
      name = checked.name
    }
    if (named.has(name)) {
      problems.add(key, `is the same field name as another key once trimmed and normalised to NFC ("${name}")`)
      continue
    }
    named.set(name, edit[key])
    if (!fields.has(name) && !Object.hasOwn(stored, name)) {
      unknown.push(name)
      continue
    }
    const value = edit[key]
    const field = fields.get(name)
    if (!field) continue
    const problem =
      value === null
        ? checkRequired(field, undefined)
        : (checkRequired(field, value) ??
          (field.autoCreated || field.proposed
            ? null
            : (checkValue(field, value) ?? keptFiles(field, stored[name], value))))
    if (problem) problems.add(name, problem)
    else if (value !== null && !field.autoCreated && !field.proposed) named.set(name, valueAsStored(field, value))
  }
  if (unknown.length > 0) throw unknownFields(unknown)
  if (!problems.empty) throw invalidValues(problems)

  const data: DataObject = Object.create(null)
  for (const key of Object.keys(stored)) data[key] = stored[key]
  const changes: ValueChange[] = []
  for (const [name, value] of named) {
    const had = Object.hasOwn(data, name)
    if (value === null) {
      if (!had) continue
      changes.push({ field: name, from: data[name] })
      delete data[name]
    } else if (!had || !same(data[name], value)) {
      changes.push(had ? { field: name, from: data[name], to: value } : { field: name, to: value })
      data[name] = value
    }
  }
  if (changes.length === 0) return { data, changes }
  if (Object.keys(data).length === 0)
    throw new AppError(
      'empty_record',
      'The edit would leave the record without any value; keep at least one, or delete the record instead',
    )
  checkKeyCount(data, limits.maxKeys)
  if (!nestsWithin(data, limits.maxDepth))
    throw new AppError(
      'too_large',
      `A record nests objects and arrays at most ${limits.maxDepth} levels deep; flatten the new value`,
      { limit: 'maxDepth', max: limits.maxDepth },
    )
  return { data, changes }
}

/**
 * Why an edit of a file field's value is refused, or null: an edit may keep or drop the files
 * the record holds, never add one (files come with a submission) or change what one says.
 */
function keptFiles(field: FieldRule, stored: unknown, value: unknown): string | null {
  if (field.type !== 'file') return null
  const held = new Set(filesOf(stored).map((file) => JSON.stringify(file)))
  const given = Array.isArray(value) ? value : [value]
  return given.every((item) => held.has(JSON.stringify(item)))
    ? null
    : 'can only keep or drop the files this record holds (as stored); a file is added by a submission'
}

/** 422 `unknown_field` for keys an edit names that are neither fields nor in the record. */
function unknownFields(names: string[]): AppError {
  const one = names.length === 1
  return new AppError(
    'unknown_field',
    `${quoteList(names)} ${one ? 'is not a field' : 'are not fields'} of this form, and the record has no such ${one ? 'key' : 'keys'}; add the field first (svc-cli field add, or Setup in the admin page), then set its value`,
    { fields: names },
  )
}
