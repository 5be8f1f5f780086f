/**
 * @module Log-in by e-mail code: 6 random digits, valid 10 minutes, 5 wrong tries, used
 * once, stored as a hash, a new request replacing the old code, and at most 5 requests
 * per address an hour. Unknown addresses get the same answer (and the same cap) but no
 * mail, so the endpoint does not reveal who has an account.
 */
import { randomInt } from 'node:crypto'
import type { AppContext } from '../../context.ts'
import { AppError } from '../errors.ts'
import { hashSecret, safeEqual } from '../ids.ts'
import { AUTH } from '../limits.ts'
import type { Mail } from '../mailer.ts'
import type { UserRow } from '../users/users.ts'
import { loginCodeMail } from './code-mail.ts'
import { startLogin, type LoginResult } from './login.ts'
import { RateLimitError } from './rate-limit-error.ts'
import { CodeRequestInput, CodeVerifyInput, parseInput } from './schemas.ts'

/** The answer to every accepted code request, whether or not the address has an account. */
export interface CodeRequested {
  sent: true
  expiresInSeconds: number
}

const invalidCode = () => new AppError(
  401,
  'unauthorized',
  `That code does not log in this e-mail address: it is mistyped, expired (codes last ${AUTH.codeTtlMs / 60_000} minutes), ` +
    `already used, replaced by a newer code, or was tried wrong ${AUTH.codeMaxAttempts} times; check it or request a new one`,
)

/** A uniformly random code of AUTH.codeDigits digits (leading zeros kept). */
export const newCode = (): string => String(randomInt(0, 10 ** AUTH.codeDigits)).padStart(AUTH.codeDigits, '0')

// Salted with the address so equal codes of two people never share a hash.
const codeHash = (email: string, code: string): string => hashSecret(`${email}\n${code}`)

/**
 * Records a request for `email` and, when it has an account, stores a fresh code (replacing
 * any earlier one) and mails it in the background. Throws RateLimitError past the cap.
 */
export async function requestEmailCode(ctx: AppContext, input: CodeRequestInput): Promise<CodeRequested> {
  const { email } = parseInput(CodeRequestInput, input)
  const now = ctx.clock.now()
  const windowStart = now - AUTH.codeEmailWindowMs
  const code = newCode()
  const outcome = await ctx.storage.auth.requestCode({
    email,
    now,
    windowStart,
    perWindow: AUTH.codeEmailsPerHour,
    code: { email, codeHash: codeHash(email, code), expiresAt: now + AUTH.codeTtlMs, attempts: 0, createdAt: now },
  })
  if (!outcome.ok) throw rateLimited(email, outcome.oldestAt + AUTH.codeEmailWindowMs, now)
  // Not stored: no account, so nothing to send — the answer stays the same.
  if (outcome.stored) deliverInBackground(ctx, loginCodeMail(email, code, ctx.config.baseUrl))
  return { sent: true, expiresInSeconds: AUTH.codeTtlMs / 1000 }
}

function rateLimited(email: string, until: number, now: number): RateLimitError {
  const seconds = Math.max(1, Math.ceil((until - now) / 1000))
  const minutes = Math.ceil(seconds / 60)
  return new RateLimitError(
    `Too many login codes requested for ${email}: at most ${AUTH.codeEmailsPerHour} an hour. ` +
      `Use the last code you received, or ask again in ${minutes} minute${minutes === 1 ? '' : 's'} (after ${new Date(until).toISOString()})`,
    seconds,
  )
}

/**
 * Logs in with the code mailed to `email`. A wrong code uses up one of its tries and the
 * last try deletes it; the right one is deleted as it is used.
 */
export async function verifyEmailCode(ctx: AppContext, input: CodeVerifyInput): Promise<LoginResult> {
  const { email, code, tokenName, replaceToken } = parseInput(CodeVerifyInput, input)
  return startLogin(ctx, await consumeEmailCode(ctx, email, code), { tokenName, replaceToken })
}

/**
 * Uses up the code mailed to `email` (already parsed) and returns its account, or throws
 * the one 401 every failure shares. Log-in and password reset both spend codes this way.
 */
export async function consumeEmailCode(ctx: AppContext, email: string, code: string): Promise<UserRow> {
  const presented = codeHash(email, code)
  const user = await ctx.storage.auth.spendCode({
    email,
    now: ctx.clock.now(),
    maxAttempts: AUTH.codeMaxAttempts,
    matches: (stored) => safeEqual(stored, presented),
  })
  if (!user) throw invalidCode()
  return user
}

/** Drops any pending code for an address (its account changed e-mail or was deleted). */
export async function forgetEmailCode(ctx: AppContext, email: string): Promise<void> {
  await ctx.storage.auth.deleteCode(email)
}

// Mail goes out after the answer so an SMTP round trip does not reveal which addresses
// have accounts; shutdown waits for deliveries still under way.
function deliverInBackground(ctx: AppContext, mail: Mail): void {
  ctx.background(
    ctx.mailer
      .send(mail)
      .then(() => ctx.log.info('login code e-mailed', { to: mail.to }))
      .catch((error: unknown) => {
        ctx.log.error('could not send a login code e-mail', { to: mail.to, error: error instanceof Error ? error.message : String(error) })
      }),
  )
}
