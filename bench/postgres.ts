/**
 * `npm run bench:postgres` — svc on PostgreSQL against svc on SQLite in the same run, and two
 * processes behind HAProxy against one. Starts its own durable cluster (fsync on,
 * synchronous_commit on) from Debian's postgresql package and HAProxy from Debian's haproxy;
 * needs wrk. `--quick` uses 100k records and short runs.
 */
import { SQL } from 'bun'
import { databaseUrl } from '../test/support/backend.ts'
import { startBalancer } from '../test/support/haproxy.ts'
import { startCluster } from '../test/support/postgres.ts'
import { call, publishedApp, signup } from './lib/api.ts'
import { download, fill, goalBook, median, timeRequests } from './lib/measure.ts'
import { memoryMb, removeTempDirs, resetPeak, startSvc } from './lib/servers.ts'
import { requireWrk, wrk } from './lib/wrk.ts'

const QUICK = process.argv.includes('--quick')
const TOTAL = QUICK ? 100_000 : 1_000_000
const SECONDS = QUICK ? 3 : 10
const WARMUP_SECONDS = QUICK ? 1 : 3
const ONE = JSON.stringify({ name: 'Ada', age: 36, tags: ['a', 'b'], ok: true })
const SECRET = Buffer.alloc(32, 3).toString('base64')
const { record, print } = goalBook()

async function newDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = new SQL({ url: serverUrl, max: 1 })
  await admin.unsafe(`CREATE DATABASE ${name}`)
  await admin.close()
  return databaseUrl(serverUrl, name)
}

