/**
 * @module The second step a password log-in needs once an address had
 * AUTH.loginFailuresPerAccount failed log-ins within AUTH.accountFailureWindowMs from every
 * client together (login-throttle.ts): the login code of email-codes.ts, mailed when the
 * right password comes without one and sent back with the password. Never a lock-out:
 * these codes have no per-address caps (uncappedAccount), so strangers asking for codes or
 * trying wrong ones cannot stop the owner's code; only the right password gets one mailed.
 * Every answer is the same whether the password was right or wrong (no oracle).
 */
import type { AppContext } from '../context.ts'
import { AppError } from '../../contract/errors.ts'
import { AUTH } from '../../contract/limits.ts'
import { clientKey } from '../client-key.ts'
import { loginCodeMail } from './code-mail.ts'
import { codeHash, consumeEmailCode, deliverInBackground, newCode, uncappedAccount } from './email-codes.ts'

/** The 401 `code_required` every password log-in past the threshold gets without a code. */
export const codeRequired = (email: string): AppError =>
  new AppError(
    'code_required',
    `There were over ${AUTH.loginFailuresPerAccount} failed log-ins for ${email} within an hour, so a password log-in also needs a login code. ` +
      `If the password is right, a code has been e-mailed to ${email}: send it as "code" together with the password ` +
      `(it lasts ${AUTH.codeTtlMs / 60_000} minutes; no new mail? use the last code you received).`,
  )

/** The one 401 of a password log-in with a code past the threshold: which part was wrong is not said. */
export const wrongPasswordOrCode = (): AppError =>
  new AppError('unauthorized', 'E-mail, password or code is wrong; ask for a new code by logging in without "code"')

/**
 * Stores a fresh code for `email` and the client at `address` and mails it in the
 * background; the client's own cap (AUTH.codeEmailsPerHour) still holds, silently: the
 * answer must not differ from a wrong password's.
 */
export async function mailPasswordLoginCode(ctx: AppContext, email: string, address: string): Promise<void> {
  const client = clientKey(address)
  const now = ctx.clock.now()
  const code = newCode()
  const outcome = await ctx.storage.auth.requestCode({
    email,
    client,
    now,
    windowStart: now - AUTH.codeEmailWindowMs,
    perWindow: AUTH.codeEmailsPerHour,
    account: uncappedAccount(now),
    code: {
      email,
      client,
      codeHash: codeHash(ctx, email, code),
      expiresAt: now + AUTH.codeTtlMs,
      attempts: 0,
      createdAt: now,
    },
  })
  if (!outcome.ok) {
    ctx.log.warn('password log-in code not mailed: the client asked for too many codes', { email })
    return
  }
  if (outcome.stored) deliverInBackground(ctx, loginCodeMail(email, code, ctx.config.baseUrl), 'password log-in code')
}

/** Spends `code` for `email` and the client at `address`; the one 401 when it does not log in. */
export async function spendPasswordLoginCode(
  ctx: AppContext,
  email: string,
  code: string,
  address: string,
): Promise<void> {
  try {
    await consumeEmailCode(ctx, email, code, address, uncappedAccount)
  } catch (error) {
    if (error instanceof AppError && error.type === 'unauthorized') throw wrongPasswordOrCode()
    throw error
  }
}
