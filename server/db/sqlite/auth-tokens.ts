/** @module The personal access tokens of AuthStore on SQLite (see storage/auth.ts). */
import { and, desc, eq, gt, isNull, lte, ne } from 'drizzle-orm'
import type { AccessTokenRow, AuthStore } from '../storage/auth.ts'
import type { SqliteContext } from './context.ts'
import { auditedTransaction } from './audit.ts'
import { accessTokens } from './schema.ts'

/** The token methods of the SQLite auth store. */
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

/** The token methods of the auth store over the open SQLite database. */
export function sqliteTokens(db: SqliteContext): TokenMethods {
  const d = db.db
  const immediate = <T>(work: () => T): T => d.transaction(work, { behavior: 'immediate' })
  return {
    async insertToken(row) {
      auditedTransaction(db, null, () => d.insert(accessTokens).values(row).run())
    },

    async replaceTokens(row) {
      return immediate(() => {
        const gone = d
          .delete(accessTokens)
          .where(and(eq(accessTokens.userId, row.userId), eq(accessTokens.name, row.name)))
          .returning()
          .all()
        d.insert(accessTokens).values(row).run()
        return gone
      })
    },

    async tokens(userId): Promise<AccessTokenRow[]> {
      return d
        .select()
        .from(accessTokens)
        .where(eq(accessTokens.userId, userId))
        .orderBy(desc(accessTokens.createdAt), desc(accessTokens.id))
        .all()
    },

    async tokenByHash(hash) {
      return d.select().from(accessTokens).where(eq(accessTokens.hash, hash)).get() ?? null
    },

    async touchToken(id, at, address) {
      d.update(accessTokens)
        .set(address === null ? { lastUsedAt: at } : { lastUsedAt: at, lastAddress: address })
        .where(eq(accessTokens.id, id))
        .run()
    },

    async claimExpiryNotices(after, before, at) {
      return d
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
        .all()
    },

    async deleteToken(userId, id) {
      return auditedTransaction(
        db,
        null,
        () =>
          d
            .delete(accessTokens)
            .where(and(eq(accessTokens.id, id), eq(accessTokens.userId, userId)))
            .returning({ id: accessTokens.id })
            .all().length > 0,
        (gone) => gone,
      )
    },

    async deleteTokens(userId, keepId) {
      const mine = eq(accessTokens.userId, userId)
      return d
        .delete(accessTokens)
        .where(keepId === null ? mine : and(mine, ne(accessTokens.id, keepId)))
        .returning()
        .all()
    },

    async deleteTokenByHash(hash) {
      const [row] = d.delete(accessTokens).where(eq(accessTokens.hash, hash)).returning().all()
      return row ?? null
    },
  }
}
