/**
 * @module What `svc-cli auth token create` limits a token to, from its flags: `--scopes`
 * (comma-separated), `--apps` (ids or names, comma-separated) and `--expires` (a lifetime
 * such as 90d, 12h or 4w, a date such as 2027-03-01, or `never`), checked before any
 * request so a typo costs nothing.
 */
import { SCOPES, type Scope } from '../server/contract/access/roles.ts'
import { APP_ID, appIdByName, type AppLister } from './app-ref.ts'
import { usageError } from './errors.ts'
import { nearest } from './nearest.ts'

const UNIT_MS = { h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 } as const

const list = (raw: string): string[] =>
  raw
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')

/** The scopes `--scopes` names; a usage error naming an unknown one (and the nearest). */
export function scopesOf(raw: string): Scope[] {
  const scopes = list(raw)
  if (scopes.length === 0) throw usageError(`--scopes needs at least one of ${SCOPES.join(', ')}`)
  for (const scope of scopes) {
    if (!(SCOPES as readonly string[]).includes(scope)) {
      const guess = nearest(scope, [...SCOPES])
      throw usageError(
        `--scopes: "${scope}" is not a scope${guess ? ` (did you mean ${guess}?)` : ''}; the scopes are ${SCOPES.join(', ')}`,
      )
    }
  }
  return [...new Set(scopes)] as Scope[]
}

/** When `--expires` says the token stops working, as an ISO time; null for `never`. */
export function expiryOf(raw: string, now: number): string | null {
  const given = raw.trim().toLowerCase()
  if (given === 'never') return null
  const lifetime = /^(\d{1,5})([hdw])$/.exec(given)
  if (lifetime) return new Date(now + Number(lifetime[1]) * UNIT_MS[lifetime[2] as keyof typeof UNIT_MS]).toISOString()
  const at = /^\d{4}-\d{2}-\d{2}$/.test(given) ? Date.parse(`${given}T00:00:00Z`) : Date.parse(raw)
  if (Number.isNaN(at) || !/^\d{4}-\d{2}-\d{2}/.test(given)) {
    throw usageError(`--expires: "${raw}" is neither a lifetime (90d, 12h, 4w), a date (2027-03-01) nor "never"`)
  }
  return new Date(at).toISOString()
}

/** The app ids `flag` (`--apps`) names, comma-separated (ids as given, names looked up in the app list). */
export async function appIdsOf(raw: string, client: AppLister, flag = '--apps'): Promise<string[]> {
  const given = list(raw)
  if (given.length === 0) throw usageError(`${flag} needs at least one app id or name`)
  const ids: string[] = []
  for (const app of given) ids.push(APP_ID.test(app) ? app : await appIdByName(app, client))
  return ids
}
