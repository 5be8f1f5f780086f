/**
 * @module Personal access tokens: `svc_pat_` + 192 random bits, shown once, stored as a
 * SHA-256 hash, listed by name and prefix, revocable.
 */
import { and, desc, eq, ne } from 'drizzle-orm'
import type { AppContext } from '../../context.ts'
import { accessTokens } from '../../db/sqlite/schema.ts'
import { notFound, validationError } from '../errors.ts'
import { hashSecret, newId, randomToken } from '../ids.ts'
import { AUTH } from '../limits.ts'

/** How a token is listed; the secret itself is never stored or shown again. */
export interface AccessTokenInfo {
  id: string
  name: string
  prefix: string
  createdAt: string
  lastUsedAt: string | null
}

type Row = typeof accessTokens.$inferSelect

const toInfo = (row: Row): AccessTokenInfo => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: new Date(row.createdAt).toISOString(),
  lastUsedAt: row.lastUsedAt === null ? null : new Date(row.lastUsedAt).toISOString(),
})

function newTokenRow(ctx: AppContext, userId: string, name: string): { row: Row; token: string } {
  const trimmed = typeof name === 'string' ? name.trim() : ''
  if (trimmed.length === 0 || trimmed.length > AUTH.maxTokenNameLength) {
    throw validationError([{ path: 'name', message: `give the token a name of 1–${AUTH.maxTokenNameLength} characters` }])
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

/** Creates a token for `userId`; the returned `token` is the only time it is visible. Other tokens are never touched. */
export async function createAccessToken(
  ctx: AppContext,
  userId: string,
  name: string,
): Promise<AccessTokenInfo & { token: string }> {
  const { row, token } = newTokenRow(ctx, userId, name)
  ctx.store.db.insert(accessTokens).values(row).run()
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
  const replaced = ctx.store.db.transaction(
    (tx) => {
      const gone = tx
        .delete(accessTokens)
        .where(and(eq(accessTokens.userId, userId), eq(accessTokens.name, row.name)))
        .returning()
        .all()
      tx.insert(accessTokens).values(row).run()
      return gone
    },
    { behavior: 'immediate' },
  )
  return { token: { ...toInfo(row), token }, replaced: newestFirst(replaced).map(toInfo) }
}

const newestFirst = (rows: Row[]): Row[] => [...rows].sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))

/** The user's tokens, newest first, without their secrets. */
export async function listAccessTokens(ctx: AppContext, userId: string): Promise<AccessTokenInfo[]> {
  return ctx.store.db
    .select()
    .from(accessTokens)
    .where(eq(accessTokens.userId, userId))
    .orderBy(desc(accessTokens.createdAt), desc(accessTokens.id))
    .all()
    .map(toInfo)
}

/** Deletes the token; the next request that presents it gets 401. */
export async function revokeAccessToken(ctx: AppContext, userId: string, tokenId: string): Promise<void> {
  const deleted = ctx.store.db
    .delete(accessTokens)
    .where(and(eq(accessTokens.id, tokenId), eq(accessTokens.userId, userId)))
    .returning({ id: accessTokens.id })
    .all()
  if (deleted.length === 0) throw notFound('Access token')
}

/**
 * Revokes every token of the user except `keepTokenId` (the one making the request, so a
 * CLI cleaning up after a password reset stays logged in). Returns the revoked ones.
 */
export async function revokeOtherAccessTokens(ctx: AppContext, userId: string, keepTokenId: string | null): Promise<AccessTokenInfo[]> {
  const mine = eq(accessTokens.userId, userId)
  const rows = ctx.store.db
    .delete(accessTokens)
    .where(keepTokenId === null ? mine : and(mine, ne(accessTokens.id, keepTokenId)))
    .returning()
    .all()
  return newestFirst(rows).map(toInfo)
}

/** Revokes the token whose secret this is (a log-out with it); null when it is unknown or already revoked. */
export async function revokePresentedToken(ctx: AppContext, token: string): Promise<AccessTokenInfo | null> {
  if (!token.startsWith(AUTH.accessTokenPrefix)) return null
  const [row] = ctx.store.db.delete(accessTokens).where(eq(accessTokens.hash, hashSecret(token))).returning().all()
  return row ? toInfo(row) : null
}

/** The user id a presented token belongs to, recording its use; null when unknown. */
export async function verifyAccessToken(ctx: AppContext, token: string): Promise<{ userId: string; tokenId: string } | null> {
  if (!token.startsWith(AUTH.accessTokenPrefix)) return null
  const row = ctx.store.db.select().from(accessTokens).where(eq(accessTokens.hash, hashSecret(token))).get()
  if (!row) return null
  const now = ctx.clock.now()
  // Last use is for people reading the list: minute precision spares a write per request.
  if (row.lastUsedAt === null || now - row.lastUsedAt > 60_000) {
    ctx.store.db.update(accessTokens).set({ lastUsedAt: now }).where(eq(accessTokens.id, row.id)).run()
  }
  return { userId: row.userId, tokenId: row.id }
}

