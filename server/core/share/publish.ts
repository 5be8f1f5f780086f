/**
 * @module Publishing an app's endpoint. The first publish makes the token (192 random
 * bits, URL-safe); the database keeps only its SHA-256 (for lookup) and a sealed copy
 * (so the owner can see the URL again). Unpublishing keeps the token; rotating replaces
 * it, and the old one stops resolving at once.
 */
import type { AppContext } from '../context.ts'
import type { EndpointChange, EndpointToken } from '../../db/storage/share.ts'
import { requireApp } from '../apps/member-app.ts'
import { AppError, notFound } from '../../contract/errors.ts'
import { hashSecret, randomToken } from '../ids.ts'
import { toShare, type Share } from './view.ts'

/** Bytes of randomness in an endpoint token: 24 bytes = 192 bits = 32 base64url characters. */
const TOKEN_BYTES = 24

/** A fresh token's stored form: hash for lookup, sealed copy for the owner. */
function newToken(ctx: AppContext): EndpointToken {
  const token = randomToken(TOKEN_BYTES)
  return { tokenHash: hashSecret(token), tokenCipher: ctx.sealer.seal(token) }
}

/**
 * Runs a change that may store a new token, with a fresh token each try: a hash already in
 * use (never seen with 192 random bits, but the database refuses it) is tried again.
 */
async function withNewToken(
  ctx: AppContext,
  change: (token: EndpointToken) => Promise<EndpointChange | { ok: false; reason: 'no_token' }>,
): Promise<Share> {
  for (let tries = 0; ; tries++) {
    const result = await change(newToken(ctx))
    if (result.ok) return toShare(ctx, result.row)
    if (result.reason === 'token_taken' && tries < 3) continue
    if (result.reason === 'no_token') {
      throw new AppError(
        'conflict',
        'This app has no endpoint token to rotate yet; publish it first (POST /api/v3/apps/:id/share/publish)',
      )
    }
    if (result.reason === 'not_found') throw notFound('App')
    throw new Error('could not store a new endpoint token: every one tried was taken')
  }
}

/** Opens the endpoint to submissions (reads stay as the `reads` setting says), making its token on the first publish. Idempotent. */
export async function publish(ctx: AppContext, userId: string, appId: string): Promise<Share> {
  await requireApp(ctx, userId, appId)
  // The token is used only if the endpoint has none yet (decided by the storage under its lock).
  return withNewToken(ctx, (token) => ctx.storage.share.publish(appId, token, ctx.clock.now()))
}

/** Closes the endpoint (it answers 404) but keeps its token for a later publish. Idempotent. */
export async function unpublish(ctx: AppContext, userId: string, appId: string): Promise<Share> {
  await requireApp(ctx, userId, appId)
  const result = await ctx.storage.share.unpublish(appId, ctx.clock.now())
  if (!result.ok) throw notFound('App')
  return toShare(ctx, result.row)
}

/** Replaces the endpoint token; the old one is not found any more. Needs a token (a first publish). */
export async function rotateToken(ctx: AppContext, userId: string, appId: string): Promise<Share> {
  await requireApp(ctx, userId, appId)
  return withNewToken(ctx, (token) => ctx.storage.share.rotate(appId, token, ctx.clock.now()))
}
