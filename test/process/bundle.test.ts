import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, rmSync, utimesSync } from 'node:fs'
import { join } from 'node:path'
import { bundleIsStale, bundleServer } from '../../server/bundle.ts'
import { ROOT, spawnServer, type ServerProcess } from '../support/process.ts'

// Two folders below the checkout, like dist/server: the bundle finds drizzle/ and admin/ from there.
const OUT = join(ROOT, 'dist', `server-test-${process.pid}`)
let running: ServerProcess | undefined

beforeAll(async () => {
  await bundleServer(OUT)
}, 60_000)

afterAll(() => {
  running?.proc.kill('SIGKILL')
  rmSync(OUT, { recursive: true, force: true })
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
    // Age the bundle instead of touching a source other sessions may be editing.
    utimesSync(main, built - 3600, built - 3600)
    expect(bundleIsStale(OUT)).toBe(true)
    utimesSync(main, built, built)
    expect(bundleIsStale(OUT)).toBe(false)
    expect(bundleIsStale(join(ROOT, 'dist', `missing-${process.pid}`))).toBe(true)
  })

  test('migrates a fresh data dir, answers health and the admin page, and exits 0 on SIGTERM', async () => {
    running = await spawnServer({}, 15_000, join(OUT, 'main.js'))
    const health = await fetch(`${running.url}/api/v3/health`)
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ code: 200, data: { status: 'ok', version: expect.any(String) } })
    expect(running.output()).toContain('No account yet. Create the first one')

    const signup = await fetch(`${running.url}/api/v3/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@example.com', password: 'a long password' }),
    })
    expect(signup.status).toBe(200)

    const admin = await fetch(`${running.url}/admin/`)
    expect(admin.status).toBe(200)
    expect(admin.headers.get('content-type')).toBe('text/html; charset=utf-8')

    running.proc.kill('SIGTERM')
    expect(await running.proc.exited).toBe(0)
    running = undefined
  }, 60_000)
})
