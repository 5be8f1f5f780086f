/**
 * @module Who is calling: resolves a bearer access token or a session cookie to a user.
 */
import { auditEvent } from '../audit/record.ts'
import { viaToken } from '../../contract/audit/model.ts'
import type { AppContext } from '../context.ts'
import { AppError } from '../../contract/errors.ts'
import { findUserById, type UserRow } from '../users/users.ts'
import { verifyAccessToken } from './access-tokens.ts'
import { verifySession } from './sessions.ts'
import { type Limits, UNLIMITED } from '../access/policy.ts'

export type AuthMethod = 'token' | 'session'

export interface Principal {
  user: UserRow
  method: AuthMethod
  /** The access token's id when `method` is `token`. */
  tokenId?: string
  /** The access token's name when `method` is `token` (the audit log says who by it). */
  tokenName?: string
  /** When the access token stops working (epoch ms; null: never), when `method` is `token`. */
  tokenExpiresAt?: number | null
  /** The address the access token was used from before this request (null: first use). */
  previousAddress?: string | null
  /** When the session started (its log-in), when `method` is `session`. */
  sessionCreatedAt?: number
  /** What the access token is limited to (scopes, apps); a session is limited by role alone. */
  limits: Limits
}

/** The session whose cookie value is `session` as a principal, or null when it is unknown, ended or its user is gone. */
export async function sessionPrincipal(ctx: AppContext, session: string): Promise<Principal | null> {
  const verified = await verifySession(ctx, session)
  const user = verified && (await findUserById(ctx, verified.userId))
  return user ? { user, method: 'session', sessionCreatedAt: verified.createdAt, limits: UNLIMITED } : null
}

/** The credentials a request brought, and the client address it came from (null: not known). */
export interface Credentials {
  bearer?: string | null
  session?: string | null
  address?: string | null
}

/** The caller of a control-plane request, or a 401 saying how to authenticate (`token_expired` for an expired token). */
export async function authenticate(ctx: AppContext, credentials: Credentials): Promise<Principal> {
  if (credentials.bearer) {
    const verified = await verifyAccessToken(ctx, credentials.bearer, credentials.address ?? null)
    const user = verified && (await findUserById(ctx, verified.userId))
    if (!verified || !user) {
      throw new AppError(
        'unauthorized',
        'The access token is invalid or was revoked; create a new one in the admin page (Account → Access Tokens)',
      )
    }
    if (verified.expired) {
      throw new AppError(
        'token_expired',
        `The access token "${verified.name}" expired at ${new Date(verified.expiresAt ?? 0).toISOString()}; ` +
          'create a new one with `svc-cli auth token create` or in the admin page (Account → Access Tokens)',
      )
    }
    const address = credentials.address ?? null
    if (address && verified.previousAddress !== address) {
      await auditEvent(ctx, {
        action: 'token.newAddress',
        accountId: user.id,
        actor: { user, via: viaToken(verified.name) },
        target: verified.name,
        after: { previous: verified.previousAddress },
        address,
      })
    }
    return {
      user,
      method: 'token',
      tokenId: verified.tokenId,
      tokenName: verified.name,
      tokenExpiresAt: verified.expiresAt,
      previousAddress: verified.previousAddress,
      limits: verified.limits,
    }
  }
  if (credentials.session) {
    const principal = await sessionPrincipal(ctx, credentials.session)
    if (principal) return principal
    throw new AppError('unauthorized', 'Your session has expired; log in again')
  }
  throw new AppError('unauthorized', 'Authentication required: send "Authorization: Bearer <access token>" or log in')
}
