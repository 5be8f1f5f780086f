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
    if (typeof errno === 'string' && /^[0-9A-Z]{5}$/.test(errno))
      return { code: errno, constraint: typeof constraint === 'string' ? constraint : null }
  }
  return null
}

/** SQLSTATEs that mean the server's storage refused the work: disk full, out of resources, I/O error. */
const STORAGE_STATES: Record<string, string> = {
  '53100': "the database server's disk is full (PostgreSQL 53100 disk_full)",
  '53000': 'the database server is out of resources (PostgreSQL 53000 insufficient_resources)',
  '58030': 'the database server failed a read or write (PostgreSQL 58030 io_error)',
}

/** The reason `error` means the database server's storage cannot write for now (db/availability.ts); null for anything else. */
export function pgStorageProblem(error: unknown): string | null {
  const failure = pgFailureOf(error)
  return failure ? (STORAGE_STATES[failure.code] ?? null) : null
}
