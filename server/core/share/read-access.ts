/**
 * @module Who may read a published endpoint (docs/design.md rule 16). The endpoint token sits in
 * public pages and fill-in links, so it reads only what the owner opened with `reads`. An
 * access token whose holder may read the app's records (its owner or a member, within the
 * token's scopes and apps) always reads; any other token (another account's, out of scope,
 * expired, revoked, unknown or malformed) counts as no token at all, and the answer is the
 * same as without one, so it tells nobody whether a token is valid.
 */
import type { AppContext } from '../context.ts'
import { verifyAccessToken } from '../auth/access-tokens.ts'
import { decide } from '../access/policy.ts'
import type { Permission } from '../../contract/access/roles.ts'
import { AppError } from '../../contract/errors.ts'
import { AUTH } from '../../contract/limits.ts'
import { openToAnyone, type ReadAccess, type ReadPath } from '../../contract/share/reads.ts'

/** What the read check needs to know about an endpoint. */
export interface ReadableEndpoint {
  appId: string
  reads: ReadAccess
}

/** The 403 for a read path `reads` keeps closed: names the switch and how the owner reads instead. */
export function readsDisabledError(reads: ReadAccess, path: ReadPath): AppError {
  const what = path === 'query' ? 'records' : 'the summary'
  const setting = reads === 'summary' ? '"summary", which opens /summary only' : `"${reads}"`
  return new AppError(
    'disabled',
    `Reading ${what} with the endpoint token is switched off for this endpoint (reads switch: ${setting}); the records are the owner's. ` +
      `The owner reads ${path === 'query' ? 'them' : 'it'} with an access token in "Authorization: Bearer ${AUTH.accessTokenPrefix}…", with \`svc-cli share ${path}\`, or in the admin page; ` +
      'opening reads to anyone with the link is the reads switch of the share settings.',
  )
}

/** True when `bearer` is a live access token whose holder may do `permission` in the endpoint's app. */
export async function tokenMay(
  ctx: AppContext,
  endpoint: Pick<ReadableEndpoint, 'appId'>,
  bearer: string,
  permission: Permission = 'records:read',
): Promise<boolean> {
  const verified = await verifyAccessToken(ctx, bearer, null)
  if (!verified || verified.expired) return false
  const role = (await ctx.storage.apps.access(endpoint.appId, verified.userId))?.role ?? null
  return decide(permission, role, verified.limits, endpoint.appId).ok
}

/** True when a share request's `Authorization: Bearer` token (null without one) may read the app's records: it then reads everything. */
export async function readsInFull(
  ctx: AppContext,
  endpoint: ReadableEndpoint,
  bearer: string | null,
): Promise<boolean> {
  return bearer !== null && (await tokenMay(ctx, endpoint, bearer))
}

/**
 * Throws 403 `disabled` unless `path` is open to anyone or `bearer` (the token of an
 * `Authorization: Bearer` header, null without one) may read the app's records.
 */
export async function requireReadAccess(
  ctx: AppContext,
  endpoint: ReadableEndpoint,
  path: ReadPath,
  bearer: string | null,
): Promise<void> {
  if (openToAnyone(endpoint.reads, path)) return
  if (await readsInFull(ctx, endpoint, bearer)) return
  throw readsDisabledError(endpoint.reads, path)
}
