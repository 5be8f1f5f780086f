/** @module The personal access tokens of AuthStore on PostgreSQL (see storage/auth.ts). */
import { and, desc, eq, gt, isNull, lte, ne } from 'drizzle-orm'
import type { AuthStore } from '../storage/auth.ts'
import type { PgContext } from './context.ts'
import { auditedTransaction } from './audit-insert.ts'
import { accessTokens } from './schema.ts'

/** The token methods of the PostgreSQL auth store. */
export type TokenMethods = Pick<
  AuthStore,
  | 'insertToken'
  | 'replaceTokens'
  | 'tokens'
  | 'tokenByHash'
  | 'touchToken'
  | 'claimExpiryNotices'
  | 'deleteToken'
  | 'deleteTokens'
  | 'deleteTokenByHash'
>

/** The token methods of the auth store over the PostgreSQL pool. */
export function postgresTokens(db: PgContext): TokenMethods {
  const pg = db.db
  return {
    async insertToken(row) {
      await auditedTransaction(pg, db.now, null, (tx) => tx.insert(accessTokens).values(row))
    },

    async replaceTokens(row) {
      return pg.transaction(async (tx) => {
        const gone = await tx
          .delete(accessTokens)
          .where(and(eq(accessTokens.userId, row.userId), eq(accessTokens.name, row.name)))
          .returning()
        await tx.insert(accessTokens).values(row)
        return gone
      })
    },

    async tokens(userId) {
      return pg
        .select()
        .from(accessTokens)
        .where(eq(accessTokens.userId, userId))
        .orderBy(desc(accessTokens.createdAt), desc(accessTokens.id))
    },

    async tokenByHash(hash) {
      const [row] = await pg.select().from(accessTokens).where(eq(accessTokens.hash, hash))
      return row ?? null
    },

    async touchToken(id, at, address) {
      await pg
        .update(accessTokens)
        .set(address === null ? { lastUsedAt: at } : { lastUsedAt: at, lastAddress: address })
        .where(eq(accessTokens.id, id))
    },

    async claimExpiryNotices(after, before, at) {
      return pg
        .update(accessTokens)
        .set({ expiryNoticeAt: at })
        .where(
          and(
            isNull(accessTokens.expiryNoticeAt),
            gt(accessTokens.expiresAt, after),
            lte(accessTokens.expiresAt, before),
          ),
        )
        .returning()
    },

    async deleteToken(userId, id) {
      return auditedTransaction(
        pg,
        db.now,
        null,
        async (tx) =>
          (
            await tx
              .delete(accessTokens)
              .where(and(eq(accessTokens.id, id), eq(accessTokens.userId, userId)))
              .returning({ id: accessTokens.id })
          ).length > 0,
        (gone) => gone,
      )
    },

    async deleteTokens(userId, keepId) {
      const mine = eq(accessTokens.userId, userId)
      return pg
        .delete(accessTokens)
        .where(keepId === null ? mine : and(mine, ne(accessTokens.id, keepId)))
        .returning()
    },

    async deleteTokenByHash(hash) {
      const [row] = await pg.delete(accessTokens).where(eq(accessTokens.hash, hash)).returning()
      return row ?? null
    },
  }
}
