/**
 * @module AuthStore on SQLite (see storage/auth.ts): sessions here; tokens, e-mail codes and
 * the log-in throttle in auth-tokens.ts, auth-codes.ts and auth-throttle.ts. The code caps,
 * code tries and login throttle each read and write in one IMMEDIATE transaction, which
 * holds SQLite's single write lock: the check and the count are one step.
 */
import { and, asc, eq, lte, ne } from 'drizzle-orm'
import type { AuthStore, SessionRow } from '../storage/auth.ts'
import { sqliteCodes } from './auth-codes.ts'
import { sqliteLoginThrottle } from './auth-throttle.ts'
import { sqliteTokens } from './auth-tokens.ts'
import type { SqliteContext } from './context.ts'
import { sessions } from './schema.ts'

/** The auth store over the open SQLite database. */
export function sqliteAuth(db: SqliteContext): AuthStore {
  const d = db.db
  return {
    async insertSession(row) {
      d.insert(sessions).values(row).run()
    },

    async sessionUser(id, now) {
      const row = d.select().from(sessions).where(eq(sessions.id, id)).get()
      if (!row) return null
      if (row.expiresAt <= now) {
        d.delete(sessions).where(eq(sessions.id, id)).run()
        return null
      }
      return { userId: row.userId, createdAt: row.createdAt }
    },

    async deleteSession(id) {
      d.delete(sessions).where(eq(sessions.id, id)).run()
    },

    async deleteSessions(userId, keepId) {
      const mine = eq(sessions.userId, userId)
      return d
        .delete(sessions)
        .where(keepId === null ? mine : and(mine, ne(sessions.id, keepId)))
        .returning({ id: sessions.id })
        .all().length
    },

    async pruneSessions(now) {
      d.delete(sessions).where(lte(sessions.expiresAt, now)).run()
    },

    async sessions(userId): Promise<SessionRow[]> {
      return d
        .select()
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(asc(sessions.createdAt), asc(sessions.id))
        .all()
    },

    ...sqliteTokens(db),
    ...sqliteCodes(db),
    ...sqliteLoginThrottle(db),
  }
}
