/**
 * @module The e-mail login codes of AuthStore on SQLite (see storage/auth.ts): asking for a
 * code and spending one each read and write in one IMMEDIATE transaction, which holds
 * SQLite's single write lock, so a cap's check and its count are one step.
 */
import { and, asc, eq, gt, lte } from 'drizzle-orm'
import type { AuthStore, CodeAccountCaps, CodePauseNotice, CodeRequest, CodeSpend } from '../storage/auth.ts'
import type { SqliteContext } from './context.ts'
import { codeFailures, codePauseNotices, emailCodes, emailCodeSends, users } from './schema.ts'

type SqliteDb = SqliteContext['db']

/** The code methods of the SQLite auth store. */
export type CodeMethods = Pick<
  AuthStore,
  'requestCode' | 'spendCode' | 'codeFailures' | 'deleteCode' | 'emailCodes' | 'codeSends'
>

/** The address's counted wrong codes (up to the cap), oldest first; older ones are forgotten first. */
function failuresOf(d: SqliteDb, email: string, caps: CodeAccountCaps): number[] {
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
function claimNotice(
  d: SqliteDb,
  email: string,
  now: number,
  caps: CodeAccountCaps,
  cap: CodePauseNotice['cap'],
  oldestAt: number,
): CodePauseNotice | null {
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

/** AuthStore.requestCode inside one IMMEDIATE transaction. */
function requestCode(d: SqliteDb, { email, client, now, windowStart, perWindow, account, code }: CodeRequest) {
  return d.transaction(
    () => {
      d.delete(emailCodeSends).where(lte(emailCodeSends.sentAt, windowStart)).run()
      d.delete(emailCodes).where(lte(emailCodes.expiresAt, now)).run()
      const failures = failuresOf(d, email, account)
      if (failures.length >= account.failureLimit) return { ok: false, cap: 'failures', oldestAt: failures[0] } as const
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
      if (sent.length >= account.sendsPerWindow) return { ok: false, cap: 'account', oldestAt: sent[0].sentAt } as const
      d.insert(emailCodeSends).values({ email, client, sentAt: now }).run()
      if (!d.select({ id: users.id }).from(users).where(eq(users.email, email)).get())
        return { ok: true, stored: false, notice: null } as const
      d.insert(emailCodes)
        .values(code)
        .onConflictDoUpdate({ target: [emailCodes.email, emailCodes.client], set: code })
        .run()
      const reached = sent.length + 1 === account.sendsPerWindow
      const notice = reached ? claimNotice(d, email, now, account, 'account', sent[0]?.sentAt ?? now) : null
      return { ok: true, stored: true, notice } as const
    },
    { behavior: 'immediate' },
  )
}

/** AuthStore.spendCode inside one IMMEDIATE transaction. */
function spendCode(d: SqliteDb, { email, client, now, maxAttempts, account, matches }: CodeSpend) {
  const theirs = and(eq(emailCodes.email, email), eq(emailCodes.client, client))
  return d.transaction(
    () => {
      const failures = failuresOf(d, email, account)
      if (failures.length >= account.failureLimit) return { ok: false, cap: 'failures', oldestAt: failures[0] } as const
      const failed = () => {
        d.insert(codeFailures).values({ email, at: now }).run()
        const reached = failures.length + 1 === account.failureLimit
        return {
          ok: true,
          user: null,
          notice: reached ? claimNotice(d, email, now, account, 'failures', failures[0] ?? now) : null,
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
    },
    { behavior: 'immediate' },
  )
}

/** The code methods of the auth store over the open SQLite database. */
export function sqliteCodes(db: SqliteContext): CodeMethods {
  const d = db.db
  return {
    async requestCode(request) {
      return requestCode(d, request)
    },

    async spendCode(spend) {
      return spendCode(d, spend)
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
  }
}
