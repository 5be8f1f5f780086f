/**
 * @module Finds an endpoint by the token in a share URL. Tokens are stored only as a
 * SHA-256 hash, so the lookup hashes the presented token.
 */
import type { AppContext } from '../context.ts'
import type { EndpointWithOwner } from '../../db/storage/share.ts'
import { hashSecret } from '../ids.ts'

/** An endpoint row with its app's owner, whose access token always reads it. */
export type EndpointRow = EndpointWithOwner

/** The endpoint whose current token is `token` (published or not), or undefined. */
export async function findEndpointByToken(
  ctx: Pick<AppContext, 'storage'>,
  token: string,
): Promise<EndpointRow | undefined> {
  if (token.length < 16 || token.length > 128) return undefined
  return (await ctx.storage.share.byTokenHash(hashSecret(token))) ?? undefined
}
