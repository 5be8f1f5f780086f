/**
 * SIGTERM while records are being sent: the server stops accepting connections, answers
 * every request it had already taken (bodies still arriving included), commits and syncs
 * them, and exits 0; every acknowledged record is in the database afterwards. Live streams,
 * which never end by themselves, are ended at once so the stop is not held up.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { TEST_BACKEND, testDatabaseEnv } from '../support/backend.ts'
import { prepareDatabase, withDatabase } from '../support/prepared-database.ts'
import { spawnServer, type ServerProcess } from '../support/process.ts'
import { rawConnect, type RawConnection } from '../support/raw-http.ts'
import { makeEndpoint, storedRows } from '../support/records.ts'
import { readEvents } from '../support/sse.ts'
import { startTestServer } from '../support/server.ts'
import { tempDir } from '../support/tmp.ts'
import { callServer, target, type BodyOf, type CallResponse } from '../support/call.ts'

let running: ServerProcess | undefined

afterEach(() => {
  running?.proc.kill('SIGKILL')
  running = undefined
})

/** True once the server no longer accepts connections (each try is a whole round trip, no sleeping). */
async function refusesConnections(url: string): Promise<void> {
  for (;;) {
    try {
      await fetch(`${url}${target('health.get').path}`, { keepalive: false })
    } catch {
      return
    }
  }
}

describe('graceful shutdown (SIGTERM)', () => {
  test('stops accepting, answers the requests in flight, keeps every acknowledged record, exits 0', async () => {
    const dataDir = tempDir('svc-graceful-')
    const env = { SVC_DATA_DIR: dataDir, ...(await testDatabaseEnv()) }
    const { appId, token } = await prepareDatabase(env)
    running = await spawnServer({ ...env, SVC_RATE_LIMIT: 'off', SVC_SYNC: 'full' })
    const server = running
    const ingest = target('ingest.post', { params: { token } })
    const acknowledged: string[] = []
    const failures: string[] = []
    let signalled = false

    // Steady load: clients post until the server stops taking connections.
    const client = async (n: number) => {
      for (let i = 0; ; i++) {
        let res: CallResponse<BodyOf<'ingest.post'>>
        try {
          res = await callServer(server.url, 'ingest.post', { params: { token }, body: { client: n, i } })
        } catch (error) {
          // Refused or closed once the listener is gone; never before the signal.
          if (!signalled) failures.push(`client ${n}: ${String(error)}`)
          return
        }
        // Any answer at all is a whole one: 200 with the record's id.
        if (res.status !== 200) failures.push(`client ${n}: ${res.status} ${res.text}`)
        else acknowledged.push(res.body.data.id)
      }
    }
    const clients = Array.from({ length: 16 }, (_, n) => client(n))
    while (acknowledged.length < 200) await Bun.sleep(5)

    // Requests in flight at the signal: heads and half of each body sent, the rest after it.
    const bodies = Array.from({ length: 4 }, (_, n) => JSON.stringify({ slow: n, text: 'sent in two halves' }))
    const slow: RawConnection[] = []
    for (const body of bodies) {
      const connection = await rawConnect(server.url)
      connection.write(
        `${ingest.method} ${ingest.path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
      )
      slow.push(connection)
    }
    // A request answered after those were sent: the server has taken their connections.
    expect((await callServer(server.url, 'health.get')).status).toBe(200)

    signalled = true
    server.proc.kill('SIGTERM')
    await refusesConnections(server.url)
    bodies.forEach((body, n) => {
      slow[n].write(body.slice(10))
    })
    const answers = await Promise.all(slow.map((connection) => connection.responses()))
    await Promise.all(clients)
    expect(await server.proc.exited).toBe(0)
    running = undefined

    expect(answers.map((responses) => responses.map((r) => r.status))).toEqual([[200], [200], [200], [200]])
    const slowIds = answers.map((responses) => (JSON.parse(responses[0].body) as { data: { id: string } }).data.id)
    expect(failures).toEqual([])
    const stored = new Set((await withDatabase(env, (ctx) => storedRows(ctx, appId))).map((row) => row.id))
    expect([...acknowledged, ...slowIds].filter((id) => !stored.has(id))).toEqual([])
    expect(stored.size).toBe(acknowledged.length + slowIds.length)
    // SQLite: the WAL was checkpointed into svc.db and removed at the close.
    if (TEST_BACKEND === 'sqlite') expect(existsSync(join(dataDir, 'svc.db-wal'))).toBe(false)
  }, 60_000)
})

describe('live streams at SIGTERM', () => {
  test('end with a last comment saying why, and the process exits 0 without waiting out the grace', async () => {
    const env = { SVC_DATA_DIR: tempDir('svc-graceful-live-'), ...(await testDatabaseEnv()) }
    const { token, ownerToken } = await prepareDatabase(env)
    running = await spawnServer(env)
    const server = running
    const stream = readEvents(
      await fetch(`${server.url}${target('reads.stream', { params: { token } }).path}`, {
        headers: { authorization: `Bearer ${ownerToken}` },
      }),
    )
    await stream.until(() => stream.lastEventId === '0', 'the start')
    server.proc.kill('SIGTERM')
    // Closed by the server: had it waited out the grace and then cut the connection, the stream would be 'reset'.
    expect(await stream.ended).toBe('done')
    expect(stream.comments.at(-1)).toBe('closed: the server is shutting down')
    expect(await server.proc.exited).toBe(0)
    running = undefined
  }, 60_000)
})

describe('a bounded stop', () => {
  test('a request whose body never finishes is closed after the grace period, and stop() completes', async () => {
    const server = await startTestServer()
    const { user } = await server.account()
    const endpoint = await makeEndpoint(server.ctx, user.id)
    const stuck = await rawConnect(server.url)
    stuck.write(
      `POST ${endpoint.path()} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"never":`,
    )
    expect((await callServer(server.url, 'health.get')).status).toBe(200)
    await server.stop(50)
    // The server closed the connection without an answer; the data dir can go.
    expect(await stuck.responses()).toEqual([])
    await server.close()
  })
})
