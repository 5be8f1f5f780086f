/**
 * `npm start` under a process manager (Docker, pm2, a supervisor) that stops it with one
 * SIGTERM to npm: the signal must reach the server, which shuts down gracefully, and nothing
 * may keep the port once npm has exited. npm runs the start script through `sh -c`, which
 * does not pass signals on: the script `exec`s Bun so the server is npm's own child.
 *
 * Run from a temp folder holding the checkout's package.json, its node_modules (linked) and
 * a freshly built bundle, so nothing is built into the checkout; `--ignore-scripts` skips
 * only the `prestart` build, not the start script under test.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { copyFileSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { bundleServer } from '../../scripts/bundle.ts'
import { ROOT, startListening, type ServerProcess } from '../support/process.ts'
import { tempDir } from '../support/tmp.ts'
import { callServer } from '../support/call.ts'

let running: ServerProcess | undefined

afterAll(() => {
  running?.proc.kill('SIGKILL')
})

describe('npm start', () => {
  test('stops the server on SIGTERM to npm: a graceful exit 0, and the port is free once npm has exited', async () => {
    const npm = Bun.which('npm')
    expect(npm).toBeString()
    const checkout = tempDir('svc-npm-start-')
    copyFileSync(join(ROOT, 'package.json'), join(checkout, 'package.json'))
    symlinkSync(join(ROOT, 'node_modules'), join(checkout, 'node_modules'))
    await bundleServer(join(checkout, 'dist', 'server'))
    const dataDir = tempDir('svc-npm-start-data-')
    running = await startListening([npm!, 'start', '--ignore-scripts'], {
      cwd: checkout,
      dataDir,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: tempDir('svc-npm-start-home-'),
        npm_config_update_notifier: 'false',
        PORT: '0',
        HOST: '127.0.0.1',
        SVC_DATA_DIR: dataDir,
        SVC_ADMIN_DIR: tempDir('svc-npm-start-admin-'),
        SVC_LOG: 'info',
        // SIGTERM stops at once here; the drain has its own test (test/process/ready.test.ts).
        SVC_DRAIN_SECONDS: '0',
      },
    })
    const health = await callServer(running.url, 'health.get')
    expect(health.status).toBe(200)

    running.proc.kill('SIGTERM')
    expect(await running.proc.exited).toBe(0)
    const stderr = await new Response(running.proc.stderr).text()
    expect(`${running.output()}${stderr}`).toContain('SIGTERM received, shutting down')
    // An orphaned server would still answer here.
    expect(
      await callServer(running.url, 'health.get').then(
        (response) => `answered ${response.status}`,
        () => 'refused',
      ),
    ).toBe('refused')
    running = undefined
  }, 60_000)
})
