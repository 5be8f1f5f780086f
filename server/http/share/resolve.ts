/**
 * @module From the token in a share URL to the endpoint's settings (DESIGN rule 16), with
 * the switches and the rate limit applied: unknown, rotated or unpublished → 404, a switch
 * off → 403 `disabled` (reads: unless the owner's access token came along), too many
 * requests → 429 with Retry-After. Settings come from the context's endpoint cache
 * (core/share/endpoint-cache.ts), buckets from its limiter.
 */
import type { AppContext } from '../../context.ts'
import { rateBucket, type ShareEndpoint, type ShareMode } from '../../core/share/endpoint-cache.ts'
import { AppError } from '../../core/errors.ts'
import { requireReadAccess } from '../../core/share/read-access.ts'

export type { ShareEndpoint, ShareMode }

/**
 * The token of an `Authorization: Bearer <token>` header, or null. A header of any other
 * shape is no token (not a 401): on share routes a bad credential counts as none.
 */
export function readerToken(request: Request): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')
  return match ? match[1] : null
}

/**
 * The published endpoint of `token`, checked for `mode`'s switch and rate limit. Throws
 * 404 `not_found`, 403 `disabled` or 429 `rate_limited`; for the 429, `headers` (the
 * response headers, e.g. Elysia's `set.headers`) get `Retry-After`. Reads pass `bearer`
 * (see `readerToken`): the owner's access token reads whatever `reads` says.
 */
export async function resolveEndpoint(ctx: AppContext, token: string, mode: ShareMode, headers?: Record<string, string>, bearer: string | null = null): Promise<ShareEndpoint> {
  // Elysia hands over null for a path segment that is not valid percent-encoding.
  const endpoint = typeof token === 'string' ? await ctx.caches.endpoints.lookup(token) : undefined
  if (!endpoint || !endpoint.published) {
    throw new AppError(404, 'not_found', 'No published form has this address: the link may be mistyped, or the owner rotated its token or unpublished it')
  }
  if (mode === 'write' && !endpoint.service) {
    throw new AppError(403, 'disabled', 'Writes are switched off for this endpoint (service switch); the owner can turn them on in the share settings')
  }
  if (mode !== 'write') await requireReadAccess(ctx, endpoint, mode, bearer)
  if (endpoint.rateLimit) {
    const taken = ctx.limiter.take(rateBucket(endpoint.appId, mode), endpoint.rateLimit)
    if (!taken.ok) {
      if (headers) headers['retry-after'] = String(taken.retryAfterSeconds)
      throw new AppError(429, 'rate_limited', `Too many requests to this endpoint (limit ${endpoint.rateLimit.rate}/s, burst ${endpoint.rateLimit.burst}); retry after ${taken.retryAfterSeconds} s`, { retryAfterSeconds: taken.retryAfterSeconds })
    }
  }
  return endpoint
}
