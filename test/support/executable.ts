/**
 * @module The single executable (`npm run build:exe`) for tests: built once per test
 * process into its temp root, never into the checkout's dist/.
 */
import { join } from 'node:path'
import { buildExecutable } from '../../scripts/build-exe.ts'
import { tempDir } from './tmp.ts'

let building: Promise<string> | null = null

/**
 * The path of this run's `svc` executable (the first caller builds it: a few seconds). Not
 * profiled as `npm run build:exe`'s is: the profile only orders the bytecode, and would double the build.
 */
export function testExecutable(): Promise<string> {
  building ??= buildExecutable({ outfile: join(tempDir('svc-exe-'), 'svc') })
  return building
}
