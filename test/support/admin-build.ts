/**
 * @module Where test servers keep the admin page's build: one folder in the run's temp
 * root, built from the checkout's admin/ sources on the first page load, so a test run
 * never writes admin/dist into the checkout.
 */
import { join } from 'node:path'
import type { AppOptions } from '../../server/http/app.ts'
import { sharedTempPath } from './tmp.ts'

/** App options for every test server and test app. */
export const testAppOptions = (): AppOptions => ({
  admin: { distDir: sharedTempPath('admin-dist'), sourceDir: join(import.meta.dir, '..', '..', 'admin') },
})
