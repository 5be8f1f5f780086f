/**
 * @module Asking the policy for one caller: looks their role up in the app and turns a
 * refusal into the error the caller gets — 404 like a missing app when the app is not
 * theirs to know of, 403 `forbidden` naming the role or scope that is missing.
 */
import type { AppContext } from '../context.ts'
import { PERMISSIONS, type Permission, type Role } from '../../contract/access/roles.ts'
import { AppError, notFound } from '../../contract/errors.ts'
import type { Principal } from '../auth/authenticate.ts'
import { type Decision, decide } from './policy.ts'

/** The caller's role in `appId` (null for a permission not about one app); throws when the policy refuses. */
export async function authorize(
  ctx: AppContext,
  principal: Principal,
  permission: Permission,
  appId?: string,
): Promise<Role | null> {
  const rule = PERMISSIONS[permission]
  const role = rule.role && appId ? ((await ctx.storage.apps.access(appId, principal.user.id))?.role ?? null) : null
  const decision = decide(permission, role, principal.limits, appId)
  if (!decision.ok) throw refusal(decision, permission)
  return role
}

function refusal(decision: Exclude<Decision, { ok: true }>, permission: Permission): AppError {
  switch (decision.reason) {
    case 'hidden':
      return notFound('App')
    case 'role':
      return new AppError(
        'forbidden',
        `This needs the ${decision.needs} role in the app (permission ${permission}); you are ${decision.has}. Ask the app's owner or an admin`,
        { permission, role: decision.needs },
      )
    case 'scope':
      return new AppError(
        'forbidden',
        `This access token lacks the scope ${decision.needs} (permission ${permission}); create a token with it: svc-cli auth token create --scopes ${decision.needs}`,
        { permission, scope: decision.needs },
      )
    case 'apps':
      return new AppError(
        'forbidden',
        `This access token is limited to some apps, and this (permission ${permission}) reaches beyond them; use a token for every app`,
        { permission },
      )
  }
}
