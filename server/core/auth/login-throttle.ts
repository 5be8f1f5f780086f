/**
 * @module Caps password guessing: after AUTH.loginFailuresPerWindow failed log-ins for an
 * address within the window, further password attempts for it get 429 until the oldest
 * failure ages out. Unknown addresses are counted alike (no hint who has an account), and
 * log-in by e-mail code stays open, so a locked-out owner still gets in.
 *
 * Kept in memory: svc is one process, and a restart forgetting the count only restores
 * the ordinary cost of an argon2 check per guess.
 */
import type { AppContext } from '../../context.ts'
import { AUTH } from '../limits.ts'
import { RateLimitError } from './rate-limit-error.ts'

/** Most addresses tracked at once; spraying more only forgets the oldest, never grows memory. */
const MAX_TRACKED = 10_000

type Failures = Map<string, number[]>

const perContext = new WeakMap<AppContext, Failures>()

function failuresOf(ctx: AppContext): Failures {
  let failures = perContext.get(ctx)
  if (!failures) perContext.set(ctx, (failures = new Map()))
  return failures
}

function recent(ctx: AppContext, email: string): number[] {
  const windowStart = ctx.clock.now() - AUTH.loginFailureWindowMs
  const times = (failuresOf(ctx).get(email) ?? []).filter((at) => at > windowStart)
  if (times.length === 0) failuresOf(ctx).delete(email)
  return times
}

/** Throws a RateLimitError when `email` has used up its failed log-ins for now. */
export function assertLoginAllowed(ctx: AppContext, email: string): void {
  const times = recent(ctx, email)
  if (times.length < AUTH.loginFailuresPerWindow) return
  const until = times[0] + AUTH.loginFailureWindowMs
  const seconds = Math.max(1, Math.ceil((until - ctx.clock.now()) / 1000))
  const minutes = Math.ceil(seconds / 60)
  throw new RateLimitError(
    `Too many failed log-ins for ${email}: wait ${minutes} minute${minutes === 1 ? '' : 's'} (until ${new Date(until).toISOString()}) ` +
      'or log in with an e-mail code instead',
    seconds,
  )
}

/** Counts a failed password log-in for `email`. */
export function recordLoginFailure(ctx: AppContext, email: string): void {
  const failures = failuresOf(ctx)
  const times = [...recent(ctx, email), ctx.clock.now()]
  // Re-inserting moves the address to the end, so the first key is the stalest one.
  failures.delete(email)
  failures.set(email, times)
  if (failures.size > MAX_TRACKED) failures.delete(failures.keys().next().value!)
}

/** Forgets the failures of `email` after it logged in. */
export function clearLoginFailures(ctx: AppContext, email: string): void {
  failuresOf(ctx).delete(email)
}
