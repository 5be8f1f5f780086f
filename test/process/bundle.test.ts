import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, utimesSync } from 'node:fs'
import { join } from 'node:path'
import { buildAdmin } from '../../admin/build.ts'
import { bundleIsStale, bundleServer } from '../../scripts/bundle.ts'
import { ROOT, spawnServer, type ServerProcess } from '../support/process.ts'
import { tempDir } from '../support/tmp.ts'
import { callServer } from '../support/call.ts'

/**
 * Everything this test builds goes to a temp folder, never into the checkout: the bundle,
 * and an admin page served through SVC_ADMIN_DIR. (The bundle finds the checkout's
 * drizzle/ and checkpoint worker by the source paths Bun writes into it.)
 */
const BUILDS = tempDir('svc-bundle-')
const OUT = join(BUILDS, 'server')
const ADMIN = join(BUILDS, 'admin')
let running: ServerProcess | undefined

beforeAll(async () => {
  await Promise.all([bundleServer(OUT), buildAdmin(join(ROOT, 'admin'), ADMIN)])
}, 60_000)

afterAll(() => {
  running?.proc.kill('SIGKILL')
})

describe('the bundle `npm start` runs (dist/server/main.js)', () => {
  test('holds bytecode and is current right after a build', () => {
    expect(existsSync(join(OUT, 'main.js'))).toBe(true)
    expect(existsSync(join(OUT, 'main.js.jsc'))).toBe(true)
    expect(bundleIsStale(OUT)).toBe(false)
  })

  test('is stale once an input is newer than the build, and when missing', () => {
    const main = join(OUT, 'main.js')
    const built = Bun.file(main).lastModified / 1000
    // Age the bundle (to 1970, older than any input however old the checkout) instead of touching a source.
    utimesSync(main, 0, 0)
    expect(bundleIsStale(OUT)).toBe(true)
    utimesSync(main, built, built)
    expect(bundleIsStale(OUT)).toBe(false)
    expect(bundleIsStale(join(BUILDS, 'missing'))).toBe(true)
  })

  test('migrates a fresh data dir, answers health and the admin page, and exits 0 on SIGTERM', async () => {
    running = await spawnServer({ SVC_ADMIN_DIR: ADMIN }, 15_000, join(OUT, 'main.js'))
    const health = await callServer(running.url, 'health.get')
    expect(health.status).toBe(200)
    expect(health.body).toEqual({ code: 200, data: { status: 'ok', version: expect.any(String) } })
    expect(running.output()).toContain('No account yet. Create the first one')

    const signup = await callServer(running.url, 'auth.signup', {
      body: { email: 'owner@example.com', password: 'a long password' },
    })
    expect(signup.status).toBe(200)

    const admin = await fetch(`${running.url}/admin/`)
    expect(admin.status).toBe(200)
    expect(admin.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await admin.text()).toContain('<svc-admin></svc-admin>')

    running.proc.kill('SIGTERM')
    expect(await running.proc.exited).toBe(0)
    running = undefined
  }, 60_000)
})
