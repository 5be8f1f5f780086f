/**
 * @module Tests about SQLite itself (WAL sync, checkpoints, multi-row inserts, query plans,
 * renumbering in place) run on the SQLite run only; on a PostgreSQL run they are skipped
 * with a line saying so, never silently.
 */
import { describe } from 'bun:test'
import { TEST_BACKEND } from '../../support/backend.ts'

/** `describe`, skipped with a warning when the run's backend is not SQLite. */
export function describeSqlite(name: string, body: () => void): void {
  const skip = TEST_BACKEND !== 'sqlite'
  if (skip) console.warn(`skipped on ${TEST_BACKEND}: "${name}" is about SQLite itself (test/db/sqlite/)`)
  describe.skipIf(skip)(name, body)
}
