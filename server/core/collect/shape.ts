/**
 * @module Telling a canonical body `{data, meta}` from a flat one (docs/design.md rule 1), checking
 * `meta` (rule 3) and counting keys against the per-record limit (rule 15).
 */
import { AppError, cutText, describeProblems, ProblemList } from '../../contract/errors.ts'
import { LIMITS } from '../../contract/limits.ts'
import { isIsoDate } from '../fields/values.ts'
import { MAX_UTM_LENGTH, UTM_KEYS, type Utm } from '../../contract/fields/link.ts'

/** A JSON object as parsed: own keys only, never read through the prototype. */
export type DataObject = Record<string, unknown>

/** `{source?, timestamp?}` as sent; `verified` only on a delivery a sender's signature verified (core/senders). */
export interface RecordMeta {
  source?: string
  timestamp?: string | number
  verified?: true
  /** Set by the server, never taken from the body: the refused `_redirect` of a form post (ingest.ts). */
  redirectRefused?: string
  /** Set by the server: the UTM parameters of the form's link (a form post's `_utm_source`…). */
  utm?: Utm
  /** Set by the server: the language the fill-in page was shown in (a form post's `_lang`, when the form offers it). */
  lang?: string
  /** Set by the server: the hidden fields whose values were dropped because they did not fit (the respondent cannot fix them). */
  dropped?: string[]
  /** Set by the server on spam: why it is spam (contract/records/spam-reasons.ts codes). */
  spamReasons?: string[]
}

export interface Submission {
  data: DataObject
  meta: RecordMeta
}

/** True for a plain JSON object (not an array, not null). */
export const isObject = (value: unknown): value is DataObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const kindOf = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'an array'
      : typeof value === 'string'
        ? 'a string'
        : `a ${typeof value}`

/**
 * Splits a parsed body into data and meta. Canonical: an object whose keys are a subset of
 * `{data, meta}` with `data` an object and `meta`, if present, an object. Any other object
 * is flat (the whole body is the data). Non-objects are a 400.
 */
export function toSubmission(body: unknown, where = 'The request body'): Submission {
  if (!isObject(body)) {
    throw new AppError(
      'bad_request',
      `${where} must be a JSON object (canonical {"data":{…},"meta":{…}} or flat {"field":value}), got ${kindOf(body)}`,
    )
  }
  const keys = Object.keys(body)
  const canonical =
    keys.length > 0 &&
    keys.every((key) => key === 'data' || key === 'meta') &&
    isObject(body.data) &&
    (!Object.hasOwn(body, 'meta') || isObject(body.meta))
  if (!canonical) return { data: body, meta: {} }
  return { data: body.data as DataObject, meta: Object.hasOwn(body, 'meta') ? checkMeta(body.meta as DataObject) : {} }
}

/** Validates `meta`: only `source` (text), `timestamp` (ISO 8601 text or epoch number) and `utm` (the UTM parameters) — 400 otherwise. */
export function checkMeta(meta: DataObject): RecordMeta {
  const problems = new ProblemList()
  const result: RecordMeta = {}
  for (const key of Object.keys(meta)) {
    const value = meta[key]
    if (key === 'source') {
      if (typeof value !== 'string') problems.add('meta', `meta.source must be text, got ${kindOf(value)}`)
      else if (value.length > LIMITS.maxSourceLength)
        problems.add('meta', `meta.source can have at most ${LIMITS.maxSourceLength} characters`)
      else result.source = value
    } else if (key === 'timestamp') {
      if (typeof value === 'number' && Number.isFinite(value)) result.timestamp = value
      else if (typeof value === 'string' && isIsoDate(value)) result.timestamp = value
      else
        problems.add(
          'meta',
          `meta.timestamp must be an ISO 8601 string ("2026-01-31T09:30:00Z") or epoch number, got ${kindOf(value)}`,
        )
    } else if (key === 'utm') {
      const utm = checkUtm(value)
      if (typeof utm === 'string') problems.add('meta', utm)
      else result.utm = utm
    } else {
      problems.add(
        'meta',
        `meta.${cutText(key)} is not known; meta takes only "source", "timestamp" and "utm" (put other values in data)`,
      )
    }
  }
  if (!problems.empty) {
    throw new AppError(
      'bad_request',
      describeProblems(
        problems.listed.map(({ message }) => ({ path: '', message })),
        problems.total,
      ),
      { problems: problems.listed, total: problems.total },
    )
  }
  return result
}

/** `meta.utm` as sent: an object of the UTM keys with text values, or why not. */
function checkUtm(value: unknown): Utm | string {
  const expected = `meta.utm must be an object of ${UTM_KEYS.join(', ')} with text values of at most ${MAX_UTM_LENGTH} characters`
  if (!isObject(value)) return `${expected}, got ${kindOf(value)}`
  const utm: Utm = {}
  for (const key of Object.keys(value)) {
    const text = value[key]
    if (!(UTM_KEYS as readonly string[]).includes(key) || typeof text !== 'string' || text.length > MAX_UTM_LENGTH)
      return `${expected}; ${cutText(key)} is not`
    if (text !== '') utm[key as keyof Utm] = text
  }
  return utm
}

/** Throws 413 `too_large` when `data` holds more than `maxKeys` keys, counted at every level. */
export function checkKeyCount(data: DataObject, maxKeys: number): void {
  let count = 0
  const pending: unknown[] = [data]
  while (pending.length > 0) {
    const value = pending.pop()
    if (Array.isArray(value)) {
      for (const item of value) if (typeof item === 'object' && item !== null) pending.push(item)
    } else if (isObject(value)) {
      const keys = Object.keys(value)
      count += keys.length
      if (count > maxKeys) {
        throw new AppError(
          'too_large',
          `A record can hold at most ${maxKeys} keys (counted at every level); split it into several records`,
          { limit: 'maxKeys', max: maxKeys },
        )
      }
      for (const key of keys) {
        const inner = value[key]
        if (typeof inner === 'object' && inner !== null) pending.push(inner)
      }
    }
  }
}
