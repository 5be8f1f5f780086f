/**
 * @module Caps password guessing: at most AUTH.loginFailuresPerWindow password checks per
 * e-mail address and client within the window fail before further attempts of that client
 * for it get 429 until the oldest failure ages out. Counting per client (client-key.ts)
 * means a stranger's guesses lock out the stranger, never the owner logging in from
 * elsewhere. Unknown addresses are counted alike (no hint who has an account), and log-in
 * by e-mail code stays open.
 *
 * The failures live in the database (login_failures), shared by every svc process. An
 * attempt is counted *before* its password is checked, in one atomic step with the check of
 * the count, so a burst of concurrent guesses cannot all slip under the cap: at most the cap
 * is ever checked. A successful log-in clears the count.
 *
 * On top, per address whatever the client: past AUTH.loginFailuresPerAccount failures
 * within AUTH.accountFailureWindowMs, a password log-in also needs a code mailed to the
 * address (never a refusal: see `beginLoginAttempt`).
 */
import type { AppContext } from '../context.ts'
import { AUTH } from '../../contract/limits.ts'
import { clientKey } from '../client-key.ts'
import { RateLimitError } from './rate-limit-error.ts'

/**
 * Counts a password attempt for `email` from the client at `address` as a failure (until
 * `clearLoginFailures`), or throws a RateLimitError when that client has used up its failed
 * log-ins for the e-mail address for now. `codeRequired` is true when the address had
 * AUTH.loginFailuresPerAccount failures within the account window from every client
 * together: a password log-in then also needs an e-mailed code (login.ts). That count is
 * never a reason to refuse, so strangers guessing from many addresses cannot keep the
 * owner out.
 */
export async function beginLoginAttempt(
  ctx: AppContext,
  email: string,
  address: string,
): Promise<{ codeRequired: boolean }> {
  const now = ctx.clock.now()
  const attempt = await ctx.storage.auth.beginLoginAttempt({
    email,
    client: clientKey(address),
    now,
    windowStart: now - AUTH.loginFailureWindowMs,
    limit: AUTH.loginFailuresPerWindow,
    accountWindowStart: now - AUTH.accountFailureWindowMs,
    accountLimit: AUTH.loginFailuresPerAccount,
  })
  if (attempt.ok) return { codeRequired: attempt.accountFailures >= AUTH.loginFailuresPerAccount }
  const until = attempt.oldestAt + AUTH.loginFailureWindowMs
  const seconds = Math.max(1, Math.ceil((until - now) / 1000))
  const minutes = Math.ceil(seconds / 60)
  throw new RateLimitError(
    `Too many failed log-ins for ${email} from your network address: wait ${minutes} minute${minutes === 1 ? '' : 's'} (until ${new Date(until).toISOString()}) ` +
      'or log in with an e-mail code instead',
    seconds,
  )
}

/** Forgets the failures of `email` from the client at `address` after it logged in (or reset the password). */
export async function clearLoginFailures(ctx: AppContext, email: string, address: string): Promise<void> {
  await ctx.storage.auth.clearLoginFailures(email, clientKey(address))
}
