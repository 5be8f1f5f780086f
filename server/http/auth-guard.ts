/**
 * @module The `auth: true` route option: resolves the caller (bearer access token or the
 * admin session cookie) to `principal`, and refuses cross-site state changes made with a
 * cookie (CSRF).
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../core/context.ts'
import { authenticate, type Principal } from '../core/auth/authenticate.ts'
import { SESSION_COOKIE } from '../core/auth/sessions.ts'
import { AppError } from '../contract/errors.ts'
import { OPERATIONS } from '../contract/api/operations.ts'
import { ROUTES, type RouteName } from '../contract/api/routes.ts'
import { authorize } from '../core/access/authorize.ts'
import type { Permission } from '../contract/access/roles.ts'
import { clientAddress, type PeerSource } from './client-address.ts'
import { auditPlace, isAudited } from '../core/audit/operations.ts'
import { noteOperation } from '../core/audit/record.ts'
import { actorOf } from '../core/audit/actor.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Reads `Bearer <token>` from an Authorization header. */
export function bearerToken(header: string | null | undefined): string | null {
  if (!header) return null
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  if (!match) throw new AppError('unauthorized', 'The Authorization header must be "Bearer <access token>"')
  return match[1]
}

/** Reads one cookie from a Cookie header without decoding surprises. */
export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null
  }
  return null
}

/**
 * True when a browser says the request came from our own origin. Fetch metadata first
 * (every current browser sends it), the Origin header otherwise.
 */
export function isSameOrigin(request: Request, baseUrl: string): boolean {
  const site = request.headers.get('sec-fetch-site')
  if (site) return site === 'same-origin' || site === 'none'
  const origin = request.headers.get('origin')
  if (!origin) return false
  const own = new Set([new URL(baseUrl).origin, new URL(request.url).origin])
  return own.has(origin)
}

/** Resolves the principal of a control-plane request; throws AppError 401/403. */
export async function principalOf(ctx: AppContext, request: Request, server: PeerSource | null): Promise<Principal> {
  const bearer = bearerToken(request.headers.get('authorization'))
  const session = bearer ? null : readCookie(request.headers.get('cookie'), SESSION_COOKIE)
  const principal = await authenticate(ctx, { bearer, session, address: clientAddress(request, server, ctx.config) })
  if (
    principal.method === 'session' &&
    !SAFE_METHODS.has(request.method) &&
    !isSameOrigin(request, ctx.config.baseUrl)
  ) {
    throw new AppError(
      'forbidden',
      'Cross-site request refused: the admin session only works from the admin page itself',
    )
  }
  return principal
}

/** The operation of each `METHOD path` of the route table. */
const OPERATION_AT = new Map<string, RouteName>(
  (Object.entries(ROUTES) as [RouteName, string][]).map(([name, route]) => [route, name]),
)

/** The operation of the route table Elysia matched; a HEAD without its own route is the GET. */
function operationAt(method: string, route: string): RouteName | undefined {
  return OPERATION_AT.get(`${method} ${route}`) ?? (method === 'HEAD' ? OPERATION_AT.get(`GET ${route}`) : undefined)
}

interface Matched {
  request: Request
  server: PeerSource | null
  route: string
  params?: Record<string, string | undefined>
}

/**
 * The caller, once core's policy allowed the permission the matched operation names in the
 * route table (with `:id` as the app when the permission is about one). Every control-plane
 * route is authorised here and nowhere else; an operation the audit log records is noted
 * here, with its caller, for the store that commits its change (core/audit/record.ts).
 */
async function authorizedPrincipal(ctx: AppContext, { request, server, route, params }: Matched): Promise<Principal> {
  const principal = await principalOf(ctx, request, server)
  const name = operationAt(request.method, route)
  const permission = name ? (OPERATIONS[name] as { permission?: Permission }).permission : undefined
  if (!permission) {
    throw new AppError('forbidden', `No permission is named for ${request.method} ${route}; this is a bug in svc`)
  }
  await authorize(ctx, principal, permission, params?.id)
  if (name && isAudited(name)) {
    const { appId, target } = auditPlace(name, params)
    noteOperation(ctx, actorOf(principal), name, appId, target)
  }
  return principal
}

// Principals found in `transform`, which runs before body validation: an unauthenticated
// request gets its 401 (not a 422 about a body it may not send anyway).
const principals = new WeakMap<Request, Principal>()

/** Adds the `auth: true` route option, which puts `principal` in the handler's context. */
export const authGuard = (ctx: AppContext) =>
  new Elysia({ name: 'svc/auth-guard' }).macro({
    auth: {
      transform: async (matched) => {
        principals.set(matched.request, await authorizedPrincipal(ctx, matched as Matched))
      },
      resolve: async (matched) => ({
        principal: principals.get(matched.request) ?? (await authorizedPrincipal(ctx, matched as Matched)),
      }),
    },
  })
