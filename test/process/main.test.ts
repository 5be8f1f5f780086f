import { afterEach, describe, expect, test } from 'bun:test'
import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { TEST_BACKEND } from '../support/backend.ts'
import { BUN, ROOT, spawnServer, type ServerProcess } from '../support/process.ts'

let running: ServerProcess | undefined

afterEach(() => {
  running?.proc.kill('SIGKILL')
  running = undefined
})

describe('server/main.ts as a real process', () => {
  test('starts, answers health, prints where to go, and exits 0 on SIGTERM', async () => {
    running = await spawnServer()
    const res = await fetch(`${running.url}/api/v3/health`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ code: 200, data: { status: 'ok', version: expect.any(String) } })

    const banner = running.output()
    expect(banner).toContain('/admin/')
    expect(banner).toContain('No account yet. Create the first one')
    expect(banner).toContain('/api/v3/auth/signup')

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
