/**
 * @module Who a share submission comes from, as far as fields are concerned: someone who may
 * change the app's fields (an `Authorization: Bearer` access token of its owner, or of an
 * editor or above, with the apps:write scope, came along), whose new keys become accepted fields, or a stranger, whose new keys become fields proposed by their client key
 * (address; /64 for IPv6), counted against that client's hourly budget.
 */
import type { AppContext } from '../context.ts'
import { clientKey } from '../client-key.ts'
import { tokenMay } from '../share/read-access.ts'

/** The client key of requests that came without an address (in-process tests): they share one budget. */
const NO_ADDRESS = 'unknown'

/** CollectSettings.proposer of a submission: null for one that may change the fields, else the client key it proposes fields as. */
export async function proposerOf(
  ctx: AppContext,
  endpoint: { appId: string },
  bearer: string | null,
  address: string | null,
): Promise<string | null> {
  if (bearer !== null && (await tokenMay(ctx, endpoint, bearer, 'apps:write'))) return null
  return submitterKey(address)
}

/** The client key a stranger at `address` submits (and reads the public summary) as. */
export const submitterKey = (address: string | null): string => clientKey(address ?? NO_ADDRESS)
