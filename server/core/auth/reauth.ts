/**
 * @module Proof that the owner is at the keyboard, for the changes that would hand the
 * account to whoever holds one access token or an unattended session: a new e-mail address,
 * a new password, a new access token. Accounts with a password give it again; accounts
 * without one give a login code mailed to their current address. A wrong password counts
 * towards the password-guessing throttle (login-throttle.ts) and a wrong code spends a try
 * like a log-in, so these routes guess no faster than the log-in routes.
 */
import type { AppContext } from '../context.ts'
import { AppError } from '../../contract/errors.ts'
import { AUTH } from '../../contract/limits.ts'
import type { UserRow } from '../users/users.ts'
import type { Principal } from './authenticate.ts'
import { consumeEmailCode } from './email-codes.ts'
import { beginLoginAttempt, clearLoginFailures } from './login-throttle.ts'
import { verifyPassword } from './passwords.ts'

/** What a caller may send as proof (both optional in the inputs; which one counts depends on the account). */
export interface ReauthProof {
  currentPassword?: string
  code?: string
}

/** What is being changed, for the messages: "changing the e-mail address", "the e-mail address was not changed". */
export interface ReauthAction {
  doing: string
  unchanged: string
}

/** How an account proves itself: its password, or a code mailed to its address. */
export const reauthMethod = (user: UserRow): 'password' | 'code' => (user.passwordHash === null ? 'code' : 'password')

/** The 403 `reauth_required` for `user`; `details.method` tells a client which field to ask for. */
export function reauthRequired(user: UserRow, action: ReauthAction): AppError {
  const method = reauthMethod(user)
  const how =
    method === 'password'
      ? 'your current password: send it as "currentPassword"'
      : `a login code mailed to your current address: ask for one with POST /api/v3/auth/code {"email": "${user.email}"} and send it as "code"`
  return new AppError('reauth_required', `${capitalize(action.doing)} needs ${how}`, { method })
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * Checks `proof` for `user` from the client at `address`: 403 `reauth_required` when the
 * needed proof is missing, 403 `wrong_password` / `wrong_code` when it is wrong, 429 while
 * the password throttle or the code caps hold.
 */
export async function confirmIdentity(
  ctx: AppContext,
  user: UserRow,
  proof: ReauthProof,
  address: string,
  action: ReauthAction,
): Promise<void> {
  if (user.passwordHash !== null) {
    if (proof.currentPassword === undefined) throw reauthRequired(user, action)
    const turn = ctx.passwords.admit()
    try {
      await beginLoginAttempt(ctx, user.email, address)
    } catch (error) {
      turn.release()
      throw error
    }
    if (!(await verifyPassword(ctx, proof.currentPassword, user.passwordHash, turn))) {
      ctx.log.warn('wrong current password', { email: user.email, address })
      throw new AppError('wrong_password', `The current password is wrong; ${action.unchanged}`)
    }
    await clearLoginFailures(ctx, user.email, address)
    return
  }
  if (proof.code === undefined) throw reauthRequired(user, action)
  try {
    await consumeEmailCode(ctx, user.email, proof.code, address)
  } catch (error) {
    if (error instanceof AppError && error.type === 'unauthorized') {
      throw new AppError(
        'wrong_code',
        `That code is not the one mailed to ${user.email} for you: it is mistyped, expired (codes last ${AUTH.codeTtlMs / 60_000} minutes) or used; ` +
          `ask for a new one with POST /api/v3/auth/code; ${action.unchanged}`,
      )
    }
    throw error
  }
}

/**
 * True when `principal` must prove itself again before creating an access token: always
 * with an access token (a token never mints tokens alone: one that leaks could otherwise
 * keep itself alive past its revocation and expiry through successors), and with a session
 * that logged in more than AUTH.reauthWindowMs ago ("sudo mode"), since a browser left
 * logged in may have someone else in front of it.
 */
export function needsRecentLogin(ctx: AppContext, principal: Principal): boolean {
  if (principal.method === 'token') return true
  return ctx.clock.now() - (principal.sessionCreatedAt ?? 0) > AUTH.reauthWindowMs
}
