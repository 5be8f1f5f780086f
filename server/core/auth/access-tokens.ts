/**
 * @module Personal access tokens: `svc_pat_` + 192 random bits, shown once, stored as a
 * SHA-256 hash, listed by name and prefix, revocable; each may be limited to some scopes
 * and some apps, and may expire (a token never grants more than its owner's role: the
 * policy, core/access/policy.ts, applies both).
 */
import { auditChange } from '../audit/record.ts'
import type { AppContext } from '../context.ts'
import type { AccessTokenInfo } from '../../contract/api/auth.ts'
import type { AccessTokenRow } from '../../db/storage/auth.ts'
import { notFound, validationError } from '../../contract/errors.ts'
import { hashSecret, newId, randomToken } from '../ids.ts'
import { AUTH } from '../../contract/limits.ts'
import { SCOPES, type Scope } from '../../contract/access/roles.ts'
import type { Limits } from '../access/policy.ts'
import type { TokenRef } from './alert-types.ts'
import { alertOwner, tokenRef } from './alerts.ts'

/** How a token is listed; the secret itself is never stored or shown again (the contract's `AccessToken`). */
export type { AccessTokenInfo }

type Row = AccessTokenRow

const toInfo = (row: Row): AccessTokenInfo => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: new Date(row.createdAt).toISOString(),
  lastUsedAt: row.lastUsedAt === null ? null : new Date(row.lastUsedAt).toISOString(),
  scopes: (row.scopes as Scope[] | null | undefined) ?? [...SCOPES],
  apps: row.apps ?? null,
  expiresAt: row.expiresAt == null ? null : new Date(row.expiresAt).toISOString(),
})

/** What a new token is limited to; left out, a token has every scope, every app and no expiry. */
export interface TokenLimits {
  scopes?: readonly Scope[]
  apps?: readonly string[]
  /** Epoch milliseconds; null or left out: never. */
  expiresAt?: number | null
}

const refOf = (row: Row): TokenRef => ({ id: row.id, name: row.name, prefix: row.prefix })

function newTokenRow(
  ctx: AppContext,
  userId: string,
  name: string,
  limits: TokenLimits = {},
): { row: Row; token: string } {
  const trimmed = typeof name === 'string' ? name.trim() : ''
  if (trimmed.length === 0 || trimmed.length > AUTH.maxTokenNameLength) {
    throw validationError([
      { path: 'name', message: `give the token a name of 1–${AUTH.maxTokenNameLength} characters` },
    ])
  }
  const token = `${AUTH.accessTokenPrefix}${randomToken(24)}`
  const row: Row = {
    id: newId(),
    userId,
    name: trimmed,
    prefix: token.slice(0, AUTH.accessTokenPrefix.length + 6),
    hash: hashSecret(token),
    createdAt: ctx.clock.now(),
    lastUsedAt: null,
    scopes: limits.scopes ? [...limits.scopes] : null,
    apps: limits.apps ? [...new Set(limits.apps)] : null,
    expiresAt: limits.expiresAt ?? null,
    // Made from here: its first use from this address is no new address for the audit log.
    lastAddress: ctx.storage.units.address() || null,
  }
  return { row, token }
}

/**
 * Creates a token for `userId` limited by `limits` (the owner is alerted); the returned
 * `token` is the only time it is visible. Other tokens are never touched.
 */
export async function createAccessToken(
  ctx: AppContext,
  userId: string,
  name: string,
  limits: TokenLimits = {},
): Promise<AccessTokenInfo & { token: string }> {
  const { row, token } = newTokenRow(ctx, userId, name, limits)
  auditChange(ctx, {
    target: row.name,
    after: { prefix: row.prefix, scopes: row.scopes ?? 'all', apps: row.apps ?? 'all', expiresAt: row.expiresAt },
  })
  await ctx.storage.auth.insertToken(row)
  await alertOwner(ctx, userId, { kind: 'token.created', token: refOf(row) })
  return { ...toInfo(row), token }
}

/**
 * Creates a login token named `name` and revokes the user's earlier tokens of that name in
 * the same transaction: a machine that logs in again replaces its last login token instead
 * of piling up live ones. Returns the new token and the revoked ones.
 */
