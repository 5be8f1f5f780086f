/**
 * @module Preloaded by bun test (bunfig.toml): removes the run's temporary folders once
 * every test file has finished.
 */
import { afterAll } from 'bun:test'
import { removeTempDirs } from './tmp.ts'

afterAll(removeTempDirs)
