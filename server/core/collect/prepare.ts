/**
 * @module A submission checked against an app's fields and share settings: honeypot,
 * field names, the answers to questions the conditions did not ask (dropped, asked.ts), key
 * count, defined-field values, required fields (of the questions asked), and the keys that would
 * be auto-created. A stranger's new keys become *proposed* fields (on no public form until
 * the owner accepts them) within the app's cap of proposals and the client's hourly
 * budget, and *unlisted keys* past them: the record is stored whole either way. The
 * owner's own submissions make accepted fields (past the limit: refused); spam makes none.
 * Runs before a record is queued; the limit and the caps are decided again inside the
 * write transaction, where they are authoritative.
 */
import { AppError, describeProblems, ProblemList } from '../../contract/errors.ts'
import { checkFieldName } from '../../contract/fields/names.ts'
import { checkRequired, checkValue, inferType, isMissing, valueAsStored } from '../fields/values.ts'
import { LIMITS } from '../../contract/limits.ts'
import type { FieldType } from '../../contract/fields/types/index.ts'
import type { FieldMap } from './field-cache-types.ts'
import { checkKeyCount, type DataObject, type RecordMeta, type Submission } from './shape.ts'
import { dropUnasked } from './asked.ts'
import type { ShowIf } from '../../contract/fields/show-if.ts'

/** The endpoint settings that decide how a submission is taken. */
export interface CollectSettings {
  autoCreate: boolean
  /** Name of the honeypot key (default `_gotcha`). */
  honeypot: string
  maxKeys: number
  /**
   * Who is submitting: the client key (core/client-key.ts) an anonymous submission
   * proposes new fields as, or null for the app's owner (new fields are accepted).
   */
  proposer: string | null
  /**
   * The owner's new keys past the field limit stay in the record without becoming fields,
   * instead of refusing it (a verified sender's delivery, core/senders/poster.ts).
   */
  keepSurplus?: boolean
  /** The conditions of the form's pages (page i+1 at i): a page skipped asks none of its questions (asked.ts). */
  pageConditions?: readonly (ShowIf | null)[]
  /**
   * The content rules of a stranger's post (core/spam/rules.ts), given the data as sent: the
   * reasons it is spam (stored in `meta.spamReasons`); absent for the owner and for no rules.
   */
  spamCheck?: (data: DataObject) => readonly string[]
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
  /** True exactly when `spamReasons` is not empty. */
  spam: boolean
  /** Why the record is spam (contract/records/spam-reasons.ts), also kept as `meta.spamReasons`; empty for a record that is not. */
  spamReasons: string[]
  /** Keys with no field yet, with the type inferred from this record's value (none for spam). */
  newFields: NewField[]
  /** A spam record's keys with no field: they make none, and the summary aggregates do not count them. */
  unfielded?: string[]
  /** CollectSettings.proposer: whose proposals `newFields` become (null or absent: accepted fields). */
  proposer?: string | null
  /** CollectSettings.keepSurplus: the fields past the limit are not made, and the record is stored anyway. */
  keepSurplus?: boolean
  /** The pending files the record names, which its commit claims (core/files/references.ts). */
  files?: string[]
}

/**
 * Checks one submission; throws a 422 (`invalid_value`, `unknown_field`, `field_limit`, `empty_record`) or 413 (`too_large`).
 * `reasons` are spam reasons found before (e.g. a missing proof-of-work solution); the honeypot's
 * and the content rules' are added to them.
 */
export function prepareRecord(
  fields: FieldMap,
  settings: CollectSettings,
  submission: Submission,
  reasons: readonly string[] = [],
): PreparedRecord {
  const { data: normalized, filled, problems } = normalize(submission.data, settings.honeypot, fields)
  const unasked = dropUnasked(fields, normalized, settings.pageConditions)
  const names = Object.keys(normalized)
  checkKeyCount(normalized, settings.maxKeys)
  // The content rules read a record of bounded size; the honeypot's catch needs no more reasons.
  const ruled = filled || !settings.spamCheck ? [] : settings.spamCheck(normalized)
  const spamReasons = [...(filled ? ['honeypot'] : []), ...reasons, ...ruled]
  const spam = spamReasons.length > 0
  const newFields: NewField[] = []
  const unfielded: string[] = []
  const dropped: string[] = []
  for (const name of names) {
    const value = normalized[name]
    const field = fields.get(name)
    // Spam never makes fields: its keys stay in the stored (spam) record only.
    if (!field) {
      if (spam) unfielded.push(name)
      else newFields.push({ name, type: inferType(value) })
    } else if (!field.autoCreated && !field.proposed) {
      const problem = checkValue(field, value)
      // A hidden field's value comes from the link, which the respondent cannot fix: a bad one is dropped, and meta says so.
      if (problem && field.hidden) {
        delete normalized[name]
        dropped.push(name)
      } else if (problem) problems.add(name, problem)
      else normalized[name] = valueAsStored(field, value)
    }
  }
  for (const field of fields.values()) {
    if (field.hidden || unasked.has(field.name)) continue
    const problem = checkRequired(field, Object.hasOwn(normalized, field.name) ? normalized[field.name] : undefined)
    if (problem) problems.add(field.name, problem)
  }
  checkNewFields(fields, settings, newFields)
  if (!problems.empty) throw invalidValues(problems)
  // A filled honeypot alone is still answered like a success (bots learn nothing).
  if (names.length === 0 && !spam) throw emptyRecord()
  const meta = dropped.length > 0 ? { ...submission.meta, dropped } : submission.meta
  return {
    data: normalized,
    meta: spam ? { ...meta, spamReasons } : meta,
    spam,
    spamReasons,
    newFields,
    ...(unfielded.length > 0 ? { unfielded } : {}),
    proposer: settings.proposer,
    ...(settings.keepSurplus ? { keepSurplus: true } : {}),
  }
}

