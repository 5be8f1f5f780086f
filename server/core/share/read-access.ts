/**
 * @module Who may read a published endpoint (docs/design.md rule 16). The endpoint token sits in
 * public pages and fill-in links, so it reads only what the owner opened with `reads`. The
 * owner's access token always reads; any other token (another account's, revoked, unknown
 * or malformed) counts as no token at all, and the answer is the same as without one, so
 * it tells nobody whether a token is valid.
 */
import type { AppContext } from '../context.ts'
import { verifyAccessToken } from '../auth/access-tokens.ts'
import { AppError } from '../../contract/errors.ts'
import { AUTH } from '../../contract/limits.ts'
import { openToAnyone, type ReadAccess, type ReadPath } from '../../contract/share/reads.ts'

/** What the read check needs to know about an endpoint. */
export interface ReadableEndpoint {
  ownerId: string
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

/** True when `bearer` is a live access token of the endpoint's owner. */
export async function isOwnersToken(
  ctx: AppContext,
  endpoint: Pick<ReadableEndpoint, 'ownerId'>,
  bearer: string,
): Promise<boolean> {
  const verified = await verifyAccessToken(ctx, bearer)
  return verified !== null && verified.userId === endpoint.ownerId
}

/** True when a share request's `Authorization: Bearer` token (null without one) is the owner's: it then reads everything. */
export async function readsAsOwner(
  ctx: AppContext,
  endpoint: ReadableEndpoint,
  bearer: string | null,
): Promise<boolean> {
  return bearer !== null && (await isOwnersToken(ctx, endpoint, bearer))
}

/**
 * Throws 403 `disabled` unless `path` is open to anyone or `bearer` (the token of an
 * `Authorization: Bearer` header, null without one) is the owner's access token.
 */
export async function requireReadAccess(
  ctx: AppContext,
  endpoint: ReadableEndpoint,
  path: ReadPath,
  bearer: string | null,
): Promise<void> {
  if (openToAnyone(endpoint.reads, path)) return
  if (await readsAsOwner(ctx, endpoint, bearer)) return
  throw readsDisabledError(endpoint.reads, path)
}
