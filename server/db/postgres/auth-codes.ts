/**
 * @module The e-mail login codes of AuthStore on PostgreSQL (see storage/auth.ts): the code
 * caps count under an advisory lock per address, held to the end of the transaction (READ
 * COMMITTED: the count after the lock sees every earlier commit); a code try is taken with
 * one row-locking `UPDATE … SET attempts = attempts + 1 … RETURNING` as well.
 */
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm'
import type { AuthStore, CodeAccountCaps, CodePauseNotice, CodeRequest, CodeSpend } from '../storage/auth.ts'
import { lockAddress } from './address-lock.ts'
import type { PgTx } from './app-lock.ts'
import type { PgContext } from './context.ts'
import { codeFailures, codePauseNotices, emailCodes, emailCodeSends, users } from './schema.ts'

type PgDb = PgContext['db']

/** The code methods of the PostgreSQL auth store. */
export type CodeMethods = Pick<
  AuthStore,
  'requestCode' | 'spendCode' | 'codeFailures' | 'deleteCode' | 'emailCodes' | 'codeSends'
>

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

/** AuthStore.requestCode. */
async function requestCode(pg: PgDb, { email, client, now, windowStart, perWindow, account, code }: CodeRequest) {
  // Housekeeping for every address, outside the per-address lock.
  await pg.delete(emailCodeSends).where(lte(emailCodeSends.sentAt, windowStart))
  await pg.delete(emailCodes).where(lte(emailCodes.expiresAt, now))
  await pg.delete(codeFailures).where(lte(codeFailures.at, account.failureWindowStart))
  return pg.transaction(async (tx) => {
    await lockAddress(tx, 'code', email)
    const failures = await failuresOf(tx, email, account)
    if (failures.length >= account.failureLimit) return { ok: false, cap: 'failures', oldestAt: failures[0] } as const
    const recent = await tx
      .select({ sentAt: emailCodeSends.sentAt })
      .from(emailCodeSends)
      .where(
        and(eq(emailCodeSends.email, email), eq(emailCodeSends.client, client), gt(emailCodeSends.sentAt, windowStart)),
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
    if (sent.length >= account.sendsPerWindow) return { ok: false, cap: 'account', oldestAt: sent[0].sentAt } as const
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
}

/** AuthStore.spendCode. */
async function spendCode(pg: PgDb, { email, client, now, maxAttempts, account, matches }: CodeSpend) {
  const theirs = and(eq(emailCodes.email, email), eq(emailCodes.client, client))
  await pg.delete(codeFailures).where(lte(codeFailures.at, account.failureWindowStart))
  return pg.transaction(async (tx) => {
    // Every try for the address queues here, so the wrong-code cap is exact across processes.
    await lockAddress(tx, 'code', email)
    const failures = await failuresOf(tx, email, account)
    if (failures.length >= account.failureLimit) return { ok: false, cap: 'failures', oldestAt: failures[0] } as const
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
}

/** The code methods of the auth store over the PostgreSQL pool. */
export function postgresCodes(db: PgContext): CodeMethods {
  const pg = db.db
  return {
    requestCode: (request) => requestCode(pg, request),
    spendCode: (spend) => spendCode(pg, spend),

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
  }
}