/**
 * Refuses new keys when auto-create is off (`unknown_field`) or when the owner's would pass
 * the field limit (`field_limit`), as far as the cached fields tell (the write transaction
 * counts again). A stranger's new keys are never refused: which become proposals and which
 * stay unlisted keys is decided in the write transaction.
 */
export function checkNewFields(fields: FieldMap, settings: CollectSettings, newFields: NewField[]): void {
  if (newFields.length === 0) return
  const names = newFields.map((field) => field.name)
  if (!settings.autoCreate) {
    throw new AppError(
      'unknown_field',
      `${quoteList(names)} ${names.length === 1 ? 'is not a field' : 'are not fields'} of this form and auto-create is off; remove ${names.length === 1 ? 'it' : 'them'} or ask the owner to add ${names.length === 1 ? 'the field' : 'the fields'}`,
      keyList(names),
    )
  }
  // A stranger's keys past the proposal budgets are unlisted keys, never a refusal (storage/field-tally.ts).
  if (settings.proposer !== null) return
  let proposed = 0
  for (const field of fields.values()) if (field.proposed) proposed++
  if (fields.size - proposed + names.length <= LIMITS.maxFields) return
  // A verified sender's keys past the limit stay in the record as unlisted keys (storage/field-tally.ts).
  if (settings.keepSurplus) return
  throw fieldLimit(names, fields.size - proposed)
}

/** 422 `field_limit` naming the keys that would have become fields; `existing` counts the accepted fields. */
export function fieldLimit(names: string[], existing: number): AppError {
  return new AppError(
    'field_limit',
    `This form already has ${existing} of at most ${LIMITS.maxFields} fields, so ${quoteList(names)} cannot be added; nothing was stored. Reuse existing field names or delete unused fields`,
    { ...keyList(names), limit: LIMITS.maxFields, existing },
  )
}

/** 422 `empty_record`: a record needs at least one key (an empty form or `{}` is almost always a mistake). */
export const emptyRecord = () =>
  new AppError(
    'empty_record',
    'The record has no fields; send at least one key, e.g. {"name":"Ada"} (or name=Ada from a form)',
  )

/** `{fields}` naming every key, or the first LIMITS.listedKeys of them and `count` of all. */
function keyList(names: string[]): { fields: string[]; count?: number } {
  return names.length <= LIMITS.listedKeys
    ? { fields: names }
    : { fields: names.slice(0, LIMITS.listedKeys), count: names.length }
}

/** 422 `invalid_value` listing the first problems and counting all. */
export function invalidValues(problems: ProblemList): AppError {
  const summary = describeProblems(problems.listed, problems.total)
  return new AppError('invalid_value', problems.total === 1 ? summary : `${problems.total} problems: ${summary}`, {
    problems: problems.listed,
    total: problems.total,
  })
}

const quoteList = (names: string[]) => {
  const listed = names
    .slice(0, LIMITS.listedKeys)
    .map((name) => JSON.stringify(name))
    .join(', ')
  return names.length <= LIMITS.listedKeys ? listed : `${listed} and ${names.length - LIMITS.listedKeys} more keys`
}

/** Trims field names into a null-prototype copy, takes out the honeypot, and lists bad names. */
function normalize(
  data: DataObject,
  honeypot: string,
  fields: FieldMap,
): { data: DataObject; filled: boolean; problems: ProblemList } {
  const result: DataObject = Object.create(null)
  const problems = new ProblemList()
  let filled = false
  for (const key of Object.keys(data)) {
    const value = data[key]
    if (key === honeypot) {
      filled = !isMissing(value) && !(Array.isArray(value) && value.every(isMissing))
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
  return { data: result, filled, problems }
}
