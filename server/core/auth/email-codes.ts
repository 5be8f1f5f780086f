/**
 * @module Log-in by e-mail code: 6 random digits, valid 10 minutes, 5 wrong tries, used
 * once, stored as a keyed hash, and at most 5 requests per address an hour. Codes, tries
 * and that cap belong to the client that asked (client-key.ts): a code works only for that
 * client, and a new request replaces only that client's code, so a stranger asking for
 * codes or trying wrong ones never uses up the owner's. On top, caps per address whatever
 * the client, so many client addresses together get no further than one: 10 code e-mails
 * an hour, and 20 wrong codes a day, after which log-in by code pauses for the address
 * (password log-in, sessions and tokens are untouched, so nobody can lock the owner out);
 * the owner is told once. Unknown addresses get the same answers, the same caps and the
 * same waits but no mail, so the endpoint does not reveal who has an account.
 */
import { randomInt } from 'node:crypto'
import type { AppContext } from '../context.ts'
import type { CodeRequested } from '../../contract/api/auth.ts'
import { AppError } from '../../contract/errors.ts'
import { safeEqual } from '../ids.ts'
import { AUTH } from '../../contract/limits.ts'
import type { Mail } from '../mailer.ts'
import type { CodeAccountCaps, CodePauseNotice, CodeRefusal } from '../../db/storage/auth.ts'
import type { UserRow } from '../users/users.ts'
import { clientKey } from '../client-key.ts'
import { codePauseMail, loginCodeMail } from './code-mail.ts'
import { startLogin, type LoginResult } from './start-login.ts'
import { RateLimitError } from './rate-limit-error.ts'
import { CodeRequestInput, CodeVerifyInput, parseInput } from '../../contract/auth/schemas.ts'

/** The answer to every accepted code request, whether or not the address has an account (the contract's `CodeRequested`). */
export type { CodeRequested }

const invalidCode = () =>
  new AppError(
    'unauthorized',
    `That code does not log in this e-mail address: it is mistyped, expired (codes last ${AUTH.codeTtlMs / 60_000} minutes), ` +
      `already used, replaced by a newer code, or was tried wrong ${AUTH.codeMaxAttempts} times; check it or request a new one`,
  )

/** A uniformly random code of AUTH.codeDigits digits (leading zeros kept). */
export const newCode = (): string => String(randomInt(0, 10 ** AUTH.codeDigits)).padStart(AUTH.codeDigits, '0')

// Keyed with the server's secret: with a million possible codes, a plain hash of one is
// reversed at once by anyone who can read the database. The address is in it so equal
// codes of two people never share a hash.
export const codeHash = (ctx: AppContext, email: string, code: string): string =>
  ctx.sealer.mac(`login code\n${email}\n${code}`)

/** The per-address caps as of `now`. */
const accountCaps = (now: number): CodeAccountCaps => ({
  sendsPerWindow: AUTH.codeEmailsPerAccountPerHour,
  failureWindowStart: now - AUTH.codeFailureWindowMs,
  failureLimit: AUTH.codeFailuresPerAccount,
  noticeSince: now - AUTH.codePauseNoticeWindowMs,
})

/**
 * The per-address caps for the code a password log-in needs past many failures
 * (password-code.ts): none that strangers could use up. Only someone who gave the right
 * password gets such a code, so per client is cap enough; a pause of log-in by code alone
 * must not keep the owner's password log-in out too.
 */
export const uncappedAccount = (now: number): CodeAccountCaps => ({
  sendsPerWindow: Number.MAX_SAFE_INTEGER,
  failureWindowStart: now - AUTH.codeFailureWindowMs,
  failureLimit: Number.MAX_SAFE_INTEGER,
  noticeSince: now - AUTH.codePauseNoticeWindowMs,
})

/**
 * Records a request for `email` from the client at `address` and, when the e-mail address
 * has an account, stores a fresh code for that client (replacing its earlier one) and mails
 * it in the background. Throws RateLimitError past a cap.
 */
export async function requestEmailCode(
  ctx: AppContext,
  input: CodeRequestInput,
  address: string,
): Promise<CodeRequested> {
  const { email } = parseInput(CodeRequestInput, input)
  const client = clientKey(address)
  const now = ctx.clock.now()
  const windowStart = now - AUTH.codeEmailWindowMs
  const code = newCode()
  const outcome = await ctx.storage.auth.requestCode({
    email,
    client,
    now,
    windowStart,
    perWindow: AUTH.codeEmailsPerHour,
    account: accountCaps(now),
    code: {
      email,
      client,
      codeHash: codeHash(ctx, email, code),
      expiresAt: now + AUTH.codeTtlMs,
      attempts: 0,
      createdAt: now,
    },
  })
  if (!outcome.ok) throw refused(email, outcome, now)
  // Not stored: no account, so nothing to send — the answer stays the same.
  if (outcome.stored) deliverInBackground(ctx, loginCodeMail(email, code, ctx.config.baseUrl), 'login code')
  if (outcome.notice) tellOwner(ctx, outcome.notice)
  return { sent: true, expiresInSeconds: AUTH.codeTtlMs / 1000 }
}

