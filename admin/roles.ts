/**
 * @module What the caller's role in an app lets a screen offer. The least role of each
 * permission is read from the server's own table (server/contract/access/roles.ts), so a
 * button shows exactly where the server would do what it asks rather than answer 403.
 */
import { html, type TemplateResult } from 'lit'
import { PERMISSIONS, roleAtLeast, type Permission, type Role } from '../server/contract/access/roles.ts'

/** True when `role` in an app is enough for `permission` (e.g. `may('editor', 'records:delete')` is false). */
export function may(role: Role, permission: Permission): boolean {
  const least = PERMISSIONS[permission].role
  return least === null || roleAtLeast(role, least)
}

/**
 * The one line a viewer reads where an editor finds controls: "You are a viewer of this
 * app: " and `what` they may do there, which ends by saying they do not change it.
 */
export const viewerNotice = (what: string): TemplateResult =>
  html`<p class="notice viewer-notice">You are a viewer of this app: ${what}.</p>`
