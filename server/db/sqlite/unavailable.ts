/**
 * @module Which SQLite failures mean the storage cannot write for now (db/availability.ts):
 * a full disk (SQLITE_FULL, also when the database reached its max_page_count) and I/O
 * errors. drizzle wraps the driver's SQLiteError as `cause`.
 */

/** The reason `error` (or an error it wraps) means the disk refused the write; null for anything else. */
export function sqliteStorageProblem(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as Error & { code?: unknown }).code
    if (code === 'SQLITE_FULL') return 'the disk is full (SQLite: database or disk is full)'
    if (typeof code === 'string' && code.startsWith('SQLITE_IOERR'))
      return `the disk failed a read or write (SQLite: ${code})`
  }
  return null
}
