/**
 * @module From the token in a share URL to the endpoint's settings (DESIGN rule 16), with
 * the switches and the rate limit applied: unknown, rotated or unpublished → 404, a switch
 * off → 403 `disabled` (reads: unless the owner's access token came along), too many
 * requests → 429 with Retry-After. Settings are cached per token and dropped when the
 * change feed reports anything about the app.
 */
import type { AppContext } from '../../context.ts'
import { AppError } from '../../core/errors.ts'
import { createRateLimiter, type RateLimiter } from '../../core/ratelimit.ts'
import { findEndpointByToken } from '../../core/share/lookup.ts'
import { parseRateLimit, type RateLimit } from '../../core/share/rate-limit.ts'
import { requireReadAccess } from '../../core/share/read-access.ts'
import type { ReadAccess, ReadPath } from '../../core/share/reads.ts'

/** An endpoint's settings as the public routes use them. */
export interface ShareEndpoint {
  appId: string
  /** The account whose access token always reads this endpoint. */
  ownerId: string
  published: boolean
  service: boolean
  reads: ReadAccess
  autoCreate: boolean
  honeypot: string
  /** Effective limit (endpoint setting, else the server's); null = off. */
  rateLimit: RateLimit | null
  redirectOrigins: string[]
}

/** What a request does: write records, or read one of the read paths. */
export type ShareMode = 'write' | ReadPath

/**
 * The token of an `Authorization: Bearer <token>` header, or null. A header of any other
 * shape is no token (not a 401): on share routes a bad credential counts as none.
 */
export function readerToken(request: Request): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')
  return match ? match[1] : null
}

interface Resolver {
  byToken: Map<string, ShareEndpoint>
  tokensByApp: Map<string, Set<string>>
  limiter: RateLimiter
  /** Counts the changes that drop cached endpoints, so a load that a change overtook is not cached. */
  changes: number
}

const resolvers = new WeakMap<AppContext, Resolver>()

/** Writes and reads have a bucket each; /query and /summary share the read bucket. */
const bucketOf = (appId: string, mode: ShareMode) => `${appId}:${mode === 'write' ? 'write' : 'read'}`

function resolverOf(ctx: AppContext): Resolver {
  let resolver = resolvers.get(ctx)
  if (!resolver) {
    const created: Resolver = { byToken: new Map(), tokensByApp: new Map(), limiter: createRateLimiter(ctx.clock), changes: 0 }
    const { byToken, tokensByApp, limiter } = created
    ctx.changes.subscribe((appId, kind) => {
      if (kind === 'records' || kind === 'fields') return
      created.changes++
      for (const token of tokensByApp.get(appId) ?? []) byToken.delete(token)
      tokensByApp.delete(appId)
      limiter.reset(bucketOf(appId, 'write'))
      limiter.reset(bucketOf(appId, 'query'))
    })
    resolver = created
    resolvers.set(ctx, resolver)
  }
  return resolver
}

function effectiveRateLimit(ctx: AppContext, raw: string | null): RateLimit | null {
  if (raw === null || raw.trim() === '') return ctx.config.rateLimit
  try {
    return parseRateLimit(raw)
  } catch {
    ctx.log.warn('endpoint rate limit unreadable; using the server default', { rateLimit: raw })
    return ctx.config.rateLimit
  }
}

async function load(ctx: AppContext, token: string): Promise<ShareEndpoint | undefined> {
  const row = await findEndpointByToken(ctx, token)
  if (!row) return undefined
  let redirectOrigins: string[] = []
  try {
    const parsed = JSON.parse(row.redirectOrigins) as unknown
    if (Array.isArray(parsed)) redirectOrigins = parsed.filter((o): o is string => typeof o === 'string')
  } catch {
    // An unreadable list allows no redirects.
  }
  return {
    appId: row.appId,
    ownerId: row.ownerId,
    published: row.published,
    service: row.service,
    reads: row.reads,
    autoCreate: row.autoCreate,
    honeypot: row.honeypot,
    rateLimit: effectiveRateLimit(ctx, row.rateLimit),
    redirectOrigins,
  }
}

/**
 * The published endpoint of `token`, checked for `mode`'s switch and rate limit. Throws
 * 404 `not_found`, 403 `disabled` or 429 `rate_limited`; for the 429, `headers` (the
 * response headers, e.g. Elysia's `set.headers`) get `Retry-After`. Reads pass `bearer`
 * (see `readerToken`): the owner's access token reads whatever `reads` says.
 */
export async function resolveEndpoint(ctx: AppContext, token: string, mode: ShareMode, headers?: Record<string, string>, bearer: string | null = null): Promise<ShareEndpoint> {
  const resolver = resolverOf(ctx)
  // Elysia hands over null for a path segment that is not valid percent-encoding.
  let endpoint = typeof token === 'string' ? resolver.byToken.get(token) : undefined
  if (!endpoint && typeof token === 'string') {
    const changes = resolver.changes
    endpoint = await load(ctx, token)
    // A change announced while the row was being read may have made it stale: use it for
    // this request (it was current when read) but do not keep it.
    if (endpoint && resolver.changes === changes) {
      resolver.byToken.set(token, endpoint)
      let tokens = resolver.tokensByApp.get(endpoint.appId)
      if (!tokens) resolver.tokensByApp.set(endpoint.appId, (tokens = new Set()))
      tokens.add(token)
    }
  }
  if (!endpoint || !endpoint.published) {
    throw new AppError(404, 'not_found', 'No published form has this address: the link may be mistyped, or the owner rotated its token or unpublished it')
  }
  if (mode === 'write' && !endpoint.service) {
    throw new AppError(403, 'disabled', 'Writes are switched off for this endpoint (service switch); the owner can turn them on in the share settings')
  }
  if (mode !== 'write') await requireReadAccess(ctx, endpoint, mode, bearer)
  if (endpoint.rateLimit) {
    const taken = resolver.limiter.take(bucketOf(endpoint.appId, mode), endpoint.rateLimit)
    if (!taken.ok) {
      if (headers) headers['retry-after'] = String(taken.retryAfterSeconds)
      throw new AppError(429, 'rate_limited', `Too many requests to this endpoint (limit ${endpoint.rateLimit.rate}/s, burst ${endpoint.rateLimit.burst}); retry after ${taken.retryAfterSeconds} s`, { retryAfterSeconds: taken.retryAfterSeconds })
    }
  }
  return endpoint
}
