/**
 * @module Temporary folders for tests, all under one root per test process that is
 * removed when the process exits, so a run leaves nothing behind in the system temp dir.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const root = join(tmpdir(), `svc-test-${process.pid}`)

/** Removes every folder made by tempDir; test/support/setup.ts calls it after the run. */
export const removeTempDirs = (): void => rmSync(root, { recursive: true, force: true })

/** A new empty folder whose name starts with `prefix`; removed with the others at exit. */
export function tempDir(prefix: string): string {
  mkdirSync(root, { recursive: true })
  return mkdtempSync(join(root, prefix))
}

/** A path in this run's temp root that is the same for every caller (made by whoever writes it first). */
export function sharedTempPath(name: string): string {
  mkdirSync(root, { recursive: true })
  return join(root, name)
}
