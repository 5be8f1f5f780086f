/**
 * @module What every successful log-in produces (by password, code, reset or signup): a
 * session (for the cookie) and, when asked, an access token (how the CLI logs in).
 */
import { auditEvent } from '../audit/record.ts'
import type { AppContext } from '../context.ts'
import type { LoginAnswer } from '../../contract/api/auth.ts'
import { toPublicUser, type UserRow } from '../users/users.ts'
import { createAccessToken, replaceAccessToken } from './access-tokens.ts'
import { createSession, pruneExpiredSessions } from './sessions.ts'

/** A logged-in account: the session goes into the cookie, the rest is the answer (the contract's `Login`; `token` is shown once). */
export type LoginResult = LoginAnswer & { session: { value: string; expiresAt: number } }

/** How the log-in proved who it was: what its audit log entry names as the way in. */
export type LoginWay = 'password' | 'code' | 'reset' | 'signup' | 'invitation'

/** What a login asked for besides the session: a named access token, replacing its namesakes or not. */
export interface TokenRequest {
  tokenName?: string
  replaceToken?: boolean
}

/**
 * Starts a session for `user` and, when a token name is given, creates an access token;
 * with `replaceToken` the account's earlier tokens of that name are revoked in the same step.
 */
export async function startLogin(
  ctx: AppContext,
  user: UserRow,
  request: TokenRequest = {},
  way: LoginWay = 'password',
): Promise<LoginResult> {
  await pruneExpiredSessions(ctx)
  const session = await createSession(ctx, user.id)
  await auditEvent(ctx, { action: 'auth.login', accountId: user.id, actor: { user, via: way } })
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
