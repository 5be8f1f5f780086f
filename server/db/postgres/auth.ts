/**
 * @module AuthStore on PostgreSQL (see storage/auth.ts): sessions here; tokens, e-mail codes
 * and the log-in throttle in auth-tokens.ts, auth-codes.ts and auth-throttle.ts. Limits
 * shared by every process are decided in the database, under advisory locks
 * (address-lock.ts) held to the end of the transaction.
 */
import { and, asc, eq, lte, ne } from 'drizzle-orm'
import type { AuthStore } from '../storage/auth.ts'
import { postgresCodes } from './auth-codes.ts'
import { postgresLoginThrottle } from './auth-throttle.ts'
import { postgresTokens } from './auth-tokens.ts'
import type { PgContext } from './context.ts'
import { sessions } from './schema.ts'

/** The auth store over the PostgreSQL pool. */
export function postgresAuth(db: PgContext): AuthStore {
  const pg = db.db
  return {
    async insertSession(row) {
      await pg.insert(sessions).values(row)
    },

    async sessionUser(id, now) {
      const [row] = await pg.select().from(sessions).where(eq(sessions.id, id))
      if (!row) return null
      if (row.expiresAt <= now) {
        await pg.delete(sessions).where(eq(sessions.id, id))
        return null
      }
      return { userId: row.userId, createdAt: row.createdAt }
    },

    async deleteSession(id) {
      await pg.delete(sessions).where(eq(sessions.id, id))
    },

    async deleteSessions(userId, keepId) {
      const mine = eq(sessions.userId, userId)
      const rows = await pg
        .delete(sessions)
        .where(keepId === null ? mine : and(mine, ne(sessions.id, keepId)))
        .returning({ id: sessions.id })
      return rows.length
    },

    async pruneSessions(now) {
      await pg.delete(sessions).where(lte(sessions.expiresAt, now))
    },

    async sessions(userId) {
      return pg
        .select()
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(asc(sessions.createdAt), asc(sessions.id))
    },

    ...postgresTokens(db),
    ...postgresCodes(db),
    ...postgresLoginThrottle(db),
  }
}
