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
import type { Described } from '../../server/contract/api/request.ts'
import { boundCaller } from '../support/bound-call.ts'
import { callServer, type CallArgs, type CallResponse, type ServerCallOptions } from '../support/call.ts'

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

  /** Operation `name` called on the process (or balancer) at `base`, as the owner. */
  const api = <N extends Described>(base: string, name: N, ...args: CallArgs<N, Omit<ServerCallOptions, 'token'>>) =>
    boundCaller(base, () => token)(name, ...args)

  beforeAll(async () => {
    // Not migrated: the processes, started together, migrate it (one under the advisory lock, the others wait).
    url = await databases.create({ migrated: false })
    const env = { DATABASE_URL: url, SVC_SECRET: TEST_SECRET, SVC_RATE_LIMIT: 'off', SVC_SIGNUP: 'open' }
    processes = await Promise.all([1, 2, 3].map(() => spawnServer(env, 30_000)))
    balancer = await startBalancer(
      processes.map((p, i) => ({ name: `svc${i + 1}`, port: Number(new URL(p.url).port) })),
      { servedBy: true },
    )
    const signup = await callServer(balancer.url, 'auth.signup', {
      body: { email: 'owner@example.com', password: 'a long password', tokenName: 'scale test' },
    })
    token = signup.body.data.token!.token
    appId = (await api(balancer.url, 'apps.create', { body: { name: 'Popular form' } })).body.data.id
    endpointToken = (await api(balancer.url, 'share.publish', { params: { id: appId } })).body.data.token!
    const probe = await callServer(balancer.url, 'ingest.help', {
      params: { token: endpointToken },
      query: { help: '' },
    })
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
    /** The process that answered, once it answered 200. */
    const servedBy = async (call: Promise<CallResponse<unknown>>) => {
      const response = await call
      expect(response.status).toBe(200)
      return response.headers.get(SERVED_BY)
    }
    const servers = new Set<string | null>()
    for (let i = 0; i < 12; i++) {
      const id = (await api(balancer.url, 'apps.create', { body: { name: `Spread ${i}` } })).body.data.id
      const share = { token: (await api(balancer.url, 'share.publish', { params: { id } })).body.data.token! }
      const byPath = [
        await servedBy(api(balancer.url, 'ingest.post', { params: share, body: { n: 1 } })),
        await servedBy(api(balancer.url, 'ingest.batch', { params: share, body: [{ n: 2 }] })),
        await servedBy(api(balancer.url, 'ingest.help', { params: share, query: { help: '' } })),
        await servedBy(api(balancer.url, 'reads.summary', { params: share })),
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
        const response = await callServer(base, 'ingest.post', {
          params: { token: endpointToken },
          body: { worker: w, n, colour: ['red', 'green', 'blue'][n % 3] },
        }).catch(() => null)
        if (response?.status === 200) acknowledged.set(response.body.data.id, { worker: w, n })
      }
    }
    await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)))
    await serving.proc.exited
    // Most requests were answered (the dead process's share is retried elsewhere or refused).
    expect(acknowledged.size).toBeGreaterThan((WORKERS * PER_WORKER) / 2)

    // Read everything back through the balancer with the read-all protocol.
    type Sent = { worker: number; n: number; colour: string }
    const records: Array<{ id: string; data: Sent }> = []
    for (let page = 1; ; page++) {
      const batch = (await api(balancer.url, 'records.list', { params: { id: appId }, query: { size: 1000, page } }))
        .body
      // The data as the workers sent it.
      records.push(...batch.records.map((r) => ({ id: r.id, data: r.data as Sent })))
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
      const summary = (await api(p.url, 'records.summary', { params: { id: appId } })).body
      expect(summary.total).toBe(records.length)
      expect(summary.fields.worker.count).toBe(records.length)
      expect(
        Object.fromEntries(summary.fields.colour.top!.map((t: { value: string; count: number }) => [t.value, t.count])),
      ).toEqual(colours)
    }
  }, 120_000)

  test('unpublishing on one process is obeyed by another, and publishing again too', async () => {
    const [a, c] = others
    const post = () => callServer(c.url, 'ingest.post', { params: { token: endpointToken }, body: { late: true } })
    expect((await post()).status).toBe(200)
    expect((await api(a.url, 'share.unpublish', { params: { id: appId } })).status).toBe(200)
    // The other process hears of it through LISTEN/NOTIFY (the benchmark reports how fast).
    let status = 200
    while (status !== 404) {
      status = (await post()).status
      if (status !== 404) await Bun.sleep(20)
    }
    const republished = await api(a.url, 'share.publish', { params: { id: appId } })
    expect(republished.status).toBe(200)
    const fresh = republished.body.data.token
    let again = 0
    while (again !== 200) {
      again = (await callServer(c.url, 'ingest.post', { params: { token: fresh! }, body: { back: true } })).status
      if (again !== 200) await Bun.sleep(20)
    }
  }, 60_000)
})
