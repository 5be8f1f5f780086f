/**
 * `npm run bench:postgres` — svc on PostgreSQL against svc on SQLite in the same run, and two
 * processes behind HAProxy against one. Starts its own durable cluster (fsync on,
 * synchronous_commit on) from Debian's postgresql package and HAProxy from Debian's haproxy;
 * needs wrk. `--quick` uses 100k records and short runs.
 *
 * Rates on a shared machine move with its load, so every compared pair is measured in
 * alternating rounds (A B B A: a load that drifts linearly weighs on both alike), and each
 * run also reports the CPU one record costs in svc, in PostgreSQL and in the load
 * generator, and how many cores other work on the machine took meanwhile.
 */
import { SQL } from 'bun'
import { databaseUrl } from '../test/support/backend.ts'
import { SERVED_BY, startBalancer } from '../test/support/haproxy.ts'
import { startCluster } from '../test/support/postgres.ts'
import { removeTempDirs as removeTestTempDirs } from '../test/support/tmp.ts'
import { call, publishedApp, signup } from './lib/api.ts'
import { clusterCpuMs, measureCpu, perUnitUs, processCpuMs, type CpuShares } from './lib/cpu.ts'
import { download, fill, goalBook, median, timeRequests } from './lib/measure.ts'
import { memoryMb, removeTempDirs, resetPeak, startSvc } from './lib/servers.ts'
import { requireWrk, wrk, type WrkResult } from './lib/wrk.ts'

const QUICK = process.argv.includes('--quick')
const TOTAL = QUICK ? 100_000 : 1_000_000
/** Records /batch puts into svc on SQLite in the same run: the scale of /batch on this machine today. */
const SQLITE_BATCH = QUICK ? 50_000 : 200_000
const SECONDS = QUICK ? 3 : 10
const WARMUP_SECONDS = QUICK ? 1 : 3
const NOTICE_TRIES = 10
/** Apps the traffic of P6b spreads over. */
const SPREAD_APPS = 16
const ONE = JSON.stringify({ name: 'Ada', age: 36, tags: ['a', 'b'], ok: true })
const SECRET = Buffer.alloc(32, 3).toString('base64')
const { record, print } = goalBook()

async function newDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = new SQL({ url: serverUrl, max: 1 })
  await admin.unsafe(`CREATE DATABASE ${name}`)
  await admin.close()
  return databaseUrl(serverUrl, name)
}

/** CPU per record of each measured phase, printed after the goals. */
const costs: Array<{ phase: string; perUnit: Record<string, number>; cpu: CpuShares; rate: number }> = []

function costRow(phase: string, cpu: CpuShares, units: number): void {
  const perUnit = perUnitUs(cpu, units)
  costs.push({ phase, perUnit, cpu, rate: (units * 1000) / cpu.wallMs })
  const parts = Object.entries(perUnit)
    .map(([name, us]) => `${name} ${us.toFixed(1)}`)
    .join(', ')
  console.error(
    `     ${phase}: ${Math.round((units * 1000) / cpu.wallMs)}/s; CPU µs per record: ${parts}; other work on the machine ${cpu.otherCores.toFixed(2)} cores`,
  )
}

function printCosts(): void {
  console.log('\n| Phase | Rate | CPU µs per record | Other work on the machine (cores) |\n|---|---|---|---|')
  for (const c of costs) {
    const parts = Object.entries(c.perUnit)
      .map(([name, us]) => `${name} ${us.toFixed(1)}`)
      .join(', ')
    console.log(`| ${c.phase} | ${Math.round(c.rate)}/s | ${parts} | ${c.cpu.otherCores.toFixed(2)} |`)
  }
}

/** One measured wrk run of single-record ingest (on `paths` of `url` in turn, if given), with the CPU each party used. */
async function ingest(
  url: string,
  parties: Record<string, () => number>,
  paths?: string[],
): Promise<{ run: WrkResult; cpu: CpuShares }> {
  const { result, cpu } = await measureCpu(
    parties,
    () => wrk({ url, method: 'POST', body: ONE, seconds: SECONDS, paths }),
    (run) => ({ wrk: run.cpuMs }),
  )
  return { run: result, cpu }
}

