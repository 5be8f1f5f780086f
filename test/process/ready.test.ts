/**
 * Readiness (`GET /api/v3/ready`), what load balancers probe: 503 `not_ready` while the
 * database opens, and from SIGTERM on while svc drains — still serving everything else for
 * SVC_DRAIN_SECONDS, then stopping and exiting 0; 200 in between. (Degraded storage:
 * test/db/sqlite/disk-full.test.ts.)
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { loadConfig } from '../../server/config.ts'
import { VERSION } from '../../server/contract/version.ts'
import { listen } from '../../server/http/serve.ts'
import { callServer } from '../support/call.ts'
import { spawnServer, type ServerProcess } from '../support/process.ts'
import { startTestServer } from '../support/server.ts'

let running: ServerProcess | undefined

afterEach(() => {
  running?.proc.kill('SIGKILL')
  running = undefined
})

const notReady = (reason: string, message: string) => ({
  code: 503,
  error: { type: 'not_ready', message, details: { reason } },
})

describe('GET /api/v3/ready', () => {
  test('503 starting while the database opens (other requests wait for it); 200 once it serves', async () => {
    const listener = listen(loadConfig({ PORT: '0', HOST: '127.0.0.1', SVC_LOG: 'silent' }))
    const url = `http://127.0.0.1:${listener.port}`
    try {
      const res = await callServer(url, 'ready.get')
      expect([res.status, res.headers.get('retry-after')]).toEqual([503, '30'])
      expect<unknown>(res.body).toEqual(
        notReady('starting', 'Not ready: the database is opening and migrating; ask again in a moment'),
      )
    } finally {
      await listener.abandon()
    }
    const server = await startTestServer()
    try {
      const res = await callServer(server.url, 'ready.get')
      expect([res.status, res.body]).toEqual([200, { code: 200, data: { status: 'ready', version: VERSION } }])
    } finally {
      await server.close()
    }
  })

  test('SIGTERM: /ready answers 503 draining at once while svc still serves, then it stops and exits 0', async () => {
    running = await spawnServer({ SVC_DRAIN_SECONDS: '5' })
    const server = running
    expect((await callServer(server.url, 'ready.get')).status).toBe(200)
    server.proc.kill('SIGTERM')
    // The signal is handled between requests: the first answer after it says draining.
    let ready = await callServer(server.url, 'ready.get')
    while (ready.status === 200) ready = await callServer(server.url, 'ready.get')
    expect<unknown>(ready.body).toEqual(
      notReady('draining', 'Not ready: this process is shutting down; send requests to another one'),
    )
    // Still serving: the health check and the API answer as before.
    expect((await callServer(server.url, 'health.get')).status).toBe(200)
    expect((await callServer(server.url, 'auth.options')).status).toBe(200)
    expect(await server.proc.exited).toBe(0)
    running = undefined
  })
})
