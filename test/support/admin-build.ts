/**
 * @module Where test servers find the admin page's build: one folder in the run's temp
 * root, built from the checkout's admin/ sources the first time a test asks for it (the
 * server never builds it itself), so a test run never writes admin/dist into the checkout.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { adminBuildCommand, compressAssets } from '../../admin/build.ts'
import type { AppOptions } from '../../server/http/app.ts'
import { sharedTempPath } from './tmp.ts'

const ADMIN_SOURCES = join(import.meta.dir, '..', '..', 'admin')
let built: string | null = null

/** The built admin page of this test run (built once, synchronously, on first use: a fraction of a second). */
export function testAdminDist(): string {
  if (built) return built
  const dist = sharedTempPath('admin-dist')
  if (!existsSync(join(dist, 'index.html'))) {
    const result = Bun.spawnSync(adminBuildCommand(ADMIN_SOURCES, dist), { stdout: 'pipe', stderr: 'pipe' })
    if (result.exitCode !== 0)
      throw new Error(
        `Building the admin page for the tests failed:\n${result.stderr.toString()}${result.stdout.toString()}`,
      )
    compressAssets(dist)
  }
  built = dist
  return dist
}

/** App options for every test server and test app. */
export const testAppOptions = (): AppOptions => ({ admin: { distDir: testAdminDist() } })
