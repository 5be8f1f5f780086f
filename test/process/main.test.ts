import { afterEach, describe, expect, test } from 'bun:test'
import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { TEST_BACKEND, testDatabaseEnv } from '../support/backend.ts'
import { BUN, ROOT, spawnServer, type ServerProcess } from '../support/process.ts'
import { tempDir } from '../support/tmp.ts'
import { callServer, target } from '../support/call.ts'

let running: ServerProcess | undefined

afterEach(() => {
  running?.proc.kill('SIGKILL')
  running = undefined
})

describe('server/main.ts as a real process', () => {
  test('starts, answers health, prints where to go, and exits 0 on SIGTERM', async () => {
    running = await spawnServer()
    const res = await callServer(running.url, 'health.get')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ code: 200, data: { status: 'ok', version: expect.any(String) } })

    const banner = running.output()
    expect(banner).toContain('/admin/')
    expect(banner).toContain('No account yet. Create the first one')
    expect(banner).toContain(target('auth.signup').path)

    const key = join(running.dataDir, 'secret.key')
    if (TEST_BACKEND === 'sqlite') {
      // The zero-set-up default: the database and a private secret key in the data dir.
      expect(existsSync(join(running.dataDir, 'svc.db'))).toBe(true)
      expect(statSync(key).mode & 0o777).toBe(0o600)
    } else {
      // On PostgreSQL with the shared SVC_SECRET, nothing of the data lives in the data dir.
      expect(existsSync(join(running.dataDir, 'svc.db'))).toBe(false)
      expect(existsSync(key)).toBe(false)
    }

    running.proc.kill('SIGTERM')
    expect(await running.proc.exited).toBe(0)
  })

  test('a port in use stops start-up with one line, before the data dir, secret key or database exist', async () => {
    using taken = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('someone else') })
    const dataDir = join(tempDir('svc-port-taken-'), 'data')
    const database = await testDatabaseEnv()
    const proc = Bun.spawn([BUN, 'server/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...database,
        PORT: String(taken.port),
        HOST: '127.0.0.1',
        SVC_DATA_DIR: dataDir,
        SVC_LOG: 'warn',
        // SIGTERM stops at once here; the drain has its own test (test/process/ready.test.ts).
        SVC_DRAIN_SECONDS: '0',
      },
      stdout: 'pipe',
      stderr: 'pipe',
    })
    expect(await proc.exited).toBe(1)
    expect(await new Response(proc.stderr).text()).toBe(
      `svc: could not start: Failed to start server. Is port ${taken.port} in use?\n`,
    )
    expect(await new Response(proc.stdout).text()).toBe('')
    // A first start that failed leaves the folder as it found it: not there.
    expect(existsSync(dataDir)).toBe(false)
    expect(await (await fetch(`http://127.0.0.1:${taken.port}/`)).text()).toBe('someone else')
  })

  test('an invalid variable stops start-up with one line naming it', async () => {
    const proc = Bun.spawn([BUN, 'server/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: 'abc' },
      stdout: 'pipe',
      stderr: 'pipe',
    })
    expect(await proc.exited).toBe(2)
    expect(await new Response(proc.stderr).text()).toBe('svc: PORT must be a whole number, got "abc"\n')
    expect(await new Response(proc.stdout).text()).toBe('')
  })
})