const inMinutes = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60)
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}

/** The 429 of the cap that refused; its wording and wait depend only on the counts, never on whether the address has an account. */
function refused(email: string, refusal: CodeRefusal, now: number): RateLimitError {
  const window = refusal.cap === 'failures' ? AUTH.codeFailureWindowMs : AUTH.codeEmailWindowMs
  const until = refusal.oldestAt + window
  const seconds = Math.max(1, Math.ceil((until - now) / 1000))
  const after = `${inMinutes(seconds)} (after ${new Date(until).toISOString()})`
  switch (refusal.cap) {
    case 'client':
      return new RateLimitError(
        `Too many login codes requested for ${email}: at most ${AUTH.codeEmailsPerHour} an hour. Use the last code you received, or ask again in ${after}`,
        seconds,
      )
    case 'account':
      return new RateLimitError(
        `Too many login codes requested for ${email}: at most ${AUTH.codeEmailsPerAccountPerHour} an hour from all places together. ` +
          `Use the last code you received, log in with your password, or ask again in ${after}`,
        seconds,
      )
    case 'failures':
      return new RateLimitError(
        `Log-in by code is paused for ${email}: ${AUTH.codeFailuresPerAccount} wrong codes were tried within ${AUTH.codeFailureWindowMs / 3_600_000} hours. ` +
          `Log in with your password instead, or try codes again in ${after}`,
        seconds,
      )
  }
}

/** Mails the owner that log-in by code paused for their account (the store decided it is the first notice of the window). */
function tellOwner(ctx: AppContext, notice: CodePauseNotice): void {
  const window = notice.cap === 'failures' ? AUTH.codeFailureWindowMs : AUTH.codeEmailWindowMs
  ctx.log.warn('log-in by code paused for an account', { email: notice.to, cap: notice.cap })
  deliverInBackground(
    ctx,
    codePauseMail(notice.to, notice.cap, notice.oldestAt + window, ctx.config.baseUrl),
    'code pause notice',
  )
}

/**
 * Logs in with the code mailed to `email` for the client at `address`. A wrong code uses up
 * one of its tries and the last try deletes it; the right one is deleted as it is used.
 */
export async function verifyEmailCode(ctx: AppContext, input: CodeVerifyInput, address: string): Promise<LoginResult> {
  const { email, code, tokenName, replaceToken } = parseInput(CodeVerifyInput, input)
  return startLogin(ctx, await consumeEmailCode(ctx, email, code, address), { tokenName, replaceToken }, 'code')
}

/**
 * Uses up the code mailed to `email` (already parsed) for the client at `address` and
 * returns its account, or throws the one 401 every failure shares. Log-in and password
 * reset both spend codes this way.
 */
export async function consumeEmailCode(
  ctx: AppContext,
  email: string,
  code: string,
  address: string,
  caps: (now: number) => CodeAccountCaps = accountCaps,
): Promise<UserRow> {
  const presented = codeHash(ctx, email, code)
  const now = ctx.clock.now()
  const outcome = await ctx.storage.auth.spendCode({
    email,
    client: clientKey(address),
    now,
    maxAttempts: AUTH.codeMaxAttempts,
    account: caps(now),
    matches: (stored) => safeEqual(stored, presented),
  })
  if (!outcome.ok) throw refused(email, outcome, now)
  if (outcome.notice) tellOwner(ctx, outcome.notice)
  if (!outcome.user) throw invalidCode()
  return outcome.user
}

/** Drops every pending code for an address (its account changed e-mail or was deleted). */
export async function forgetEmailCode(ctx: AppContext, email: string): Promise<void> {
  await ctx.storage.auth.deleteCode(email)
}

// Mail goes out after the answer so an SMTP round trip does not reveal which addresses
// have accounts; shutdown waits for deliveries still under way.
export function deliverInBackground(ctx: AppContext, mail: Mail, what: string): void {
  ctx.background(
    ctx.mailer
      .send(mail)
      .then(() => ctx.log.info(`${what} e-mailed`, { to: mail.to }))
      .catch((error: unknown) => {
        ctx.log.error(`could not send a ${what} e-mail`, {
          to: mail.to,
          error: error instanceof Error ? error.message : String(error),
        })
      }),
  )
}
