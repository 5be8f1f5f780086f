/**
 * @module The HTTP side of resolving a share URL's endpoint: what a request brings besides
 * its token (the client address, the `Authorization: Bearer` token) and the rate-limit
 * headers of the answer. The policy itself — 404 for unknown, rotated or unpublished
 * tokens, the switches, the rate limits — is core's (core/share/resolve.ts).
 */
import type { AppContext } from '../../core/context.ts'
import {
  resolveEndpoint as resolveShareEndpoint,
  type ShareAccess,
  type ShareEndpoint,
  type ShareMode,
} from '../../core/share/resolve.ts'
import { clientAddress } from '../client-address.ts'
import { writeRateHeaders } from './throttle.ts'

export type { ShareEndpoint, ShareMode }

/**
 * The token of an `Authorization: Bearer <token>` header, or null. A header of any other
 * shape is no token (not a 401): on share routes a bad credential counts as none.
 */
export function readerToken(request: Request): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')
  return match ? match[1] : null
}

/** What a share read brings besides its token. */
export interface ShareRequest {
  /** The request: its client address is rate limited apart (none: only the endpoint's limit). */
  request?: Request
  /** The `Authorization: Bearer` token (see `readerToken`); the owner's reads whatever `reads` says. */
  bearer?: string | null
}

/**
 * The published endpoint of `token`, checked for `mode`'s switch and rate limits by core.
 * Throws 404 `not_found`, 403 `disabled` or 429 `rate_limited`; `headers` (the response
 * headers, e.g. Elysia's `set.headers`) get RateLimit-Policy and RateLimit, and Retry-After with a 429.
 */
export async function resolveEndpoint(
  ctx: AppContext,
  token: string,
  mode: ShareMode,
  headers?: Record<string, string>,
  from: ShareRequest = {},
): Promise<ShareEndpoint> {
  const access: ShareAccess = { client: requestClient(ctx, from.request), bearer: from.bearer ?? null, rate: null }
  try {
    return await resolveShareEndpoint(ctx, token, mode, access)
  } finally {
    if (headers) writeRateHeaders(headers, access.rate)
  }
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
  if (
    client !== null &&
    ctx.config.trustProxy.length === 0 &&
    !warnedOfProxy.has(ctx) &&
    request.headers.has('x-forwarded-for')
  ) {
    warnedOfProxy.add(ctx)
    ctx.log.warn(
      'a request came with X-Forwarded-For, which is ignored: if svc runs behind a reverse proxy, set SVC_TRUST_PROXY to its address so clients are rate limited apart',
      { from: client },
    )
  }
  return client
}
