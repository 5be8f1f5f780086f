/**
 * @module Creating an access token through the API, where an old session must prove itself
 * first (reauth.ts); kept apart from access-tokens.ts, which log-in uses too.
 */
import type { AppContext } from '../context.ts'
import { AUTH } from '../../contract/limits.ts'
import { createAccessToken, type AccessTokenInfo } from './access-tokens.ts'
import type { Principal } from './authenticate.ts'
import { confirmIdentity, needsRecentLogin } from './reauth.ts'
import { parseInput, TokenCreateInput } from '../../contract/auth/schemas.ts'

/**
 * Creates a token as `principal` asked through the API: a session that logged in long ago
 * must prove itself first (reauth.ts); `address` is the caller's, for the guessing throttles.
 */
export async function createTokenAsked(
  ctx: AppContext,
  principal: Principal,
  input: TokenCreateInput,
  address: string,
): Promise<AccessTokenInfo & { token: string }> {
  const { name, currentPassword, code } = parseInput(TokenCreateInput, input)
  if (needsRecentLogin(ctx, principal)) {
    await confirmIdentity(ctx, principal.user, { currentPassword, code }, address, {
      doing: `creating an access token from a session logged in over ${AUTH.reauthWindowMs / 60_000} minutes ago`,
      unchanged: 'no token was created',
    })
  }
  return createAccessToken(ctx, principal.user.id, name)
}
