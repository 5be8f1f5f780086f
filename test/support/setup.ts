/**
 * @module Preloaded by bun test (bunfig.toml): removes the run's temporary folders once
 * every test file has finished.
 *
 * The suite's test timeout is not set here: Bun ignores a `timeout` key in bunfig.toml, and
 * setDefaultTimeout in a preload reaches only the first test file. `npm test` passes
 * `--timeout 30000` instead, which Bun applies to every file (test/suite/timeouts.test.ts).
 */
import { afterAll } from 'bun:test'
import { removeTempDirs } from './tmp.ts'

afterAll(removeTempDirs)
