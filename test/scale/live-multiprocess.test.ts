/**
 * Live streams across processes: three svc processes on one PostgreSQL database behind
 * HAProxy (deploy/haproxy.cfg). A stream held through the balancer (served by the app's
 * process) and streams held straight on the two others each get every record, whichever
 * process took it, in order and once; the commit's NOTIFY only wakes them, the rows are read
 * from the database. When a process's listening connection is cut, its streams read on
 * from their position once it is back, so records committed meanwhile still arrive.
 *
 * Runs on PostgreSQL: the server of a DATABASE_URL run, else a throwaway cluster from
 * Debian's postgresql package. Without PostgreSQL or HAProxy on the machine it skips, saying so.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { SQL } from 'bun'
import { TEST_SECRET } from '../support/backend.ts'
import { haproxyPath, startBalancer, type Balancer } from '../support/haproxy.ts'
import { postgresDatabases, postgresUnavailable } from '../support/postgres-database.ts'
import { spawnServer, type ServerProcess } from '../support/process.ts'
import { readEvents, type SseStream } from '../support/sse.ts'
import { callServer, target } from '../support/call.ts'

const noBalancer = haproxyPath() ? null : 'no haproxy (apt-get install -y haproxy)'
const why = postgresUnavailable ?? noBalancer
if (why) console.warn(`⚠ multi-process live stream tests: skipped — ${why}`)

describe.skipIf(why !== null)('live streams on three svc processes behind HAProxy', () => {
  const databases = postgresDatabases()
  let url: string
  let processes: ServerProcess[] = []
  let balancer: Balancer
  let shareToken: string
  const streams: SseStream[] = []

  beforeAll(async () => {
    url = await databases.create()
    const env = { DATABASE_URL: url, SVC_SECRET: TEST_SECRET, SVC_RATE_LIMIT: 'off', SVC_SIGNUP: 'open' }
    processes = await Promise.all([1, 2, 3].map(() => spawnServer(env, 30_000)))
    balancer = await startBalancer(
      processes.map((p, i) => ({ name: `svc${i + 1}`, port: Number(new URL(p.url).port) })),
    )
    const signup = await callServer(balancer.url, 'auth.signup', {
      body: { email: 'owner@example.com', password: 'a long password', tokenName: 'live test' },
    })
    const owner = { token: signup.body.data.token!.token }
    const app = (await callServer(balancer.url, 'apps.create', { body: { name: 'Watched everywhere' } }, owner)).body
      .data
    const share = (await callServer(balancer.url, 'share.publish', { params: { id: app.id } }, owner)).body.data
    await callServer(balancer.url, 'share.update', { params: { id: app.id }, body: { reads: 'records' } }, owner)
    shareToken = share.token!
  }, 90_000)

  afterAll(async () => {
    await Promise.all(streams.map((stream) => stream.close()))
    await balancer?.stop()
    for (const p of processes) p.proc.kill('SIGKILL')
    await Promise.all(processes.map((p) => p.proc.exited))
    databases.stop()
  }, 60_000)

  /** Posts `{n}` straight to process `p` (0–2). */
  const post = async (p: number, n: number) => {
    const response = await callServer(processes[p].url, 'ingest.post', { params: { token: shareToken }, body: { n } })
    expect(response.status).toBe(200)
  }
  /** Opens the endpoint's live stream on `base`: a raw fetch, its body read as it comes. */
  const watch = async (base: string) =>
    readEvents(await fetch(`${base}${target('reads.stream', { params: { token: shareToken } }).path}`))
  const numbers = (stream: SseStream) => stream.records().map((record) => record.data.n)

  test('a record taken by any process reaches the streams held by every process, in order, once', async () => {
    const opened = [await watch(balancer.url), ...(await Promise.all(processes.map((p) => watch(p.url))))]
    streams.push(...opened)
    await Promise.all(opened.map((s) => s.until(() => s.lastEventId === '0', 'the start')))
    for (let n = 1; n <= 30; n++) await post(n % 3, n)
    await Promise.all(opened.map((s) => s.waitFor(30)))
    for (const stream of opened) {
      expect(numbers(stream)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1))
      expect(stream.events.map((e) => e.id)).toEqual(Array.from({ length: 30 }, (_, i) => String(i + 1)))
    }
  }, 60_000)

  test('streams read on from their position once a cut listening connection is back: nothing committed meanwhile is lost', async () => {
    const watched = await Promise.all(processes.map((p) => watch(p.url)))
    streams.push(...watched)
    await Promise.all(watched.map((s) => s.until(() => s.lastEventId === '30', 'the start')))
    // Every process's LISTEN connection is cut; records committed now send notices nobody hears.
    const admin = new SQL({ url, max: 1 })
    try {
      const cut =
        await admin`SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%'`
      expect(cut.length).toBeGreaterThanOrEqual(3)
    } finally {
      await admin.close()
    }
    // All through the first process: the others' streams can only learn of them by reading on after the reconnect.
    for (let n = 31; n <= 36; n++) await post(0, n)
    await Promise.all(watched.map((s) => s.waitFor(6)))
    for (const stream of watched) expect(numbers(stream)).toEqual([31, 32, 33, 34, 35, 36])
  }, 60_000)
})