export async function replaceAccessToken(
  ctx: AppContext,
  userId: string,
  name: string,
): Promise<{ token: AccessTokenInfo & { token: string }; replaced: AccessTokenInfo[] }> {
  const { row, token } = newTokenRow(ctx, userId, name)
  const replaced = await ctx.storage.auth.replaceTokens(row)
  await alertOwner(ctx, userId, { kind: 'token.created', token: refOf(row) })
  return { token: { ...toInfo(row), token }, replaced: newestFirst(replaced).map(toInfo) }
}

const newestFirst = (rows: Row[]): Row[] =>
  [...rows].sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))

/** The user's tokens, newest first, without their secrets. */
export async function listAccessTokens(ctx: AppContext, userId: string): Promise<AccessTokenInfo[]> {
  return (await ctx.storage.auth.tokens(userId)).map(toInfo)
}

/** One of the user's tokens as it is listed; null when it is not theirs (or gone). */
export async function accessTokenInfo(
  ctx: AppContext,
  userId: string,
  tokenId: string,
): Promise<AccessTokenInfo | null> {
  const row = (await ctx.storage.auth.tokens(userId)).find((token) => token.id === tokenId)
  return row ? toInfo(row) : null
}

/** Deletes the token; the next request that presents it gets 401. */
export async function revokeAccessToken(ctx: AppContext, userId: string, tokenId: string): Promise<void> {
  const row = (await ctx.storage.auth.tokens(userId)).find((token) => token.id === tokenId)
  if (row) auditChange(ctx, { target: row.name, before: { prefix: row.prefix } })
  if (!(await ctx.storage.auth.deleteToken(userId, tokenId))) throw notFound('Access token')
}

/**
 * Revokes every token of the user except `keepTokenId` (the one making the request, so a
 * CLI cleaning up after a password reset stays logged in). Returns the revoked ones; the
 * owner is alerted when there were any.
 */
export async function revokeOtherAccessTokens(
  ctx: AppContext,
  userId: string,
  keepTokenId: string | null,
): Promise<AccessTokenInfo[]> {
  const revoked = newestFirst(await ctx.storage.auth.deleteTokens(userId, keepTokenId))
  if (revoked.length > 0)
    await alertOwner(ctx, userId, {
      kind: 'tokens.revoked',
      revoked: revoked.map(refOf),
      by: await tokenRef(ctx, userId, keepTokenId),
    })
  return revoked.map(toInfo)
}

/** Revokes the token whose secret this is (a log-out with it); null when it is unknown or already revoked. */
export async function revokePresentedToken(ctx: AppContext, token: string): Promise<AccessTokenInfo | null> {
  if (!token.startsWith(AUTH.accessTokenPrefix)) return null
  const row = await ctx.storage.auth.deleteTokenByHash(hashSecret(token))
  return row ? toInfo(row) : null
}

/** A presented token that is known: its owner, what it is limited to, and whether it still works. */
export interface VerifiedToken {
  userId: string
  tokenId: string
  name: string
  limits: Limits
  /** Epoch milliseconds; null: never. */
  expiresAt: number | null
  /** True when `expiresAt` has passed: the token no longer works. */
  expired: boolean
  /** The address of the use before this one (null: its first use), for the audit of uses from new addresses. */
  previousAddress: string | null
}

/**
 * The token whose secret this is, recording its use from `address` (null: not known); null when it is
 * unknown or revoked. An expired token is returned with `expired` (and its use not recorded).
 */
export async function verifyAccessToken(
  ctx: AppContext,
  token: string,
  address: string | null,
): Promise<VerifiedToken | null> {
  if (!token.startsWith(AUTH.accessTokenPrefix)) return null
  const row = await ctx.storage.auth.tokenByHash(hashSecret(token))
  if (!row) return null
  const now = ctx.clock.now()
  const expiresAt = row.expiresAt ?? null
  const expired = expiresAt !== null && expiresAt <= now
  const previousAddress = row.lastAddress ?? null
  // Last use is for people reading the list: minute precision spares a write per request
  // (a use from another address is always recorded).
  const moved = address !== null && previousAddress !== address
  const stale = row.lastUsedAt === null || now - row.lastUsedAt > 60_000 || moved
  if (!expired && stale) await ctx.storage.auth.touchToken(row.id, now, address)
  return {
    userId: row.userId,
    tokenId: row.id,
    name: row.name,
    limits: { scopes: (row.scopes as Scope[] | null | undefined) ?? null, apps: row.apps ?? null },
    expiresAt,
    expired,
    previousAddress,
  }
}
