/**
 * @module The abuse bench's big-record phase (issue 31): a stranger posts 200 records of
 * ≈ 1 MB each to an endpoint with reads open, then one `/query?size=1000` page and one CSV
 * export are read at once. Peak RSS against idle (VmHWM, reset before the reads), /health
 * latency meanwhile against idle, and the records the page holds. Its own svc process, so
 * the phase neither depends on nor disturbs the others; the reads run in a child process
 * (`--read`), so this one only times /health.
 */
import type { goalBook } from '../lib/measure.ts'
import { call, publishedApp, signup } from '../lib/api.ts'
import { memoryMb, resetPeak, startSvc } from '../lib/servers.ts'

const RECORDS = 200
/** Characters of each record's one string value: the body stays under the 1 MiB limit. */
const RECORD_CHARS = 1_000_000
const ALLOWANCE_MB = 256
const HEALTH_LIMIT_MS = 1000

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}
const ms = (value: number) => `${value.toFixed(1)} ms`

/** Sequential GETs of /health while `going()` (at least one); latencies and statuses. */
export async function healthLoop(base: string, going: () => boolean): Promise<{ times: number[]; failed: number }> {
  const times: number[] = []
  let failed = 0
  do {
    const started = performance.now()
    const res = await fetch(`${base}/api/v3/health`)
    await res.arrayBuffer()
    if (res.status !== 200) failed++
    times.push(performance.now() - started)
    await Bun.sleep(5)
  } while (going())
  return { times, failed }
}

/** Reads a response to the end: its bytes, and how many times `marker` occurs in it (split across chunks or not). */
async function drain(res: Response, marker: string): Promise<{ bytes: number; count: number }> {
  let bytes = 0
  let count = 0
  let tail = ''
  const decoder = new TextDecoder()
  const reader = res.body!.getReader()
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    bytes += chunk.value.byteLength
    const text = tail + decoder.decode(chunk.value, { stream: true })
    for (let at = text.indexOf(marker); at !== -1; at = text.indexOf(marker, at + marker.length)) count++
    tail = text.slice(-(marker.length - 1))
  }
  return { bytes, count }
}

/**
 * The reader process: the page and the export read at once, the records of the page counted
 * as they stream (each has one `"createdAt":`), printed as JSON. Apart from the process that
 * times /health, so receiving 400 MB does not slow its timing.
 */
async function readBoth(pageUrl: string, exportUrl: string, token: string): Promise<void> {
  const [page, csv] = await Promise.all([
    fetch(pageUrl).then((res) => drain(res, '"createdAt":')),
    fetch(exportUrl, { headers: { authorization: `Bearer ${token}` } }).then((res) => drain(res, '\r\n')),
  ])
  console.log(JSON.stringify({ pageBytes: page.bytes, records: page.count, csvBytes: csv.bytes }))
}

/** Runs the phase and records its three goals in `book`. */
export async function bigRecordsPhase(book: ReturnType<typeof goalBook>): Promise<void> {
  const svc = await startSvc({ SVC_SIGNUP: 'first' })
  try {
    const base = svc.url
    const token = await signup(base)
    const app = await publishedApp(base, token, 'big records')
    const blob = 'x'.repeat(RECORD_CHARS)
    for (let n = 0; n < RECORDS; n += 4) {
      await Promise.all(
        [0, 1, 2, 3].map(async (k) => {
          const res = await fetch(app.endpoint, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: `{"n":${n + k},"blob":"${blob}"}`,
          })
          if (res.status !== 200) throw new Error(`post failed: ${res.status} ${await res.text()}`)
          await res.arrayBuffer()
        }),
      )
    }
    // Idle: memory once the posts have settled, /health latency with nothing else running.
    await Bun.sleep(1000)
    await call(`${base}/api/v3/health`)
    const idleRss = memoryMb(svc.proc.pid).rss
    let idleRounds = 0
    const idleHealth = await healthLoop(base, () => ++idleRounds < 200)

    resetPeak(svc.proc.pid)
    let reading = true
    const started = performance.now()
    const reader = Bun.spawn(
      [
        process.execPath,
        import.meta.path,
        '--read',
        `${app.endpoint}/query?size=1000`,
        `${base}/api/v3/apps/${app.id}/export.csv`,
        token,
      ],
      { stdout: 'pipe', stderr: 'inherit' },
    )
    const read = new Response(reader.stdout).text().finally(() => (reading = false))
    const health = await healthLoop(base, () => reading)
    const { pageBytes, records, csvBytes } = JSON.parse(await read) as {
      pageBytes: number
      records: number
      csvBytes: number
    }
    const seconds = (performance.now() - started) / 1000
    const peak = memoryMb(svc.proc.pid).peak
    const worst = Math.max(...health.times)
    const p99 = percentile(health.times, 99)
    const idleP99 = percentile(idleHealth.times, 99)
    const what = `one /query?size=1000 page (${(pageBytes / 1e6).toFixed(0)} MB) and one CSV export (${(csvBytes / 1e6).toFixed(0)} MB) of ${RECORDS} × 1 MB records at once (${seconds.toFixed(1)} s)`
    book.record({
      goal: `peak RSS during ${what}`,
      measured: `${peak.toFixed(0)} MB (idle + ${(peak - idleRss).toFixed(0)} MB)`,
      baseline: `idle ${idleRss.toFixed(0)} MB, allowance ${ALLOWANCE_MB} MB over it`,
      ratio: (peak - idleRss) / ALLOWANCE_MB,
      target: `≤ 1 (idle + ${ALLOWANCE_MB} MB)`,
      ok: peak - idleRss <= ALLOWANCE_MB,
    })
    book.record({
      goal: `/health during the big reads (${health.times.length} requests, ${health.failed} not 200; slowest ${ms(worst)})`,
      measured: `p99 ${ms(p99)}`,
      baseline: `idle p99 ${ms(idleP99)}`,
      ratio: p99 / idleP99,
      target: `every answer ≤ ${HEALTH_LIMIT_MS} ms (ratio shown against idle p99)`,
      ok: worst <= HEALTH_LIMIT_MS && health.failed === 0,
    })
    book.record({
      goal: 'records in the size=1000 page of big records',
      measured: String(records),
      baseline: String(RECORDS),
      ratio: records / RECORDS,
      target: '= 1',
      ok: records === RECORDS,
    })
  } finally {
    await svc.stop()
  }
}

if (import.meta.main && process.argv[2] === '--read') await readBoth(process.argv[3], process.argv[4], process.argv[5])