/** How many of `paths` the balancer at `url` sends to each process (by its SERVED_BY header). */
async function split(url: string, paths: string[]): Promise<string> {
  const counts: Record<string, number> = {}
  for (const path of paths) {
    const res = await fetch(`${url}${path}?help`)
    await res.arrayBuffer()
    const server = res.headers.get(SERVED_BY) ?? '?'
    counts[server] = (counts[server] ?? 0) + 1
  }
  return Object.entries(counts)
    .sort()
    .map(([server, n]) => `${n} on ${server}`)
    .join(', ')
}

/** Sums rounds of one side of an A B B A comparison into one rate, p99 (the worst round's) and CPU. */
function combine(rounds: Array<{ run: WrkResult; cpu: CpuShares }>) {
  const requests = rounds.reduce((n, r) => n + r.run.requests, 0)
  const wallMs = rounds.reduce((n, r) => n + r.cpu.wallMs, 0)
  const parties: Record<string, number> = {}
  for (const r of rounds)
    for (const [name, ms] of Object.entries(r.cpu.parties)) parties[name] = (parties[name] ?? 0) + ms
  const otherCores = rounds.reduce((n, r) => n + r.cpu.otherCores * r.cpu.wallMs, 0) / wallMs
  const machineCores = rounds.reduce((n, r) => n + r.cpu.machineCores * r.cpu.wallMs, 0) / wallMs
  return {
    rate: (requests * 1000) / wallMs,
    rounds: rounds.map((r) => Math.round(r.run.requestsPerSecond)),
    p99Ms: Math.max(...rounds.map((r) => r.run.p99Ms)),
    non2xx: rounds.reduce((n, r) => n + r.run.non2xx + r.run.errors, 0),
    requests,
    cpu: { wallMs, parties, machineCores, otherCores } satisfies CpuShares,
  }
}

/** POSTs a body that is not a record (refused with 400 while the endpoint exists, 404 once it is gone): stores nothing, waits for no commit. */
async function probe(url: string): Promise<number> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '"not a record"',
  })
  await res.arrayBuffer()
  return res.status
}

