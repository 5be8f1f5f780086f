import { afterEach, describe, expect, test } from 'bun:test'
import { testDatabaseEnv } from '../support/backend.ts'
import { prepareDatabase, withDatabase } from '../support/prepared-database.ts'
import { spawnServer, type ServerProcess } from '../support/process.ts'
import { storedRows } from '../support/records.ts'
import { tempDir } from '../support/tmp.ts'
import { callServer } from '../support/call.ts'

let running: ServerProcess | undefined

afterEach(() => {
  running?.proc.kill('SIGKILL')
  running = undefined
})

describe('durability of acknowledged records', () => {
  test('SIGKILL during a burst: every record that got a 200 is there after restart', async () => {
    // The same database for both servers: a data dir on SQLite, one database on PostgreSQL.
    const env = { SVC_DATA_DIR: tempDir('svc-durable-'), ...(await testDatabaseEnv()) }
    const { appId, token, ownerToken } = await prepareDatabase(env)
    running = await spawnServer({ ...env, SVC_RATE_LIMIT: 'off', SVC_SYNC: 'full' })
    const acknowledged: string[] = []
    const KILL_AFTER = 400
    let killed = false
    const server = running

    // 32 clients post in a loop; the server is killed from inside the burst, while requests are in flight.
    const client = async (n: number) => {
      for (let i = 0; !killed; i++) {
        try {
          const res = await callServer(server.url, 'ingest.post', {
            params: { token },
            body: { client: n, i, text: 'durable ✓' },
          })
          if (res.status !== 200) throw new Error(`unexpected ${res.status}: ${res.text}`)
          acknowledged.push(res.body.data.id)
          if (acknowledged.length >= KILL_AFTER && !killed) {
            killed = true
            server.proc.kill('SIGKILL')
          }
        } catch (error) {
          if (!killed) throw error
          return
        }
      }
    }
    await Promise.all(Array.from({ length: 32 }, (_, n) => client(n)))
    expect(await server.proc.exited).not.toBe(0)
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER)

    // Restart on the same data: the server recovers the WAL and serves again.
    running = await spawnServer({ ...env, SVC_RATE_LIMIT: 'off' })
    const after = await callServer(running.url, 'ingest.post', { params: { token }, body: { after: true } })
    expect(after.status).toBe(200)
    // The summary's aggregates, written behind, caught up with every stored record (the owner's
    // summary: the keys came from anonymous posts, so they are proposed fields the public one leaves out).
    const summary = (await callServer(running.url, 'reads.summary', { params: { token } }, { token: ownerToken })).body
    running.proc.kill('SIGTERM')
    expect(await running.proc.exited).toBe(0)
    running = undefined

    const { rows, stats } = await withDatabase(env, async (ctx) => ({
      rows: await storedRows(ctx, appId),
      stats: (await ctx.storage.stats.counters(appId))!,
    }))
    const stored = new Set(rows.map((row) => row.id))
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([])
    // Numbering stays gap-free and the counters agree with the rows.
    expect(rows.map((row) => row.seq).sort((a, b) => a - b)).toEqual(rows.map((_, i) => i + 1))
    expect([stats.seq, stats.kept]).toEqual([rows.length, rows.length])
    expect([summary.total, summary.fields.client.count]).toEqual([rows.length, rows.length - 1])
  })
})
