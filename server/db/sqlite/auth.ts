/**
 * @module AuthStore on SQLite (see storage/auth.ts). The code cap, code tries and login
 * throttle each read and write in one IMMEDIATE transaction, which holds SQLite's single
 * write lock: the check and the count are one step.
 */
import { and, asc, desc, eq, gt, lte, ne } from 'drizzle-orm'
import type { AccessTokenRow, AuthStore, SessionRow } from '../storage/auth.ts'
import type { SqliteContext } from './context.ts'
import { accessTokens, emailCodes, emailCodeSends, loginFailures, sessions, users } from './schema.ts'

/** The auth store over the open SQLite database. */
export function sqliteAuth(db: SqliteContext): AuthStore {
  const d = db.db
  const immediate = <T>(work: () => T): T => d.transaction(work, { behavior: 'immediate' })

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
      return row.userId
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
      return d.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.createdAt), asc(sessions.id)).all()
    },

    async insertToken(row) {
      d.insert(accessTokens).values(row).run()
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
      return d.select().from(accessTokens).where(eq(accessTokens.userId, userId)).orderBy(desc(accessTokens.createdAt), desc(accessTokens.id)).all()
    },

    async tokenByHash(hash) {
      return d.select().from(accessTokens).where(eq(accessTokens.hash, hash)).get() ?? null
    },

    async touchToken(id, at) {
      d.update(accessTokens).set({ lastUsedAt: at }).where(eq(accessTokens.id, id)).run()
    },

    async deleteToken(userId, id) {
      return d.delete(accessTokens).where(and(eq(accessTokens.id, id), eq(accessTokens.userId, userId))).returning({ id: accessTokens.id }).all().length > 0
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

    async requestCode({ email, client, now, windowStart, perWindow, code }) {
      return immediate(() => {
        d.delete(emailCodeSends).where(lte(emailCodeSends.sentAt, windowStart)).run()
        d.delete(emailCodes).where(lte(emailCodes.expiresAt, now)).run()
        const recent = d
          .select({ sentAt: emailCodeSends.sentAt })
          .from(emailCodeSends)
          .where(and(eq(emailCodeSends.email, email), eq(emailCodeSends.client, client), gt(emailCodeSends.sentAt, windowStart)))
          .orderBy(asc(emailCodeSends.sentAt))
          .all()
        if (recent.length >= perWindow) return { ok: false, oldestAt: recent[0].sentAt } as const
        d.insert(emailCodeSends).values({ email, client, sentAt: now }).run()
        if (!d.select({ id: users.id }).from(users).where(eq(users.email, email)).get()) return { ok: true, stored: false } as const
        d.insert(emailCodes).values(code).onConflictDoUpdate({ target: [emailCodes.email, emailCodes.client], set: code }).run()
        return { ok: true, stored: true } as const
      })
    },

    async spendCode({ email, client, now, maxAttempts, matches }) {
      const theirs = and(eq(emailCodes.email, email), eq(emailCodes.client, client))
      return immediate(() => {
        const row = d.select().from(emailCodes).where(theirs).get()
        if (!row) return null
        const gone = () => d.delete(emailCodes).where(theirs).run()
        if (row.expiresAt <= now) {
          gone()
          return null
        }
        if (!matches(row.codeHash)) {
          const attempts = row.attempts + 1
          if (attempts >= maxAttempts) gone()
          else d.update(emailCodes).set({ attempts }).where(theirs).run()
          return null
        }
        gone()
        return d.select().from(users).where(eq(users.email, email)).get() ?? null
      })
    },

    async deleteCode(email) {
      d.delete(emailCodes).where(eq(emailCodes.email, email)).run()
    },

    async emailCodes(email) {
      return d.select().from(emailCodes).where(eq(emailCodes.email, email)).orderBy(asc(emailCodes.createdAt), asc(emailCodes.client)).all()
    },

    async codeSends(email) {
      return d
        .select({ sentAt: emailCodeSends.sentAt })
        .from(emailCodeSends)
        .where(eq(emailCodeSends.email, email))
        .orderBy(asc(emailCodeSends.sentAt), asc(emailCodeSends.id))
        .all()
        .map((row) => row.sentAt)
    },

    async beginLoginAttempt({ email, client, now, windowStart, limit }) {
      return immediate(() => {
        // Every address's stale failures go, so the table holds one window of failures at most.
        d.delete(loginFailures).where(lte(loginFailures.at, windowStart)).run()
        const counted = d
          .select({ at: loginFailures.at })
          .from(loginFailures)
          .where(and(eq(loginFailures.email, email), eq(loginFailures.client, client)))
          .orderBy(asc(loginFailures.at))
          .limit(limit)
          .all()
        if (counted.length >= limit) return { ok: false, oldestAt: counted[0].at } as const
        d.insert(loginFailures).values({ email, client, at: now }).run()
        return { ok: true } as const
      })
    },

    async clearLoginFailures(email, client) {
      d.delete(loginFailures).where(and(eq(loginFailures.email, email), eq(loginFailures.client, client))).run()
    },

    async loginFailures(email, since) {
      return d.select({ at: loginFailures.at }).from(loginFailures).where(and(eq(loginFailures.email, email), gt(loginFailures.at, since))).all().length
    },
  }
}
