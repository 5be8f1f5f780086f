/**
 * @module Publishing an app's endpoint. The first publish makes the token (192 random
 * bits, URL-safe); the database keeps only its SHA-256 (for lookup) and a sealed copy
 * (so the owner can see the URL again). Unpublishing keeps the token; rotating replaces
 * it, and the old one stops resolving at once.
 */
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context.ts'
import { endpoints } from '../../db/sqlite/schema.ts'
import { requireOwnedApp } from '../apps/owned.ts'
import { AppError } from '../errors.ts'
import { hashSecret, randomToken } from '../ids.ts'
import { endpointRowOf, toShare, type Share } from './view.ts'

/** Bytes of randomness in an endpoint token: 24 bytes = 192 bits = 32 base64url characters. */
const TOKEN_BYTES = 24

/** A fresh token's stored form: hash for lookup, sealed copy for the owner. */
function newTokenColumns(ctx: AppContext): { tokenHash: string; tokenCipher: string } {
  const token = randomToken(TOKEN_BYTES)
  return { tokenHash: hashSecret(token), tokenCipher: ctx.sealer.seal(token) }
}

async function updateEndpoint(ctx: AppContext, appId: string, changes: Partial<typeof endpoints.$inferInsert>): Promise<Share> {
  ctx.store.db.update(endpoints).set({ ...changes, updatedAt: ctx.clock.now() }).where(eq(endpoints.appId, appId)).run()
  ctx.changes.notify(appId, 'endpoint')
  return toShare(ctx, await endpointRowOf(ctx, appId))
}

/** Opens the endpoint to submissions (reads stay as the `reads` setting says), making its token on the first publish. Idempotent. */
export async function publish(ctx: AppContext, userId: string, appId: string): Promise<Share> {
  await requireOwnedApp(ctx, userId, appId)
  const row = await endpointRowOf(ctx, appId)
  if (row.published) return toShare(ctx, row)
  const token = row.tokenHash === null ? newTokenColumns(ctx) : {}
  return updateEndpoint(ctx, appId, { ...token, published: true, publishedAt: ctx.clock.now() })
}

/** Closes the endpoint (it answers 404) but keeps its token for a later publish. Idempotent. */
export async function unpublish(ctx: AppContext, userId: string, appId: string): Promise<Share> {
  await requireOwnedApp(ctx, userId, appId)
  const row = await endpointRowOf(ctx, appId)
  if (!row.published) return toShare(ctx, row)
  return updateEndpoint(ctx, appId, { published: false })
}

/** Replaces the endpoint token; the old one is not found any more. Needs a token (a first publish). */
export async function rotateToken(ctx: AppContext, userId: string, appId: string): Promise<Share> {
  await requireOwnedApp(ctx, userId, appId)
  const row = await endpointRowOf(ctx, appId)
  if (row.tokenHash === null) {
    throw new AppError(409, 'conflict', 'This app has no endpoint token to rotate yet; publish it first (POST /api/v3/apps/:id/share/publish)')
  }
  return updateEndpoint(ctx, appId, newTokenColumns(ctx))
}
