/**
 * @module From the token in a share URL to the endpoint's settings (docs/design.md rule 16), with
 * the switches and the rate limits applied: unknown, rotated or unpublished → 404, a switch
 * off → 403 `disabled` (reads: unless the owner's access token came along), too many
 * requests → 429 with Retry-After (throttle.ts). Settings come from the context's endpoint
 * cache (core/share/endpoint-cache.ts), buckets from its limiter.
 */
import type { AppContext } from '../../core/context.ts'
import type { ShareMode } from '../../core/share/endpoint-cache.ts'
import type { ShareEndpoint } from '../../core/share/endpoint-cache-types.ts'
import { AppError } from '../../contract/errors.ts'
import { requireReadAccess } from '../../core/share/read-access.ts'
import { clientAddress } from '../client-address.ts'
import { chargeRate } from './throttle.ts'

export type { ShareEndpoint, ShareMode }

/**
 * The token of an `Authorization: Bearer <token>` header, or null. A header of any other
 * shape is no token (not a 401): on share routes a bad credential counts as none.
 */
export function readerToken(request: Request): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')
  return match ? match[1] : null
}

/** What a share request brings besides its token. */
export interface ShareAccess {
  /** The request: its client address is rate limited apart (none: only the endpoint's limit). */
  request?: Request
  /** Reads: the `Authorization: Bearer` token (see `readerToken`); the owner's reads whatever `reads` says. */
  bearer?: string | null
  /** What the request costs under the rate limit (default 1); 0 only checks for a token (a batch charges its records later). */
  cost?: number
}

/**
 * The published endpoint of `token`, checked for `mode`'s switch and rate limits. Throws
 * 404 `not_found`, 403 `disabled` or 429 `rate_limited`; `headers` (the response headers,
 * e.g. Elysia's `set.headers`) get RateLimit-Policy and RateLimit, and Retry-After with a 429.
 */
export async function resolveEndpoint(ctx: AppContext, token: string, mode: ShareMode, headers?: Record<string, string>, access: ShareAccess = {}): Promise<ShareEndpoint> {
  // Elysia hands over null for a path segment that is not valid percent-encoding.
  const endpoint = typeof token === 'string' ? await ctx.caches.endpoints.lookup(token) : undefined
  if (!endpoint || !endpoint.published) {
    throw new AppError('not_found', 'No published form has this address: the link may be mistyped, or the owner rotated its token or unpublished it')
  }
  if (mode === 'write' && !endpoint.service) {
    throw new AppError('disabled', 'Writes are switched off for this endpoint (service switch); the owner can turn them on in the share settings')
  }
  if (mode !== 'write') await requireReadAccess(ctx, endpoint, mode, access.bearer ?? null)
  chargeRate(ctx, endpoint, mode, requestClient(ctx, access.request), access.cost ?? 1, headers)
  return endpoint
}

/** Contexts already warned that a proxy's X-Forwarded-For is being ignored. */
const warnedOfProxy = new WeakSet<AppContext>()

/**
 * The client address of `request` (null without one, or without a socket). Once per
 * server, an X-Forwarded-For without SVC_TRUST_PROXY is logged: the operator probably runs
 * svc behind a proxy, and every client then shares one per-client limit.
 */
export function requestClient(ctx: AppContext, request: Request | undefined): string | null {
  if (!request) return null
  const client = clientAddress(request, null, ctx.config)
  if (client !== null && ctx.config.trustProxy.length === 0 && !warnedOfProxy.has(ctx) && request.headers.has('x-forwarded-for')) {
    warnedOfProxy.add(ctx)
    ctx.log.warn('a request came with X-Forwarded-For, which is ignored: if svc runs behind a reverse proxy, set SVC_TRUST_PROXY to its address so clients are rate limited apart', { from: client })
  }
  return client
}