async function main(): Promise<void> {
  requireWrk()
  console.error(`svc on PostgreSQL (${QUICK ? 'quick' : 'full'}: ${TOTAL.toLocaleString()} records, ${SECONDS}s wrk runs)`)
  const cluster = startCluster({ durable: true })
  try {
    // Baseline: svc on SQLite (FULL), single-record ingest, warm.
    const sqlite = await startSvc()
    const sqliteToken = await signup(sqlite.url)
    await wrk({ url: (await publishedApp(sqlite.url, sqliteToken, 'warm-up')).endpoint, method: 'POST', body: ONE, seconds: WARMUP_SECONDS })
    const onSqlite = await wrk({ url: (await publishedApp(sqlite.url, sqliteToken)).endpoint, method: 'POST', body: ONE, seconds: SECONDS })
    await sqlite.stop()

    const url = await newDatabase(cluster.url, 'svc_bench')
    const env = { DATABASE_URL: url, SVC_SECRET: SECRET }
    const one = await startSvc(env)
    const token = await signup(one.url)
    await wrk({ url: (await publishedApp(one.url, token, 'warm-up')).endpoint, method: 'POST', body: ONE, seconds: WARMUP_SECONDS })
    const app = await publishedApp(one.url, token)
    const onPostgres = await wrk({ url: app.endpoint, method: 'POST', body: ONE, seconds: SECONDS })
    record({
      goal: 'P1. JSON ingest on PostgreSQL, 1 process, durable commits',
      measured: `${Math.round(onPostgres.requestsPerSecond)} req/s, p99 ${onPostgres.p99Ms} ms`,
      baseline: `${Math.round(onSqlite.requestsPerSecond)} req/s svc on SQLite (FULL), same run`,
      ratio: onPostgres.requestsPerSecond / onSqlite.requestsPerSecond,
      target: '≥ 0.5',
      ok: onPostgres.requestsPerSecond >= 0.5 * onSqlite.requestsPerSecond && onPostgres.non2xx === 0,
    })

    const before = (await call(`${app.endpoint}/query?page=1&size=1`)).total as number
    const batchRate = await fill(app.endpoint, before, TOTAL)
    record({
      goal: 'P2. /batch ingest on PostgreSQL',
      measured: `${Math.round(batchRate)} records/s`,
      baseline: '100000 records/s',
      ratio: batchRate / 100_000,
      target: '≥ 1',
      ok: batchRate >= 100_000,
    })

    const total = (await call(`${app.endpoint}/query?page=1&size=1`)).total as number
    const lastPage = Math.ceil(total / 1000)
    const first = await timeRequests(`${app.endpoint}/query?page=1&size=1000`, 30)
    const last = await timeRequests(`${app.endpoint}/query?page=${lastPage - 1}&size=1000`, 30)
    record({
      goal: `P3. /query page near the end of ${total.toLocaleString()} vs page 1 (size 1000)`,
      measured: `${last.toFixed(2)} ms`,
      baseline: `${first.toFixed(2)} ms page 1`,
      ratio: last / first,
      target: '≤ 1.5',
      ok: last <= 1.5 * first,
    })

    const summary = await timeRequests(`${app.endpoint}/summary`, 50)
    record({
      goal: `P4. /summary at ${total.toLocaleString()} records`,
      measured: `${summary.toFixed(2)} ms`,
      baseline: '5 ms',
      ratio: summary / 5,
      target: '≤ 1',
      ok: summary <= 5,
    })

    // CSV on a freshly started process, so its peak RSS means the export.
    await one.stop()
    const fresh = await startSvc(env)
    await fetch(`${fresh.url}/api/v3/health`)
    const idle = memoryMb(fresh.proc.pid)
    resetPeak(fresh.proc.pid)
    const exported = await download(`${fresh.url}/api/v3/apps/${app.id}/export.csv`, { authorization: `Bearer ${token}` })
    const peak = memoryMb(fresh.proc.pid).peak
    record({
      goal: `P5. CSV export of ${total.toLocaleString()} records (${(exported.bytes / 1e6).toFixed(0)} MB) from PostgreSQL`,
      measured: `${exported.seconds.toFixed(2)} s, peak RSS idle + ${(peak - idle.rss).toFixed(0)} MB`,
      baseline: 'idle + 64 MB',
      ratio: (peak - idle.rss) / 64,
      target: '≤ 1',
      ok: exported.status === 200 && peak - idle.rss <= 64,
    })

    // Two processes behind HAProxy against one process behind the same HAProxy.
    const second = await startSvc(env)
    const processes = [fresh, second]
    const port = (s: { url: string }) => Number(new URL(s.url).port)
    const alone = await startBalancer([{ name: 'svc1', port: port(fresh) }])
    const both = await startBalancer(processes.map((p, i) => ({ name: `svc${i + 1}`, port: port(p) })))
    const path = new URL(app.endpoint).pathname
    await wrk({ url: `${both.url}${path}`, method: 'POST', body: ONE, seconds: WARMUP_SECONDS })
    const oneBehind = await wrk({ url: `${alone.url}${path}`, method: 'POST', body: ONE, seconds: SECONDS })
    const twoBehind = await wrk({ url: `${both.url}${path}`, method: 'POST', body: ONE, seconds: SECONDS })
    record({
      goal: 'P6. ingest through HAProxy: 2 processes vs 1 (one PostgreSQL, 2 cores shared by all)',
      measured: `${Math.round(twoBehind.requestsPerSecond)} req/s, p99 ${twoBehind.p99Ms} ms`,
      baseline: `${Math.round(oneBehind.requestsPerSecond)} req/s one process`,
      ratio: twoBehind.requestsPerSecond / oneBehind.requestsPerSecond,
      target: '≥ 1.0',
      ok: twoBehind.requestsPerSecond >= oneBehind.requestsPerSecond && twoBehind.non2xx === 0,
    })

    // How soon another process obeys an unpublish: the change notice's trip through NOTIFY.
    const delays: number[] = []
    for (let i = 0; i < 10; i++) {
      const target = await publishedApp(fresh.url, token, `notice-${i}`)
      const tokenPath = new URL(target.endpoint).pathname
      await (await fetch(`${second.url}${tokenPath}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: ONE })).arrayBuffer()
      const started = performance.now()
      await call(`${fresh.url}/api/v3/apps/${target.id}/share/unpublish`, { method: 'POST', token })
      for (;;) {
        const res = await fetch(`${second.url}${tokenPath}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: ONE })
        await res.arrayBuffer()
        if (res.status === 404) break
      }
      delays.push(performance.now() - started)
    }
    const notice = median(delays)
    record({
      goal: 'P7. unpublish on one process refused by another (median of 10)',
      measured: `${notice.toFixed(1)} ms`,
      baseline: '1000 ms',
      ratio: notice / 1000,
      target: '≤ 1',
      ok: notice <= 1000,
    })

    await both.stop()
    await alone.stop()
    for (const p of processes) await p.stop()
    print()
  } finally {
    cluster.stop()
  }
}

try {
  await main()
} finally {
  removeTempDirs()
}
