/**
 * @module AuthStore on PostgreSQL (see storage/auth.ts). Limits shared by every process are
 * decided in the database: the code caps count under an advisory lock per address, the
 * login throttle under one per address and client, each held to the end of the transaction
 * (READ COMMITTED: the count after the lock sees every earlier commit); a code try is taken
 * with one row-locking `UPDATE … SET attempts = attempts + 1 … RETURNING` as well.
 */
import { and, asc, desc, eq, gt, lte, ne, sql } from 'drizzle-orm'
import type { AuthStore, CodeAccountCaps, CodePauseNotice } from '../storage/auth.ts'
import type { PgTx } from './app-lock.ts'
import type { PgContext } from './context.ts'
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

/** Serializes the transactions that lock the same `scope` and `key` (an address and client) until they end. */
const lockAddress = (tx: PgTx, scope: string, key: string) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`svc:${scope}:${key}`}, 0))`)

/** The address's counted wrong codes (up to the cap), oldest first, read under the address's lock. */
async function failuresOf(tx: PgTx, email: string, caps: CodeAccountCaps): Promise<number[]> {
  const rows = await tx
    .select({ at: codeFailures.at })
    .from(codeFailures)
    .where(and(eq(codeFailures.email, email), gt(codeFailures.at, caps.failureWindowStart)))
    .orderBy(asc(codeFailures.at))
    .limit(caps.failureLimit)
  return rows.map((row) => row.at)
}

/** Claims the pause notice for the address's account under the address's lock; null when there is no account or it was told lately. */
async function claimNotice(
  tx: PgTx,
  email: string,
  now: number,
  caps: CodeAccountCaps,
  cap: CodePauseNotice['cap'],
  oldestAt: number,
): Promise<CodePauseNotice | null> {
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (!user) return null
  const [told] = await tx
    .select({ sentAt: codePauseNotices.sentAt })
    .from(codePauseNotices)
    .where(eq(codePauseNotices.userId, user.id))
  if (told && told.sentAt > caps.noticeSince) return null
  await tx
    .insert(codePauseNotices)
    .values({ userId: user.id, sentAt: now })
    .onConflictDoUpdate({ target: codePauseNotices.userId, set: { sentAt: now } })
  return { to: email, cap, oldestAt }
}

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

    async insertToken(row) {
      await pg.insert(accessTokens).values(row)
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

    async touchToken(id, at) {
      await pg.update(accessTokens).set({ lastUsedAt: at }).where(eq(accessTokens.id, id))
    },

    async deleteToken(userId, id) {
      const rows = await pg
        .delete(accessTokens)
        .where(and(eq(accessTokens.id, id), eq(accessTokens.userId, userId)))
        .returning({ id: accessTokens.id })
      return rows.length > 0
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

    async requestCode({ email, client, now, windowStart, perWindow, account, code }) {
      // Housekeeping for every address, outside the per-address lock.
      await pg.delete(emailCodeSends).where(lte(emailCodeSends.sentAt, windowStart))
      await pg.delete(emailCodes).where(lte(emailCodes.expiresAt, now))
      await pg.delete(codeFailures).where(lte(codeFailures.at, account.failureWindowStart))
      return pg.transaction(async (tx) => {
        await lockAddress(tx, 'code', email)
        const failures = await failuresOf(tx, email, account)
        if (failures.length >= account.failureLimit)
          return { ok: false, cap: 'failures', oldestAt: failures[0] } as const
        const recent = await tx
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
          .limit(perWindow)
        if (recent.length >= perWindow) return { ok: false, cap: 'client', oldestAt: recent[0].sentAt } as const
        const sent = await tx
          .select({ sentAt: emailCodeSends.sentAt })
          .from(emailCodeSends)
          .where(and(eq(emailCodeSends.email, email), gt(emailCodeSends.sentAt, windowStart)))
          .orderBy(asc(emailCodeSends.sentAt))
          .limit(account.sendsPerWindow)
        if (sent.length >= account.sendsPerWindow)
          return { ok: false, cap: 'account', oldestAt: sent[0].sentAt } as const
        await tx.insert(emailCodeSends).values({ email, client, sentAt: now })
        const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email))
        if (!user) return { ok: true, stored: false, notice: null } as const
        await tx
          .insert(emailCodes)
          .values(code)
          .onConflictDoUpdate({ target: [emailCodes.email, emailCodes.client], set: code })
        const reached = sent.length + 1 === account.sendsPerWindow
        const notice = reached ? await claimNotice(tx, email, now, account, 'account', sent[0]?.sentAt ?? now) : null
        return { ok: true, stored: true, notice } as const
      })
    },

    async spendCode({ email, client, now, maxAttempts, account, matches }) {
      const theirs = and(eq(emailCodes.email, email), eq(emailCodes.client, client))
      await pg.delete(codeFailures).where(lte(codeFailures.at, account.failureWindowStart))
      return pg.transaction(async (tx) => {
        // Every try for the address queues here, so the wrong-code cap is exact across processes.
        await lockAddress(tx, 'code', email)
        const failures = await failuresOf(tx, email, account)
        if (failures.length >= account.failureLimit)
          return { ok: false, cap: 'failures', oldestAt: failures[0] } as const
        const failed = async () => {
          await tx.insert(codeFailures).values({ email, at: now })
          const reached = failures.length + 1 === account.failureLimit
          return {
            ok: true,
            user: null,
            notice: reached ? await claimNotice(tx, email, now, account, 'failures', failures[0] ?? now) : null,
          } as const
        }
        const [taken] = await tx
          .update(emailCodes)
          .set({ attempts: sql`${emailCodes.attempts} + 1` })
          .where(theirs)
          .returning({ codeHash: emailCodes.codeHash, attempts: emailCodes.attempts, expiresAt: emailCodes.expiresAt })
        if (!taken) return failed()
        const gone = () => tx.delete(emailCodes).where(theirs)
        if (taken.expiresAt <= now) {
          await gone()
          return failed()
        }
        if (!matches(taken.codeHash)) {
          if (taken.attempts >= maxAttempts) await gone()
          return failed()
        }
        await gone()
        const [user] = await tx.select().from(users).where(eq(users.email, email))
        return { ok: true, user: user ?? null, notice: null } as const
      })
    },

    async codeFailures(email) {
      const rows = await pg
        .select({ at: codeFailures.at })
        .from(codeFailures)
        .where(eq(codeFailures.email, email))
        .orderBy(asc(codeFailures.at), asc(codeFailures.id))
      return rows.map((row) => row.at)
    },

    async deleteCode(email) {
      await pg.delete(emailCodes).where(eq(emailCodes.email, email))
    },

    async emailCodes(email) {
      return pg
        .select()
        .from(emailCodes)
        .where(eq(emailCodes.email, email))
        .orderBy(asc(emailCodes.createdAt), asc(emailCodes.client))
    },

    async codeSends(email) {
      const rows = await pg
        .select({ sentAt: emailCodeSends.sentAt })
        .from(emailCodeSends)
        .where(eq(emailCodeSends.email, email))
        .orderBy(asc(emailCodeSends.sentAt), asc(emailCodeSends.id))
      return rows.map((row) => row.sentAt)
    },

    async beginLoginAttempt({ email, client, now, windowStart, limit, accountWindowStart, accountLimit }) {
      // Every address's stale failures go (outside the lock), so the table holds the longer window at most.
      await pg.delete(loginFailures).where(lte(loginFailures.at, Math.min(windowStart, accountWindowStart)))
      return pg.transaction(async (tx) => {
        await lockAddress(tx, 'login', `${email}\n${client}`)
        const counted = await tx
          .select({ at: loginFailures.at })
          .from(loginFailures)
          .where(
            and(eq(loginFailures.email, email), eq(loginFailures.client, client), gt(loginFailures.at, windowStart)),
          )
          .orderBy(asc(loginFailures.at))
          .limit(limit)
        if (counted.length >= limit) return { ok: false, oldestAt: counted[0].at } as const
        // Not under a lock of the address: the account's count only decides when a code is asked for.
        const account = await tx
          .select({ at: loginFailures.at })
          .from(loginFailures)
          .where(and(eq(loginFailures.email, email), gt(loginFailures.at, accountWindowStart)))
          .limit(accountLimit)
        await tx.insert(loginFailures).values({ email, client, at: now })
        return { ok: true, accountFailures: account.length } as const
      })
    },

    async clearLoginFailures(email, client) {
      await pg.delete(loginFailures).where(and(eq(loginFailures.email, email), eq(loginFailures.client, client)))
    },

    async loginFailures(email, since) {
      const rows = await pg
        .select({ at: loginFailures.at })
        .from(loginFailures)
        .where(and(eq(loginFailures.email, email), gt(loginFailures.at, since)))
      return rows.length
    },
  }
}
