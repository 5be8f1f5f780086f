/**
 * @module Forgotten password: an e-mailed login code (same tries, lifetime and single use
 * as code log-in) lets the owner set a new password. Every session of the account ends,
 * since whoever knew the old password may hold one, and the caller is logged in afresh.
 * Access tokens are not sessions and keep working (scripts and CI rely on them), so the
 * answer lists them with how to revoke them: whoever knew the password may have made one.
 */
import type { AppContext } from '../context.ts'
import type { PasswordResetAnswer } from '../../contract/api/auth.ts'
import { findUserById, setPasswordHash } from '../users/users.ts'
import { listAccessTokens } from './access-tokens.ts'
import { alertOwner } from './alerts.ts'
import { consumeEmailCode } from './email-codes.ts'
import { startLogin, type LoginResult } from './start-login.ts'
import { clearLoginFailures } from './login-throttle.ts'
import { hashPassword } from './passwords.ts'
import { parseInput, PasswordResetInput } from '../../contract/auth/schemas.ts'
import { deleteOtherSessions } from './sessions.ts'

/** A reset's log-in, plus what it ended and what still works (the contract's `PasswordReset`, and the session for the cookie). */
export type PasswordResetResult = PasswordResetAnswer & Pick<LoginResult, 'session'>

/** The warning of a reset that left access tokens alive; it names the ways to revoke them. */
export function tokensStillWork(count: number): string {
  const them = count === 1 ? 'it if it is' : 'them if they are'
  return (
    `${count} access token${count === 1 ? '' : 's'} made before the reset still work${count === 1 ? 's' : ''}: revoke any you do not recognise ` +
    `(svc-cli auth token revoke <id>, or every token but the CLI's own with svc-cli auth token revoke --all; ` +
    `DELETE /api/v3/auth/tokens/{id} or DELETE /api/v3/auth/tokens over HTTP; or Account → Access Tokens in the admin page), ` +
    `or keep ${them} yours`
  )
}

/**
 * Sets a new password with the code mailed to `email` for the client at `address`, ends
 * every session of the account, logs in, and lists the access tokens that still work.
 */
export async function resetPassword(
  ctx: AppContext,
  input: PasswordResetInput,
  address: string,
): Promise<PasswordResetResult> {
  // Parsed first: a weak password is a 422 that does not spend the code or one of its tries.
  const { email, code, newPassword, tokenName, replaceToken } = parseInput(PasswordResetInput, input)
  const user = await consumeEmailCode(ctx, email, code, address)
  await setPasswordHash(ctx, user.id, await hashPassword(ctx, newPassword))
  const endedSessions = await deleteOtherSessions(ctx, user.id, null)
  // This client's failed guesses of the old password say nothing about the new one.
  await clearLoginFailures(ctx, email, address)
  ctx.log.info('password reset by e-mail code', { email, endedSessions })
  // Re-read so the answer's `hasPassword` reflects the new password.
  const login = await startLogin(ctx, (await findUserById(ctx, user.id)) ?? user, { tokenName, replaceToken }, 'reset')
  const tokens = (await listAccessTokens(ctx, user.id)).filter((token) => token.id !== login.token?.id)
  // The owner's mail about it lists them too, with one link that revokes them all (alerts.ts).
  await alertOwner(ctx, user.id, {
    kind: 'password.changed',
    live: tokens.map(({ id, name, prefix }) => ({ id, name, prefix })),
  })
  return {
    ...login,
    endedSessions,
    tokens,
    ...(tokens.length > 0 ? { warnings: [tokensStillWork(tokens.length)] } : {}),
  }
}
