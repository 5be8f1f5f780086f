/**
 * @module Creating an access token through the API. Only a person creates one: a session
 * in sudo mode, or any caller that proves itself in the request (current password or a
 * mailed code, reauth.ts) — never another token alone, so a leaked token cannot mint
 * itself successors. Kept apart from access-tokens.ts, which log-in uses too.
 */
import type { AppContext } from '../context.ts'
import { validationError, type Problem } from '../../contract/errors.ts'
import { AUTH } from '../../contract/limits.ts'
import { createAccessToken, type AccessTokenInfo } from './access-tokens.ts'
import type { Principal } from './authenticate.ts'
import { confirmIdentity, needsRecentLogin } from './reauth.ts'
import { parseInput, TokenCreateInput } from '../../contract/auth/schemas.ts'

/**
 * Creates a token as `principal` asked through the API: a token, or a session that logged
 * in long ago, must prove itself first (reauth.ts); `address` is the caller's, for the
 * guessing throttles. The apps named must be ones the caller works on (422 naming the
 * others, the same whether they exist or not), the expiry a future time.
 */
export async function createTokenAsked(
  ctx: AppContext,
  principal: Principal,
  input: TokenCreateInput,
  address: string,
): Promise<AccessTokenInfo & { token: string }> {
  const { name, scopes, apps, expiresAt, currentPassword, code } = parseInput(TokenCreateInput, input)
  const problems: Problem[] = []
  const expiry = expiresAt == null ? null : Date.parse(expiresAt)
  if (expiry !== null && expiry <= ctx.clock.now()) {
    problems.push({
      path: 'expiresAt',
      message: `must be in the future (it is ${new Date(ctx.clock.now()).toISOString()} now)`,
    })
  }
  for (const [i, appId] of (apps ?? []).entries()) {
    if (!(await ctx.storage.apps.access(appId, principal.user.id))) {
      problems.push({
        path: `apps.${i}`,
        message: `${JSON.stringify(appId)} is not an app of yours: svc-cli app list shows their ids`,
      })
    }
  }
  if (problems.length > 0) throw validationError(problems)
  if (needsRecentLogin(ctx, principal)) {
    await confirmIdentity(ctx, principal.user, { currentPassword, code }, address, {
      doing:
        principal.method === 'token'
          ? 'creating an access token with another access token'
          : `creating an access token from a session logged in over ${AUTH.reauthWindowMs / 60_000} minutes ago`,
      unchanged: 'no token was created',
    })
  }
  return createAccessToken(ctx, principal.user.id, name, { scopes, apps, expiresAt: expiry })
}
