/**
 * @module Preloaded by bun test (bunfig.toml): once every test file has finished, drops the
 * PostgreSQL databases the run made (on a DATABASE_URL run), removes its temporary folders,
 * and fails the run if a test server logged a secret (log-scan.ts).
 *
 * The suite's test timeout is not set here: Bun ignores a `timeout` key in bunfig.toml, and
 * setDefaultTimeout in a preload reaches only the first test file. `npm test` passes
 * `--timeout 30000` instead, which Bun applies to every file (test/suite/timeouts.test.ts).
 */
import { afterAll } from 'bun:test'
import { dropTestDatabases } from './backend.ts'
import { runLogScan } from './log-scan.ts'
import { removeTempDirs } from './tmp.ts'

// Dropping is slow on PostgreSQL (each DROP DATABASE waits for a checkpoint, ~50 ms): a run's
// hundreds of databases need longer than a test may take.
afterAll(async () => {
  await dropTestDatabases()
  removeTempDirs()
  // Last, so a leak fails the run after everything was cleaned up.
  const leaks = runLogScan.leaks()
  if (leaks.length > 0)
    throw new Error(
      `Secrets reached the test servers' logs (test/support/log-scan.ts):\n${leaks.slice(0, 20).join('\n')}`,
    )
}, 300_000)
