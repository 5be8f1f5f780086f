/**
 * @module A submission checked against an app's fields and share settings (DESIGN rules
 * 6–8, 11): honeypot, field names, key count, defined-field values, required fields, and
 * the keys that would be auto-created. Runs before a record is queued; the field limit is
 * checked again inside the write transaction, where it is authoritative.
 */
import { AppError, describeProblems, ProblemList } from '../errors.ts'
import { checkFieldName } from '../fields/names.ts'
import { checkRequired, checkValue, inferType, isMissing } from '../fields/values.ts'
import { LIMITS, type FieldType } from '../limits.ts'
import type { FieldMap } from './field-cache.ts'
import { checkKeyCount, type DataObject, type RecordMeta, type Submission } from './shape.ts'

/** The endpoint settings that decide how a submission is taken. */
export interface CollectSettings {
  autoCreate: boolean
  /** Name of the honeypot key (default `_gotcha`). */
  honeypot: string
  maxKeys: number
}

export interface NewField {
  name: string
  type: FieldType
}

/** A record ready to store. */
export interface PreparedRecord {
  /** Data with trimmed field names and the honeypot removed; a null-prototype object. */
  data: DataObject
  meta: RecordMeta
  spam: boolean
  /** Keys with no field yet, with the type inferred from this record's value. */
  newFields: NewField[]
}

/** Checks one submission; throws a 422 (`invalid_value`, `unknown_field`, `field_limit`, `empty_record`) or 413 (`too_large`). */
export function prepareRecord(fields: FieldMap, settings: CollectSettings, submission: Submission): PreparedRecord {
  const { data: normalized, spam, problems } = normalize(submission.data, settings.honeypot, fields)
  const names = Object.keys(normalized)
  checkKeyCount(normalized, settings.maxKeys)
  const newFields: NewField[] = []
  for (const name of names) {
    const value = normalized[name]
    const field = fields.get(name)
    if (!field) newFields.push({ name, type: inferType(value) })
    else if (!field.autoCreated) {
      const problem = checkValue(field, value)
      if (problem) problems.add(name, problem)
    }
  }
  for (const field of fields.values()) {
    const problem = checkRequired(field, Object.hasOwn(normalized, field.name) ? normalized[field.name] : undefined)
    if (problem) problems.add(field.name, problem)
  }
  checkNewFields(fields, settings, newFields)
  if (!problems.empty) throw invalidValues(problems)
  // A filled honeypot alone is still answered like a success (bots learn nothing).
  if (names.length === 0 && !spam) throw emptyRecord()
  return { data: normalized, meta: submission.meta, spam, newFields }
}

/** Refuses new keys when auto-create is off (`unknown_field`) or they would pass the field limit (`field_limit`). */
export function checkNewFields(fields: FieldMap, settings: CollectSettings, newFields: NewField[]): void {
  if (newFields.length === 0) return
  const names = newFields.map((field) => field.name)
  if (!settings.autoCreate) {
    throw new AppError(422, 'unknown_field', `${quoteList(names)} ${names.length === 1 ? 'is not a field' : 'are not fields'} of this form and auto-create is off; remove ${names.length === 1 ? 'it' : 'them'} or ask the owner to add ${names.length === 1 ? 'the field' : 'the fields'}`, keyList(names))
  }
  if (fields.size + names.length > LIMITS.maxFields) throw fieldLimit(names, fields.size)
}

/** 422 `field_limit` naming the keys that would have become fields. */
export function fieldLimit(names: string[], existing: number): AppError {
  return new AppError(422, 'field_limit', `This form already has ${existing} of at most ${LIMITS.maxFields} fields, so ${quoteList(names)} cannot be added; nothing was stored. Reuse existing field names or ask the owner to delete unused fields`, { ...keyList(names), limit: LIMITS.maxFields, existing })
}

/** 422 `empty_record`: a record needs at least one key (an empty form or `{}` is almost always a mistake). */
export const emptyRecord = () =>
  new AppError(422, 'empty_record', 'The record has no fields; send at least one key, e.g. {"name":"Ada"} (or name=Ada from a form)')

/** `{fields}` naming every key, or the first LIMITS.listedKeys of them and `count` of all. */
function keyList(names: string[]): { fields: string[]; count?: number } {
  return names.length <= LIMITS.listedKeys ? { fields: names } : { fields: names.slice(0, LIMITS.listedKeys), count: names.length }
}

/** 422 `invalid_value` listing the first problems and counting all. */
export function invalidValues(problems: ProblemList): AppError {
  const summary = describeProblems(problems.listed, problems.total)
  return new AppError(422, 'invalid_value', problems.total === 1 ? summary : `${problems.total} problems: ${summary}`, { problems: problems.listed, total: problems.total })
}

const quoteList = (names: string[]) => {
  const listed = names.slice(0, LIMITS.listedKeys).map((name) => JSON.stringify(name)).join(', ')
  return names.length <= LIMITS.listedKeys ? listed : `${listed} and ${names.length - LIMITS.listedKeys} more keys`
}

/** Trims field names into a null-prototype copy, takes out the honeypot, and lists bad names. */
function normalize(data: DataObject, honeypot: string, fields: FieldMap): { data: DataObject; spam: boolean; problems: ProblemList } {
  const result: DataObject = Object.create(null)
  const problems = new ProblemList()
  let spam = false
  for (const key of Object.keys(data)) {
    const value = data[key]
    if (key === honeypot) {
      spam = !isMissing(value) && !(Array.isArray(value) && value.every(isMissing))
      continue
    }
    if (value === undefined) continue
    // The common case: the key is exactly an existing field's (already checked, trimmed) name.
    if (fields.has(key) && !Object.hasOwn(result, key)) {
      result[key] = value
      continue
    }
    const checked = checkFieldName(key)
    if ('problem' in checked) {
      problems.add(key, checked.problem)
    } else if (Object.hasOwn(result, checked.name)) {
      problems.add(key, `is the same field name as another key once trimmed and normalised to NFC ("${checked.name}")`)
    } else {
      result[checked.name] = value
    }
  }
  return { data: result, spam, problems }
}
