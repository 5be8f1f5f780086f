/**
 * @module What a failed PostgreSQL statement says, for stores that turn expected failures
 * (a taken unique key, a vanished parent row) into typed results. drizzle wraps the
 * driver's error (Bun.SQL's PostgresError: `errno` is the SQLSTATE) as `cause`.
 */

export const UNIQUE_VIOLATION = '23505'
export const FOREIGN_KEY_VIOLATION = '23503'

export interface PgFailure {
  /** The SQLSTATE, e.g. 23505. */
  code: string
  /** The constraint or index that refused the row, when there is one. */
  constraint: string | null
}

/** The SQLSTATE and constraint of `error` (or of an error it wraps); null for anything else. */
export function pgFailureOf(error: unknown): PgFailure | null {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const { errno, constraint } = e as Error & { errno?: unknown; constraint?: unknown }
    if (typeof errno === 'string' && /^[0-9A-Z]{5}$/.test(errno)) return { code: errno, constraint: typeof constraint === 'string' ? constraint : null }
  }
  return null
}
