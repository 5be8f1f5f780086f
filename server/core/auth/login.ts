/**
 * @module Logging in by e-mail and password, and what every successful login produces:
 * a session (for the cookie) and, when asked, an access token (how the CLI logs in).
 */
import type { AppContext } from '../context.ts'
import type { LoginAnswer } from '../../contract/api/auth.ts'
import { AppError } from '../../contract/errors.ts'
import { findUserByEmail, toPublicUser, type UserRow } from '../users/users.ts'
import { createAccessToken, replaceAccessToken } from './access-tokens.ts'
import { beginLoginAttempt, clearLoginFailures } from './login-throttle.ts'
import { verifyPassword } from './passwords.ts'
import { codeRequired, mailPasswordLoginCode, spendPasswordLoginCode, wrongPasswordOrCode } from './password-code.ts'
import { LoginInput, parseInput } from '../../contract/auth/schemas.ts'
import { createSession, pruneExpiredSessions } from './sessions.ts'

/** A logged-in account: the session goes into the cookie, the rest is the answer (the contract's `Login`; `token` is shown once). */
export type LoginResult = LoginAnswer & { session: { value: string; expiresAt: number } }

/** What a login asked for besides the session: a named access token, replacing its namesakes or not. */
export interface TokenRequest {
  tokenName?: string
  replaceToken?: boolean
}

/**
 * Starts a session for `user` and, when a token name is given, creates an access token;
 * with `replaceToken` the account's earlier tokens of that name are revoked in the same step.
 */
export async function startLogin(ctx: AppContext, user: UserRow, request: TokenRequest = {}): Promise<LoginResult> {
  await pruneExpiredSessions(ctx)
  const session = await createSession(ctx, user.id)
  const result: LoginResult = { user: toPublicUser(user), session }
  if (request.tokenName === undefined) return result
  if (request.replaceToken) {
    const { token, replaced } = await replaceAccessToken(ctx, user.id, request.tokenName)
    result.token = token
    result.replacedTokens = replaced
    if (replaced.length > 0)
      ctx.log.info('login replaced access tokens', {
        userId: user.id,
        name: token.name,
        revoked: replaced.map((t) => t.prefix),
      })
  } else {
    result.token = await createAccessToken(ctx, user.id, request.tokenName)
  }
  return result
}

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
