/**
 * Scale-out for real: three svc processes on one PostgreSQL database behind HAProxy
 * (deploy/haproxy.cfg), all started by the test. The balancer sends each app's requests to
 * one process and spreads apps. A burst of submissions goes through the balancer and
 * straight to the other processes while the process serving the app is killed with
 * SIGKILL; afterwards every acknowledged record is there exactly once, numbering is dense,
 * and every surviving process's /summary equals a recount. Switching an endpoint off on
 * one process is obeyed by the others.
 *
 * Runs on PostgreSQL: the server of a DATABASE_URL run, else a throwaway cluster from
 * Debian's postgresql package. Without PostgreSQL or HAProxy on the machine it skips, saying so.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { SQL } from 'bun'
import { TEST_SECRET } from '../support/backend.ts'
import { haproxyPath, SERVED_BY, startBalancer, type Balancer } from '../support/haproxy.ts'
import { postgresDatabases, postgresUnavailable } from '../support/postgres-database.ts'
import { spawnServer, type ServerProcess } from '../support/process.ts'

const noBalancer = haproxyPath() ? null : 'no haproxy (apt-get install -y haproxy)'
const why = postgresUnavailable ?? noBalancer
if (why) console.warn(`⚠ multi-process tests: skipped — ${why}`)

const WORKERS = 12
const PER_WORKER = 50

describe.skipIf(why !== null)('three svc processes on one PostgreSQL behind HAProxy', () => {
  const databases = postgresDatabases()
  let url: string
  let processes: ServerProcess[] = []
  /** The process the balancer sends the app's requests to, and the others. */
  let serving: ServerProcess
  let others: ServerProcess[] = []
  let balancer: Balancer
  let token: string
  let appId: string
  let endpointToken: string

  const api = async (base: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: response.status, body: (await response.json()) as any }
  }

  beforeAll(async () => {
    // Not migrated: the processes, started together, migrate it (one under the advisory lock, the others wait).
    url = await databases.create({ migrated: false })
    const env = { DATABASE_URL: url, SVC_SECRET: TEST_SECRET, SVC_RATE_LIMIT: 'off', SVC_SIGNUP: 'open' }
    processes = await Promise.all([1, 2, 3].map(() => spawnServer(env, 30_000)))
    balancer = await startBalancer(
      processes.map((p, i) => ({ name: `svc${i + 1}`, port: Number(new URL(p.url).port) })),
      { servedBy: true },
    )
    const signup = await fetch(`${balancer.url}/api/v3/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@example.com', password: 'a long password', tokenName: 'scale test' }),
    })
    token = ((await signup.json()) as any).data.token.token
    appId = (await api(balancer.url, 'POST', '/api/v3/apps', { name: 'Popular form' })).body.data.id
    endpointToken = (await api(balancer.url, 'POST', `/api/v3/apps/${appId}/share/publish`)).body.data.token
    const probe = await fetch(`${balancer.url}/api/v3/share/${endpointToken}?help`)
    await probe.arrayBuffer()
    serving = processes[Number(probe.headers.get(SERVED_BY)!.slice('svc'.length)) - 1]
    others = processes.filter((p) => p !== serving)
  }, 90_000)

  afterAll(async () => {
    await balancer?.stop()
    for (const p of processes) p.proc.kill('SIGKILL')
    await Promise.all(processes.map((p) => p.proc.exited))
    databases.stop()
  }, 60_000)

  test("the balancer sends one app's requests to one process and spreads apps over the processes", async () => {
    const servedBy = async (path: string, method = 'GET', body?: string) => {
      const response = await fetch(`${balancer.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body,
      })
      await response.arrayBuffer()
      expect(response.status).toBe(200)
      return response.headers.get(SERVED_BY)
    }
    const servers = new Set<string | null>()
    for (let i = 0; i < 12; i++) {
      const id = (await api(balancer.url, 'POST', '/api/v3/apps', { name: `Spread ${i}` })).body.data.id
      const share = (await api(balancer.url, 'POST', `/api/v3/apps/${id}/share/publish`)).body.data.token
      const byPath = [
        await servedBy(`/api/v3/share/${share}`, 'POST', '{"n":1}'),
        await servedBy(`/api/v3/share/${share}/batch`, 'POST', '[{"n":2}]'),
        await servedBy(`/api/v3/share/${share}?help`),
        await servedBy(`/api/v3/share/${share}/summary`),
      ]
      expect(new Set(byPath).size).toBe(1)
      servers.add(byPath[0])
    }
    // Twelve apps all on one of three processes: odds of 3 in 3^12 for a fair hash.
    expect(servers.size).toBeGreaterThan(1)
  }, 60_000)

  test('a burst with the process serving the app SIGKILLed: acknowledged records exactly once, dense numbering, /summary equal to a recount', async () => {
    const acknowledged = new Map<string, { worker: number; n: number }>()
    let sent = 0
    const worker = async (w: number) => {
      // Half the workers go through the balancer (to the serving process, then, once it is
      // gone, to another), half straight to the others: three processes write at once.
      const base = w % 2 === 0 ? balancer.url : others[(w >> 1) % others.length].url
      for (let n = 0; n < PER_WORKER; n++) {
        // A third of the way through, the serving process dies with requests in flight.
        if (++sent === Math.floor((WORKERS * PER_WORKER) / 3)) serving.proc.kill('SIGKILL')
        const response = await fetch(`${base}/api/v3/share/${endpointToken}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ worker: w, n, colour: ['red', 'green', 'blue'][n % 3] }),
        }).catch(() => null)
        if (response?.status === 200) acknowledged.set(((await response.json()) as any).data.id, { worker: w, n })
        else await response?.arrayBuffer()
      }
    }
    await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)))
    await serving.proc.exited
    // Most requests were answered (the dead process's share is retried elsewhere or refused).
    expect(acknowledged.size).toBeGreaterThan((WORKERS * PER_WORKER) / 2)

    // Read everything back through the balancer with the read-all protocol.
    const records: Array<{ id: string; data: { worker: number; n: number; colour: string } }> = []
    for (let page = 1; ; page++) {
      const batch = (await api(balancer.url, 'GET', `/api/v3/apps/${appId}/records?size=1000&page=${page}`)).body
      records.push(...batch.records)
      if (batch.records.length < 1000) break
    }
    const ids = records.map((r) => r.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const [id, data] of acknowledged) expect(records.find((r) => r.id === id)?.data).toMatchObject(data)

    // Numbering is dense and ordered, whichever process wrote a record.
    const sql = new SQL({ url, max: 1 })
    const numbers = await sql`SELECT seq, pos FROM records WHERE app_id = ${appId} ORDER BY seq`
    await sql.close()
    expect(numbers.map((r: { seq: number }) => r.seq)).toEqual(Array.from({ length: records.length }, (_, i) => i + 1))
    expect(numbers.map((r: { pos: number }) => r.pos)).toEqual(Array.from({ length: records.length }, (_, i) => i + 1))

    // Each surviving process's summary equals a recount of the records.
    const colours: Record<string, number> = {}
    for (const r of records) colours[r.data.colour] = (colours[r.data.colour] ?? 0) + 1
    for (const p of others) {
      const summary = (await api(p.url, 'GET', `/api/v3/apps/${appId}/summary`)).body
      expect(summary.total).toBe(records.length)
      expect(summary.fields.worker.count).toBe(records.length)
      expect(
        Object.fromEntries(summary.fields.colour.top.map((t: { value: string; count: number }) => [t.value, t.count])),
      ).toEqual(colours)
    }
  }, 120_000)

  test('unpublishing on one process is obeyed by another, and publishing again too', async () => {
    const [a, c] = others
    const post = () =>
      fetch(`${c.url}/api/v3/share/${endpointToken}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"late":true}',
      })
    expect((await post()).status).toBe(200)
    expect((await api(a.url, 'POST', `/api/v3/apps/${appId}/share/unpublish`)).status).toBe(200)
    // The other process hears of it through LISTEN/NOTIFY (the benchmark reports how fast).
    let status = 200
    while (status !== 404) {
      const response = await post()
      status = response.status
      await response.arrayBuffer()
      if (status !== 404) await Bun.sleep(20)
    }
    const republished = await api(a.url, 'POST', `/api/v3/apps/${appId}/share/publish`)
    expect(republished.status).toBe(200)
    const fresh = republished.body.data.token
    let again = 0
    while (again !== 200) {
      const response = await fetch(`${c.url}/api/v3/share/${fresh}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"back":true}',
      })
      again = response.status
      await response.arrayBuffer()
      if (again !== 200) await Bun.sleep(20)
    }
  }, 60_000)
})
