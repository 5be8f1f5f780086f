/**
 * @module Tells a unique-constraint violation (SQLSTATE 23505) apart from other failures, so
 * a store can turn it into a typed refusal instead of core matching driver messages.
 */

interface PgServerError {
  errno?: unknown
  constraint?: unknown
  cause?: unknown
}

/** The violated constraint's name when `error` (or, under drizzle's wrapper, its cause) is a unique violation; else null. */
export function uniqueViolation(error: unknown): string | null {
  for (
    let e = error as PgServerError | undefined, depth = 0;
    e && typeof e === 'object' && depth < 3;
    e = e.cause as PgServerError | undefined, depth++
  ) {
    if (e.errno === '23505') return typeof e.constraint === 'string' ? e.constraint : ''
  }
  return null
}

/** Runs `work`; a unique violation of one of `constraints` becomes `refusal`, anything else is rethrown. */
export async function refuseOnUnique<T, R>(
  work: () => Promise<T>,
  constraints: readonly string[],
  refusal: R,
): Promise<T | R> {
  try {
    return await work()
  } catch (error) {
    const constraint = uniqueViolation(error)
    if (constraint !== null && constraints.includes(constraint)) return refusal
    throw error
  }
}
