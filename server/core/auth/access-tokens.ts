/**
 * @module Personal access tokens: `svc_pat_` + 192 random bits, shown once, stored as a
 * SHA-256 hash, listed by name and prefix, revocable.
 */
import { and, desc, eq } from 'drizzle-orm'
import type { AppContext } from '../../context.ts'
import { accessTokens } from '../../db/schema.ts'
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

/** Creates a token for `userId`; the returned `token` is the only time it is visible. */
export function createAccessToken(
  ctx: AppContext,
  userId: string,
  name: string,
): AccessTokenInfo & { token: string } {
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
  ctx.store.db.insert(accessTokens).values(row).run()
  return { ...toInfo(row), token }
}

/** The user's tokens, newest first, without their secrets. */
export function listAccessTokens(ctx: AppContext, userId: string): AccessTokenInfo[] {
  return ctx.store.db
    .select()
    .from(accessTokens)
    .where(eq(accessTokens.userId, userId))
    .orderBy(desc(accessTokens.createdAt), desc(accessTokens.id))
    .all()
    .map(toInfo)
}

/** Deletes the token; the next request that presents it gets 401. */
export function revokeAccessToken(ctx: AppContext, userId: string, tokenId: string): void {
  const deleted = ctx.store.db
    .delete(accessTokens)
    .where(and(eq(accessTokens.id, tokenId), eq(accessTokens.userId, userId)))
    .returning({ id: accessTokens.id })
    .all()
  if (deleted.length === 0) throw notFound('Access token')
}

/** The user id a presented token belongs to, recording its use; null when unknown. */
export function verifyAccessToken(ctx: AppContext, token: string): { userId: string; tokenId: string } | null {
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

