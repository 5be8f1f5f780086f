/**
 * @module Logging in by e-mail and password (what a successful log-in produces: start-login.ts).
 */
import { auditEvent } from '../audit/record.ts'
import type { AppContext } from '../context.ts'
import { AppError } from '../../contract/errors.ts'
import { findUserByEmail } from '../users/users.ts'
import { beginLoginAttempt, clearLoginFailures } from './login-throttle.ts'
import { verifyPassword } from './passwords.ts'
import { codeRequired, mailPasswordLoginCode, spendPasswordLoginCode, wrongPasswordOrCode } from './password-code.ts'
import { LoginInput, parseInput } from '../../contract/auth/schemas.ts'
import { startLogin, type LoginResult } from './start-login.ts'

export type { LoginResult }

/**
 * Logs in by e-mail and password from the client at `address`. An unknown e-mail, an
 * account without a password and a wrong password get the same 401 after the same amount
 * of hashing work; too many failures for one address from one client get 429 for a while
 * (see login-throttle.ts). After many failures for the address from every client together,
 * the password alone gets 401 `code_required` and a code is mailed when it was right
 * (password-code.ts); the password with that code logs in.
 */
export async function loginWithPassword(ctx: AppContext, input: LoginInput, address: string): Promise<LoginResult> {
  const { email, password, code, tokenName, replaceToken } = parseInput(LoginInput, input)
  // A turn at hashing first: when hashing is saturated the 429 costs the client none of its tries.
  const turn = ctx.passwords.admit()
  let user: Awaited<ReturnType<typeof findUserByEmail>>
  let codeNeeded: boolean
  try {
    // Counted as a failure before the check (see login-throttle.ts); a success clears it.
    codeNeeded = (await beginLoginAttempt(ctx, email, address)).codeRequired
    user = await findUserByEmail(ctx, email)
  } catch (error) {
    turn.release()
    throw error
  }
  const matches = await verifyPassword(ctx, password, user?.passwordHash ?? null, turn)
  if (!user || !matches) {
    // A line per failure lets a self-hoster's fail2ban (or a reader of the log) spot guessing.
    ctx.log.warn('failed password login', { email, address })
    // The account's holder sees the tries on it; tries for addresses without one are no one's to read.
    if (user)
      await auditEvent(ctx, {
        action: 'auth.loginFailed',
        accountId: user.id,
        actor: null,
        via: 'password',
        target: email,
        address,
      })
    if (codeNeeded) throw code === undefined ? codeRequired(email) : wrongPasswordOrCode()
    throw new AppError('unauthorized', 'E-mail or password is wrong')
  }
  if (codeNeeded) {
    if (code === undefined) {
      await mailPasswordLoginCode(ctx, email, address)
      throw codeRequired(email)
    }
    await spendPasswordLoginCode(ctx, email, code, address)
  }
  await clearLoginFailures(ctx, email, address)
  return startLogin(ctx, user, { tokenName, replaceToken })
}
