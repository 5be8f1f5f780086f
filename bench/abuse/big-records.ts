/**
 * @module The abuse bench's big-record phase (issue 31): a stranger posts 200 records of
 * ≈ 1 MB each to an endpoint with reads open, then one `/query?size=1000` page and one CSV
 * export are read at once. Peak RSS against idle (VmHWM, reset before the reads), /health
 * latency meanwhile against idle, and the records the page holds. Its own svc process, so
 * the phase neither depends on nor disturbs the others.
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
async function healthLoop(base: string, going: () => boolean): Promise<{ times: number[]; failed: number }> {
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

/** Reads a response to the end, counting bytes (and keeping the text when `keep`). */
async function drain(res: Response, keep: boolean): Promise<{ bytes: number; text: string }> {
  let bytes = 0
  const chunks: Uint8Array[] = []
  const reader = res.body!.getReader()
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    bytes += chunk.value.byteLength
    if (keep) chunks.push(chunk.value)
  }
  return { bytes, text: keep ? Buffer.concat(chunks).toString('utf8') : '' }
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
          const res = await fetch(app.endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"n":${n + k},"blob":"${blob}"}` })
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
    const reads = Promise.all([
      fetch(`${app.endpoint}/query?size=1000`).then((res) => drain(res, true)),
      fetch(`${base}/api/v3/apps/${app.id}/export.csv`, { headers: { authorization: `Bearer ${token}` } }).then((res) => drain(res, false)),
    ]).finally(() => (reading = false))
    const [health, [page, csv]] = await Promise.all([healthLoop(base, () => reading), reads])
    const seconds = (performance.now() - started) / 1000
    const peak = memoryMb(svc.proc.pid).peak
    const records = (JSON.parse(page.text) as { records: unknown[] }).records.length

    const worst = Math.max(...health.times)
    const p99 = percentile(health.times, 99)
    const idleP99 = percentile(idleHealth.times, 99)
    const what = `one /query?size=1000 page (${(page.bytes / 1e6).toFixed(0)} MB) and one CSV export (${(csv.bytes / 1e6).toFixed(0)} MB) of ${RECORDS} × 1 MB records at once (${seconds.toFixed(1)} s)`
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
    book.record({ goal: 'records in the size=1000 page of big records', measured: String(records), baseline: String(RECORDS), ratio: records / RECORDS, target: '= 1', ok: records === RECORDS })
  } finally {
    await svc.stop()
  }
}
