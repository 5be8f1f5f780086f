/**
 * @module The one authorisation rule: whether a caller may do what a permission covers,
 * decided from their role in the app and their access token's limits alone. Pure: the
 * HTTP guard (and core, for the checks a request body calls for) looks the role up and asks.
 */
import { PERMISSIONS, type Permission, type Role, roleAtLeast, type Scope } from '../../contract/access/roles.ts'

/** What limits a caller beyond their role: an access token's scopes and apps; null means none. */
export interface Limits {
  scopes: readonly Scope[] | null
  apps: readonly string[] | null
}

/** A session (or a token made before scopes): limited by role alone. */
export const UNLIMITED: Limits = { scopes: null, apps: null }

export type Decision =
  | { ok: true }
  /** `hidden`: the app is not the caller's to know of (404, the same as a missing app). */
  | { ok: false; reason: 'hidden' }
  | { ok: false; reason: 'role'; needs: Role; has: Role }
  | { ok: false; reason: 'scope'; needs: Scope }
  /** A token limited to some apps, for an operation that reaches beyond them. */
  | { ok: false; reason: 'apps' }

/**
 * Decides `permission` for a caller whose role in the app is `role` (null: none, or the
 * operation is not about one app) limited by `limits`. An app the token is not for is
 * hidden like one the caller is no member of; a missing scope is named.
 */
export function decide(permission: Permission, role: Role | null, limits: Limits, appId?: string): Decision {
  const rule = PERMISSIONS[permission]
  if (rule.role) {
    if (!role || !appId || (limits.apps && !limits.apps.includes(appId))) return { ok: false, reason: 'hidden' }
    if (!roleAtLeast(role, rule.role)) return { ok: false, reason: 'role', needs: rule.role, has: role }
  }
  if (rule.scope && limits.scopes && !limits.scopes.includes(rule.scope)) {
    return { ok: false, reason: 'scope', needs: rule.scope }
  }
  if ('allApps' in rule && limits.apps) return { ok: false, reason: 'apps' }
  return { ok: true }
}
