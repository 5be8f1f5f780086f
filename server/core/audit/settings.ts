/**
 * @module What of a setting goes into the audit log: the settings as JSON text, with every
 * secret left out (keys that name one, and values that look like svc's own tokens), and
 * bounded, so an entry never holds a password, a webhook secret or a token, and never grows
 * with what an owner pastes.
 */

/** Keys whose values are secrets wherever they appear. */
const SECRET_KEY = /secret|password|passw|token|api_?key|credential|hash|cookie|authorization|smtp/i

/** svc's own secrets by their prefixes (access tokens, invitation links, endpoint tokens). */
const OWN_SECRET = /\bsvc_[a-z]+_[\w-]{8,}/g

/** The longest settings text an entry keeps; past it only the keys are kept. */
const MAX_TEXT = 4096

/** Shown instead of a secret. */
export const HIDDEN = '[hidden]'

function clean(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value.replace(OWN_SECRET, HIDDEN)
  if (value === null || typeof value !== 'object') return value
  if (depth > 6) return '…'
  if (Array.isArray(value)) return value.map((item) => clean(item, depth + 1))
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, SECRET_KEY.test(key) ? HIDDEN : clean(item, depth + 1)]),
  )
}

/** `settings` as the entry keeps them (JSON text), or null when there are none. */
export function auditSettings(settings: Record<string, unknown> | null | undefined): string | null {
  if (!settings) return null
  const text = JSON.stringify(clean(settings, 0))
  if (text.length <= MAX_TEXT) return text
  return JSON.stringify({ keys: Object.keys(settings).slice(0, 100), truncated: true })
}

/** The keys `after` sets (not undefined) to values other than `before`'s (both JSON-comparable), with each side. */
export function changedSettings(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const keys = Object.keys(after).filter(
    (key) => after[key] !== undefined && JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key]),
  )
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  }
}
