/**
 * @module Preloaded by bun test (bunfig.toml): the suite's default test timeout, and the
 * removal of the run's temporary folders once every test file has finished.
 */
import { afterAll, setDefaultTimeout } from 'bun:test'
import { removeTempDirs } from './tmp.ts'

/**
 * Browser and process tests start real servers on a 2-core machine that may be busy.
 * Bun ignores a `timeout` key in bunfig.toml; this call is what applies.
 * SVC_TEST_TIMEOUT_MS exists so test/suite/timeouts.test.ts can prove it.
 */
export const DEFAULT_TEST_TIMEOUT_MS = 30_000

setDefaultTimeout(Number(process.env.SVC_TEST_TIMEOUT_MS) || DEFAULT_TEST_TIMEOUT_MS)
afterAll(removeTempDirs)
