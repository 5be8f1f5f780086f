/**
 * @module From the token in a share URL to the endpoint's settings (docs/design.md rule 16), with
 * the switches and the rate limits applied: unknown, rotated or unpublished → 404, a switch
 * off → 403 `disabled` (reads: unless the owner's access token came along), a closed form →
 * 403 `closed` (writes; contract/share/closing.ts), too many
 * requests → 429 (throttle.ts). Settings come from the context's endpoint cache
 * (endpoint-cache.ts), buckets from its limiter. Every share route, write or read, resolves
 * its endpoint here.
 */
import type { AppContext } from '../context.ts'
import { AppError } from '../../contract/errors.ts'
import type { ShareMode } from './endpoint-cache.ts'
import type { ShareEndpoint } from './endpoint-cache-types.ts'
import { requireReadAccess } from './read-access.ts'
import { chargeRate, type RateReport } from './throttle.ts'
import { closedError } from '../../contract/share/closing.ts'
import { closedNow } from './closed.ts'

export type { ShareEndpoint, ShareMode }

/** What a share request brings besides its token; `rate` receives the figures of the limits it was charged to. */
export interface ShareAccess extends RateReport {
  /** The client's address: it is rate limited apart (null or absent: only the endpoint's limit). */
  client?: string | null
  /** Reads: the `Authorization: Bearer` token, null without one; the owner's reads whatever `reads` says. */
  bearer?: string | null
  /**
   * Writes: the Idempotency-Key sent, if any. A keyed write to a form that holds its
   * `closeAfter` records is left to the store, which answers a retry of a stored submission
   * with its ids before it counts places.
   */
  idempotencyKey?: string | null
}

/** 404 for a token that names no published endpoint, as every share route answers it. */
export const noPublishedEndpoint = () =>
  new AppError(
    'not_found',
    'No published form has this address: the link may be mistyped, or the owner rotated its token or unpublished it',
  )

/**
 * Refuses a write to a closed form (403 `closed`): by hand, past `closesAt`, or holding its
 * `closeAfter` records. The count read here spares reading a body a full form cannot take;
 * the store counts again where it decides (storage/records.ts `RecordJob.limits`).
 */
async function requireOpen(ctx: AppContext, endpoint: ShareEndpoint, keyed: boolean): Promise<void> {
  const why = await closedNow(ctx, endpoint.appId, keyed ? { ...endpoint, closeAfter: null } : endpoint)
  if (why) throw closedError(endpoint, why)
}

/**
 * The published endpoint of `token`, checked for `mode`'s switch and charged `cost` (default 1;
 * 0 only checks that the limits have room: a batch charges its records once it has counted
 * them) under its rate limits. Throws 404 `not_found`, 403 `disabled` or `closed`, or 429 `rate_limited`;
 * the figures of the limits go to `access.rate`.
 */
export async function resolveEndpoint(
  ctx: AppContext,
  token: string,
  mode: ShareMode,
  access: ShareAccess,
  cost = 1,
): Promise<ShareEndpoint> {
  // The HTTP face hands over null for a path segment that is not valid percent-encoding.
  const endpoint = typeof token === 'string' ? await ctx.caches.endpoints.lookup(token) : undefined
  if (!endpoint?.published) throw noPublishedEndpoint()
  const writes = mode === 'write' || mode === 'challenge'
  if (writes && !endpoint.service) {
    throw new AppError(
      'disabled',
      'Writes are switched off for this endpoint (service switch); the owner can turn them on in the share settings',
    )
  }
  if (writes) await requireOpen(ctx, endpoint, Boolean(access.idempotencyKey))
  else await requireReadAccess(ctx, endpoint, mode, access.bearer ?? null)
  chargeRate(ctx, endpoint, mode, access.client ?? null, cost, access)
  return endpoint
}
