/**
 * @module Caps password guessing: at most AUTH.loginFailuresPerWindow password checks per
 * address within the window fail before further attempts for it get 429 until the oldest
 * failure ages out. Unknown addresses are counted alike (no hint who has an account), and
 * log-in by e-mail code stays open, so a locked-out owner still gets in.
 *
 * The failures live in the database (login_failures), shared by every svc process. An
 * attempt is counted *before* its password is checked, in one atomic step with the check of
 * the count, so a burst of concurrent guesses cannot all slip under the cap: at most the cap
 * is ever checked. A successful log-in clears the count.
 */
import type { AppContext } from '../../context.ts'
import { AUTH } from '../limits.ts'
import { RateLimitError } from './rate-limit-error.ts'

/**
 * Counts a password attempt for `email` as a failure (until `clearLoginFailures`), or throws
 * a RateLimitError when the address has used up its failed log-ins for now.
 */
export async function beginLoginAttempt(ctx: AppContext, email: string): Promise<void> {
  const now = ctx.clock.now()
  const attempt = await ctx.storage.auth.beginLoginAttempt({
    email,
    now,
    windowStart: now - AUTH.loginFailureWindowMs,
    limit: AUTH.loginFailuresPerWindow,
  })
  if (attempt.ok) return
  const until = attempt.oldestAt + AUTH.loginFailureWindowMs
  const seconds = Math.max(1, Math.ceil((until - now) / 1000))
  const minutes = Math.ceil(seconds / 60)
  throw new RateLimitError(
    `Too many failed log-ins for ${email}: wait ${minutes} minute${minutes === 1 ? '' : 's'} (until ${new Date(until).toISOString()}) ` +
      'or log in with an e-mail code instead',
    seconds,
  )
}

/** Forgets the failures of `email` after it logged in (or its password was reset). */
export async function clearLoginFailures(ctx: AppContext, email: string): Promise<void> {
  await ctx.storage.auth.clearLoginFailures(email)
}
