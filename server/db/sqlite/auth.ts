/**
 * @module AuthStore on SQLite (see storage/auth.ts). The code caps, code tries and login
 * throttle each read and write in one IMMEDIATE transaction, which holds SQLite's single
 * write lock: the check and the count are one step.
 */
import { and, asc, desc, eq, gt, lte, ne } from 'drizzle-orm'
import type { AccessTokenRow, AuthStore, CodeAccountCaps, CodePauseNotice, SessionRow } from '../storage/auth.ts'
import type { SqliteContext } from './context.ts'
import {
  accessTokens,
  codeFailures,
  codePauseNotices,
  emailCodes,
  emailCodeSends,
  loginFailures,
  sessions,
  users,
} from './schema.ts'

/** The auth store over the open SQLite database. */
export function sqliteAuth(db: SqliteContext): AuthStore {
  const d = db.db
  const immediate = <T>(work: () => T): T => d.transaction(work, { behavior: 'immediate' })

  /** The address's counted wrong codes (up to the cap), oldest first; older ones are forgotten first. */
  const failuresOf = (email: string, caps: CodeAccountCaps) => {
    d.delete(codeFailures).where(lte(codeFailures.at, caps.failureWindowStart)).run()
    return d
      .select({ at: codeFailures.at })
      .from(codeFailures)
      .where(eq(codeFailures.email, email))
      .orderBy(asc(codeFailures.at))
      .limit(caps.failureLimit)
      .all()
      .map((row) => row.at)
  }

  /** Claims the pause notice for the address's account (inside the caller's transaction); null when there is no account or it was told lately. */
  const claimNotice = (
    email: string,
    now: number,
    caps: CodeAccountCaps,
    cap: CodePauseNotice['cap'],
    oldestAt: number,
  ): CodePauseNotice | null => {
    const user = d.select({ id: users.id }).from(users).where(eq(users.email, email)).get()
    if (!user) return null
    const told = d
      .select({ sentAt: codePauseNotices.sentAt })
      .from(codePauseNotices)
      .where(eq(codePauseNotices.userId, user.id))
      .get()
    if (told && told.sentAt > caps.noticeSince) return null
    d.insert(codePauseNotices)
      .values({ userId: user.id, sentAt: now })
      .onConflictDoUpdate({ target: codePauseNotices.userId, set: { sentAt: now } })
      .run()
    return { to: email, cap, oldestAt }
  }

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

    async touchToken(id, at) {
      d.update(accessTokens).set({ lastUsedAt: at }).where(eq(accessTokens.id, id)).run()
    },

    async deleteToken(userId, id) {
      return (
        d
          .delete(accessTokens)
          .where(and(eq(accessTokens.id, id), eq(accessTokens.userId, userId)))
          .returning({ id: accessTokens.id })
          .all().length > 0
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

    async requestCode({ email, client, now, windowStart, perWindow, account, code }) {
      return immediate(() => {
        d.delete(emailCodeSends).where(lte(emailCodeSends.sentAt, windowStart)).run()
        d.delete(emailCodes).where(lte(emailCodes.expiresAt, now)).run()
        const failures = failuresOf(email, account)
        if (failures.length >= account.failureLimit)
          return { ok: false, cap: 'failures', oldestAt: failures[0] } as const
        const recent = d
          .select({ sentAt: emailCodeSends.sentAt })
          .from(emailCodeSends)
          .where(
            and(
              eq(emailCodeSends.email, email),
              eq(emailCodeSends.client, client),
              gt(emailCodeSends.sentAt, windowStart),
            ),
          )
          .orderBy(asc(emailCodeSends.sentAt))
          .all()
        if (recent.length >= perWindow) return { ok: false, cap: 'client', oldestAt: recent[0].sentAt } as const
        const sent = d
          .select({ sentAt: emailCodeSends.sentAt })
          .from(emailCodeSends)
          .where(and(eq(emailCodeSends.email, email), gt(emailCodeSends.sentAt, windowStart)))
          .orderBy(asc(emailCodeSends.sentAt))
          .limit(account.sendsPerWindow)
          .all()
        if (sent.length >= account.sendsPerWindow)
          return { ok: false, cap: 'account', oldestAt: sent[0].sentAt } as const
        d.insert(emailCodeSends).values({ email, client, sentAt: now }).run()
        if (!d.select({ id: users.id }).from(users).where(eq(users.email, email)).get())
          return { ok: true, stored: false, notice: null } as const
        d.insert(emailCodes)
          .values(code)
          .onConflictDoUpdate({ target: [emailCodes.email, emailCodes.client], set: code })
          .run()
        const reached = sent.length + 1 === account.sendsPerWindow
        const notice = reached ? claimNotice(email, now, account, 'account', sent[0]?.sentAt ?? now) : null
        return { ok: true, stored: true, notice } as const
      })
    },

    async spendCode({ email, client, now, maxAttempts, account, matches }) {
      const theirs = and(eq(emailCodes.email, email), eq(emailCodes.client, client))
      return immediate(() => {
        const failures = failuresOf(email, account)
        if (failures.length >= account.failureLimit)
          return { ok: false, cap: 'failures', oldestAt: failures[0] } as const
        const failed = () => {
          d.insert(codeFailures).values({ email, at: now }).run()
          const reached = failures.length + 1 === account.failureLimit
          return {
            ok: true,
            user: null,
            notice: reached ? claimNotice(email, now, account, 'failures', failures[0] ?? now) : null,
          } as const
        }
        const row = d.select().from(emailCodes).where(theirs).get()
        if (!row) return failed()
        const gone = () => d.delete(emailCodes).where(theirs).run()
        if (row.expiresAt <= now) {
          gone()
          return failed()
        }
        if (!matches(row.codeHash)) {
          const attempts = row.attempts + 1
          if (attempts >= maxAttempts) gone()
          else d.update(emailCodes).set({ attempts }).where(theirs).run()
          return failed()
        }
        gone()
        return {
          ok: true,
          user: d.select().from(users).where(eq(users.email, email)).get() ?? null,
          notice: null,
        } as const
      })
    },

    async codeFailures(email) {
      return d
        .select({ at: codeFailures.at })
        .from(codeFailures)
        .where(eq(codeFailures.email, email))
        .orderBy(asc(codeFailures.at), asc(codeFailures.id))
        .all()
        .map((row) => row.at)
    },

    async deleteCode(email) {
      d.delete(emailCodes).where(eq(emailCodes.email, email)).run()
    },

    async emailCodes(email) {
      return d
        .select()
        .from(emailCodes)
        .where(eq(emailCodes.email, email))
        .orderBy(asc(emailCodes.createdAt), asc(emailCodes.client))
        .all()
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

    async beginLoginAttempt({ email, client, now, windowStart, limit, accountWindowStart, accountLimit }) {
      return immediate(() => {
        // Every address's stale failures go, so the table holds the longer window at most.
        d.delete(loginFailures)
          .where(lte(loginFailures.at, Math.min(windowStart, accountWindowStart)))
          .run()
        const counted = d
          .select({ at: loginFailures.at })
          .from(loginFailures)
          .where(
            and(eq(loginFailures.email, email), eq(loginFailures.client, client), gt(loginFailures.at, windowStart)),
          )
          .orderBy(asc(loginFailures.at))
          .limit(limit)
          .all()
        if (counted.length >= limit) return { ok: false, oldestAt: counted[0].at } as const
        const accountFailures = d
          .select({ at: loginFailures.at })
          .from(loginFailures)
          .where(and(eq(loginFailures.email, email), gt(loginFailures.at, accountWindowStart)))
          .limit(accountLimit)
          .all().length
        d.insert(loginFailures).values({ email, client, at: now }).run()
        return { ok: true, accountFailures } as const
      })
    },

    async clearLoginFailures(email, client) {
      d.delete(loginFailures)
        .where(and(eq(loginFailures.email, email), eq(loginFailures.client, client)))
        .run()
    },

    async loginFailures(email, since) {
      return d
        .select({ at: loginFailures.at })
        .from(loginFailures)
        .where(and(eq(loginFailures.email, email), gt(loginFailures.at, since)))
        .all().length
    },
  }
}
