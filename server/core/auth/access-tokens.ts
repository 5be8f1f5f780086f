/**
 * @module Personal access tokens: `svc_pat_` + 192 random bits, shown once, stored as a
 * SHA-256 hash, listed by name and prefix, revocable.
 */
import type { AppContext } from '../context.ts'
import type { AccessTokenInfo } from '../../contract/api/auth.ts'
import type { AccessTokenRow } from '../../db/storage/auth.ts'
import { notFound, validationError } from '../../contract/errors.ts'
import { hashSecret, newId, randomToken } from '../ids.ts'
import { AUTH } from '../../contract/limits.ts'
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
})

const refOf = (row: Row): TokenRef => ({ id: row.id, name: row.name, prefix: row.prefix })

function newTokenRow(ctx: AppContext, userId: string, name: string): { row: Row; token: string } {
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
  }
  return { row, token }
}

/** Creates a token for `userId` (the owner is alerted); the returned `token` is the only time it is visible. Other tokens are never touched. */
export async function createAccessToken(
  ctx: AppContext,
  userId: string,
  name: string,
): Promise<AccessTokenInfo & { token: string }> {
  const { row, token } = newTokenRow(ctx, userId, name)
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

/** Deletes the token; the next request that presents it gets 401. */
export async function revokeAccessToken(ctx: AppContext, userId: string, tokenId: string): Promise<void> {
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

/** The user id a presented token belongs to, recording its use; null when unknown. */
export async function verifyAccessToken(
  ctx: AppContext,
  token: string,
): Promise<{ userId: string; tokenId: string } | null> {
  if (!token.startsWith(AUTH.accessTokenPrefix)) return null
  const row = await ctx.storage.auth.tokenByHash(hashSecret(token))
  if (!row) return null
  const now = ctx.clock.now()
  // Last use is for people reading the list: minute precision spares a write per request.
  if (row.lastUsedAt === null || now - row.lastUsedAt > 60_000) await ctx.storage.auth.touchToken(row.id, now)
  return { userId: row.userId, tokenId: row.id }
}
