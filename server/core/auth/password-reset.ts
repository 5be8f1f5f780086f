/**
 * @module Forgotten password: an e-mailed login code (same tries, lifetime and single use
 * as code log-in) lets the owner set a new password. Every session of the account ends,
 * since whoever knew the old password may hold one, and the caller is logged in afresh.
 */
import type { AppContext } from '../../context.ts'
import { findUserById, setPasswordHash } from '../users/users.ts'
import { consumeEmailCode } from './email-codes.ts'
import { startLogin, type LoginResult } from './login.ts'
import { clearLoginFailures } from './login-throttle.ts'
import { hashPassword } from './passwords.ts'
import { parseInput, PasswordResetInput } from './schemas.ts'
import { deleteOtherSessions } from './sessions.ts'

/** Sets a new password with the code mailed to `email`, ends the account's sessions and logs in. */
export async function resetPassword(ctx: AppContext, input: PasswordResetInput): Promise<LoginResult> {
  // Parsed first: a weak password is a 422 that does not spend the code or one of its tries.
  const { email, code, newPassword, tokenName } = parseInput(PasswordResetInput, input)
  const user = consumeEmailCode(ctx, email, code)
  setPasswordHash(ctx, user.id, await hashPassword(newPassword))
  deleteOtherSessions(ctx, user.id, null)
  // Failed guesses of the old password no longer say anything about the new one.
  clearLoginFailures(ctx, email)
  ctx.log.info('password reset by e-mail code', { email })
  // Re-read so the answer's `hasPassword` reflects the new password.
  return startLogin(ctx, findUserById(ctx, user.id) ?? user, tokenName)
}