async function main(): Promise<void> {
  // Long: the benchmark's runs in the order they happen, each reported as it ends.
  requireWrk()
  console.error(
    `svc on PostgreSQL (${QUICK ? 'quick' : 'full'}: ${TOTAL.toLocaleString()} records, ${SECONDS}s wrk runs)`,
  )
  const cluster = startCluster({ durable: true })
  const postgresCpu = () => clusterCpuMs(cluster.dir)
  try {
    // svc on SQLite (FULL) and svc on PostgreSQL, both running and warm, measured A B B A.
    const sqlite = await startSvc()
    const sqliteToken = await signup(sqlite.url)
    await wrk({
      url: (await publishedApp(sqlite.url, sqliteToken, 'warm-up')).endpoint,
      method: 'POST',
      body: ONE,
      seconds: WARMUP_SECONDS,
    })
    const sqliteApp = await publishedApp(sqlite.url, sqliteToken)

    const url = await newDatabase(cluster.url, 'svc_bench')
    const env = { DATABASE_URL: url, SVC_SECRET: SECRET }
    const one = await startSvc(env)
    const token = await signup(one.url)
    await wrk({
      url: (await publishedApp(one.url, token, 'warm-up')).endpoint,
      method: 'POST',
      body: ONE,
      seconds: WARMUP_SECONDS,
    })
    const app = await publishedApp(one.url, token)

    const onSqliteParties = { svc: () => processCpuMs(sqlite.proc.pid) }
    const onPostgresParties = { svc: () => processCpuMs(one.proc.pid), postgres: postgresCpu }
    const s1 = await ingest(sqliteApp.endpoint, onSqliteParties)
    const p1 = await ingest(app.endpoint, onPostgresParties)
    const p2 = await ingest(app.endpoint, onPostgresParties)
    const s2 = await ingest(sqliteApp.endpoint, onSqliteParties)
    const onSqlite = combine([s1, s2])
    const onPostgres = combine([p1, p2])
    costRow('single-record ingest, svc on SQLite (FULL)', onSqlite.cpu, onSqlite.requests)
    costRow('single-record ingest, svc on PostgreSQL, 1 process', onPostgres.cpu, onPostgres.requests)
    record({
      goal: 'P1. JSON ingest on PostgreSQL, 1 process, durable commits (2 rounds each, A B B A)',
      measured: `${Math.round(onPostgres.rate)} req/s (rounds ${onPostgres.rounds.join(', ')}), p99 ≤ ${onPostgres.p99Ms} ms`,
      baseline: `${Math.round(onSqlite.rate)} req/s svc on SQLite (FULL) (rounds ${onSqlite.rounds.join(', ')}), same run`,
      ratio: onPostgres.rate / onSqlite.rate,
      target: '≥ 0.5',
      ok: onPostgres.rate >= 0.5 * onSqlite.rate && onPostgres.non2xx === 0,
    })

    // /batch: svc on SQLite first (how fast /batch is on this machine today), then the goal on PostgreSQL.
    const sqliteBatch = await measureCpu({ ...onSqliteParties, 'load generator': benchCpuMs }, () =>
      fill(sqliteApp.endpoint, 0, SQLITE_BATCH),
    )
    await sqlite.stop()
    const before = (await call(`${app.endpoint}/query?page=1&size=1`)).total as number
    const batch = await measureCpu({ ...onPostgresParties, 'load generator': benchCpuMs }, () =>
      fill(app.endpoint, before, TOTAL),
    )
    costRow(
      `/batch (1000 per request, 4 clients), svc on SQLite, ${SQLITE_BATCH.toLocaleString()} records`,
      sqliteBatch.cpu,
      SQLITE_BATCH,
    )
    costRow(
      `/batch (1000 per request, 4 clients), svc on PostgreSQL, ${(TOTAL - before).toLocaleString()} records`,
      batch.cpu,
      TOTAL - before,
    )
    record({
      goal: 'P2. /batch ingest on PostgreSQL',
      measured: `${Math.round(batch.result)} records/s`,
      baseline: `100000 records/s (svc on SQLite in this run: ${Math.round(sqliteBatch.result)} records/s)`,
      ratio: batch.result / 100_000,
      target: '≥ 1',
      ok: batch.result >= 100_000,
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
    const exported = await download(`${fresh.url}/api/v3/apps/${app.id}/export.csv`, {
      authorization: `Bearer ${token}`,
    })
    const peak = memoryMb(fresh.proc.pid).peak
    record({
      goal: `P5. CSV export of ${total.toLocaleString()} records (${(exported.bytes / 1e6).toFixed(0)} MB) from PostgreSQL`,
      measured: `${exported.seconds.toFixed(2)} s, peak RSS idle + ${(peak - idle.rss).toFixed(0)} MB`,
      baseline: 'idle + 64 MB',
      ratio: (peak - idle.rss) / 64,
      target: '≤ 1',
      ok: exported.status === 200 && peak - idle.rss <= 64,
    })

    // Two processes behind HAProxy against one process behind the same HAProxy, A B B A.
    const second = await startSvc(env)
    const processes = [fresh, second]
    const port = (s: { url: string }) => Number(new URL(s.url).port)
    const alone = await startBalancer([{ name: 'svc1', port: port(fresh) }])
    const both = await startBalancer(
      processes.map((p, i) => ({ name: `svc${i + 1}`, port: port(p) })),
      { servedBy: true },
    )
    const path = new URL(app.endpoint).pathname
    await wrk({ url: `${both.url}${path}`, method: 'POST', body: ONE, seconds: WARMUP_SECONDS })
    const aloneParties = {
      svc: () => processCpuMs(fresh.proc.pid),
      postgres: postgresCpu,
      haproxy: () => processCpuMs(alone.proc.pid),
    }
    const bothParties = {
      svc: () => processCpuMs(fresh.proc.pid) + processCpuMs(second.proc.pid),
      postgres: postgresCpu,
      haproxy: () => processCpuMs(both.proc.pid),
    }
    const a1 = await ingest(`${alone.url}${path}`, aloneParties)
    const b1 = await ingest(`${both.url}${path}`, bothParties)
    const b2 = await ingest(`${both.url}${path}`, bothParties)
    const a2 = await ingest(`${alone.url}${path}`, aloneParties)
    const oneBehind = combine([a1, a2])
    const twoBehind = combine([b1, b2])
    costRow('single-record ingest through HAProxy, 1 svc process', oneBehind.cpu, oneBehind.requests)
    costRow('single-record ingest through HAProxy, 2 svc processes (svc = both)', twoBehind.cpu, twoBehind.requests)
    record({
      goal: 'P6. ingest into one app through HAProxy: 2 processes vs 1 (one PostgreSQL, 2 cores shared by all; A B B A)',
      measured: `${Math.round(twoBehind.rate)} req/s (rounds ${twoBehind.rounds.join(', ')}), p99 ≤ ${twoBehind.p99Ms} ms`,
      baseline: `${Math.round(oneBehind.rate)} req/s one process (rounds ${oneBehind.rounds.join(', ')})`,
      ratio: twoBehind.rate / oneBehind.rate,
      target: '≥ 1.0',
      ok: twoBehind.rate >= oneBehind.rate && twoBehind.non2xx === 0,
    })

    // The same over many apps: the balancer sends each app to one process, so the two share the apps.
    const spread = await Promise.all(
      Array.from({ length: SPREAD_APPS }, (_, i) => publishedApp(fresh.url, token, `spread-${i}`)),
    )
    const paths = spread.map((target) => new URL(target.endpoint).pathname)
    await wrk({ url: both.url, method: 'POST', body: ONE, seconds: WARMUP_SECONDS, paths })
    const c1 = await ingest(alone.url, aloneParties, paths)
    const d1 = await ingest(both.url, bothParties, paths)
    const d2 = await ingest(both.url, bothParties, paths)
    const c2 = await ingest(alone.url, aloneParties, paths)
    const oneSpread = combine([c1, c2])
    const twoSpread = combine([d1, d2])
    costRow(
      `single-record ingest over ${SPREAD_APPS} apps through HAProxy, 1 svc process`,
      oneSpread.cpu,
      oneSpread.requests,
    )
    costRow(
      `single-record ingest over ${SPREAD_APPS} apps through HAProxy, 2 svc processes (svc = both)`,
      twoSpread.cpu,
      twoSpread.requests,
    )
    record({
      goal: `P6b. ingest over ${SPREAD_APPS} apps through HAProxy (${await split(both.url, paths)}): 2 processes vs 1 (A B B A)`,
      measured: `${Math.round(twoSpread.rate)} req/s (rounds ${twoSpread.rounds.join(', ')}), p99 ≤ ${twoSpread.p99Ms} ms`,
      baseline: `${Math.round(oneSpread.rate)} req/s one process (rounds ${oneSpread.rounds.join(', ')})`,
      ratio: twoSpread.rate / oneSpread.rate,
      target: '≥ 1.0',
      ok: twoSpread.rate >= oneSpread.rate && twoSpread.non2xx === 0,
    })

    // How soon another process obeys an unpublish: from process A's answer (the change is
    // committed and its NOTIFY sent) to process B refusing the endpoint, probed back to back.
    const delays: number[] = []
    for (let i = 0; i < NOTICE_TRIES; i++) {
      const target = await publishedApp(fresh.url, token, `notice-${i}`)
      const onSecond = `${second.url}${new URL(target.endpoint).pathname}`
      const known = await probe(onSecond)
      if (known !== 400) throw new Error(`probe of a published endpoint answered ${known}, not 400`)
      await call(`${fresh.url}/api/v3/apps/${target.id}/share/unpublish`, { method: 'POST', token })
      const committed = performance.now()
      while ((await probe(onSecond)) !== 404) {}
      delays.push(performance.now() - committed)
    }
    const notice = median(delays)
    const worst = Math.max(...delays)
    record({
      goal: `P7. unpublish answered by process A, then refused by process B (LISTEN/NOTIFY), ${NOTICE_TRIES} tries`,
      measured: `median ${notice.toFixed(1)} ms, max ${worst.toFixed(1)} ms`,
      baseline: '1000 ms',
      ratio: worst / 1000,
      target: '≤ 1 (max)',
      ok: worst <= 1000,
    })

    await both.stop()
    await alone.stop()
    for (const p of processes) await p.stop()
    print()
    printCosts()
  } finally {
    cluster.stop()
  }
}

/** CPU ms this process has used: the load generator of /batch. */
function benchCpuMs(): number {
  const used = process.cpuUsage()
  return (used.user + used.system) / 1000
}

try {
  await main()
} finally {
  removeTempDirs()
  removeTestTempDirs()
}
