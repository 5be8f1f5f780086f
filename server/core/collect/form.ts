/**
 * @module HTML form submissions (docs/design.md rules 9–10): name/value pairs become a record.
 * Repeated names become arrays, strings are coerced by the field's type (or the canonical
 * decimal rule for new fields), and reserved keys (one leading `_`) steer the submission instead of
 * becoming fields: the honeypot, `_redirect`, `_source`, `_lang` (the page's language, kept in
 * `meta.lang`) and the UTM parameters (`_utm_source`…, kept in `meta.utm`).
 */
import { canonicalName } from '../../contract/fields/names.ts'
import { coerceFormValues } from '../fields/values.ts'
import { LIMITS } from '../../contract/limits.ts'
import type { FormLimits } from '../../contract/fields/types/spec.ts'
import type { FieldMap } from './field-cache-types.ts'
import type { DataObject, Submission } from './shape.ts'
import { MAX_UTM_LENGTH, UTM_KEYS, utmPair, type Utm } from '../../contract/fields/link.ts'
import { STAMP_KEY } from '../spam/stamp.ts'

/** The longest `_lang` read: a language tag is far shorter. */
const MAX_LANG_PAIR = 50

/** One leading underscore marks a reserved key; `__proto__` and other `__` names are ordinary fields. */
const RESERVED = /^_(?!_)/

export interface FormSubmission extends Submission {
  /** The `_redirect` URL as sent; whether it is followed is the endpoint's decision. */
  redirect: string | null
  /** The `_lang` the page was shown in, as sent; kept in `meta.lang` only when the form offers it (ingest.ts). */
  lang: string | null
  /** The page stamp (`_loaded`, core/spam/stamp.ts) as sent; null without one. */
  loaded: string | null
}

/** Builds a submission from form pairs in the order they were sent. */
export function formSubmission(
  pairs: Iterable<[string, string]>,
  fields: FieldMap,
  honeypot: string,
  limits: FormLimits,
): FormSubmission {
  const grouped = new Map<string, string[]>()
  for (const [name, value] of pairs) {
    const list = grouped.get(name)
    if (list) list.push(value)
    else grouped.set(name, [value])
  }
  const data: DataObject = Object.create(null)
  let redirect: string | null = null
  let lang: string | null = null
  let loaded: string | null = null
  let source: string | undefined
  const utm: Utm = {}
  const utmKeys = new Map(UTM_KEYS.map((key) => [utmPair(key), key]))
  for (const [name, values] of grouped) {
    const utmKey = utmKeys.get(name)
    if (name === honeypot) {
      // Left in the data as text for prepareRecord, which takes it out and flags spam.
      data[name] = values.length === 1 ? values[0] : values
    } else if (name === '_redirect') {
      redirect = values[0]
    } else if (name === '_lang') {
      lang = values[0].slice(0, MAX_LANG_PAIR)
    } else if (name === STAMP_KEY) {
      loaded = values[0]
    } else if (name === '_source') {
      source = values[0].slice(0, LIMITS.maxSourceLength)
    } else if (utmKey) {
      if (values[0] !== '') utm[utmKey] = values[0].slice(0, MAX_UTM_LENGTH)
    } else if (!RESERVED.test(name)) {
      const field = fields.get(canonicalName(name))
      // A hidden input the link did not fill (a snippet's value="") is no answer.
      if (field?.hidden && values.every((value) => value === '')) continue
      const value = coerceFormValues(field, values, limits)
      if (value !== undefined) data[name] = value
    }
    // Other names starting with one `_` (`_next`, `_subject`…) are reserved and ignored.
  }
  const meta = {
    ...(source === undefined ? {} : { source }),
    ...(Object.keys(utm).length > 0 ? { utm } : {}),
  }
  return { data, meta, redirect, lang, loaded }
}

/** The redirect target when its origin is one the owner allowed, else null. */
export function allowedRedirect(target: string | null, origins: readonly string[]): string | null {
  if (!target) return null
  let url: URL
  try {
    url = new URL(target)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  const allowed = origins.some((origin) => {
    try {
      return new URL(origin).origin === url.origin
    } catch {
      return false
    }
  })
  return allowed ? url.href : null
}
