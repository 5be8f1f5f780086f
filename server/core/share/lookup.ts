/**
 * @module Finds an endpoint by the token in a share URL. Tokens are stored only as a
 * SHA-256 hash, so the lookup hashes the presented token.
 */
import { eq, getTableColumns } from 'drizzle-orm'
import type { AppContext } from '../../context.ts'
import { apps, endpoints } from '../../db/sqlite/schema.ts'
import { hashSecret } from '../ids.ts'

/** An endpoint row with its app's owner, whose access token always reads it. */
export type EndpointRow = typeof endpoints.$inferSelect & { ownerId: string }

/** The endpoint whose current token is `token` (published or not), or undefined. */
export async function findEndpointByToken(ctx: AppContext, token: string): Promise<EndpointRow | undefined> {
  if (token.length < 16 || token.length > 128) return undefined
  return ctx.store.db
    .select({ ...getTableColumns(endpoints), ownerId: apps.ownerId })
    .from(endpoints)
    .innerJoin(apps, eq(apps.id, endpoints.appId))
    .where(eq(endpoints.tokenHash, hashSecret(token)))
    .get()
}
