/**
 * @module The amplification phase of `npm run bench:abuse` (issue 31, row 3): one client
 * posts 1 MiB bodies of `1e400` numbers to one app at a rate under the per-client limit,
 * each a body whose every value is a problem, while another app's ingest is timed. Ingest
 * latency and the server's RSS are compared with the same phase's idle figures, and the
 * largest error answer with the 64 KiB every error answer must fit in.
 */
import { call, publishedApp } from '../lib/api.ts'
import type { goalBook } from '../lib/measure.ts'
import { memoryMb } from '../lib/servers.ts'

const PHASE_MS = 5_000
/** Under the per-client share of the default limit (20/s × 0.25 = 5/s): the rate limiter lets every one in. */
const AMPLIFIER_RATE = 4
const MAX_BODY = 1024 * 1024
const MAX_ANSWER = 64 * 1024

interface Sample {
  p50: number
  p99: number
  /** Peak RSS while the sample ran, MB. */
  rss: number
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]
const ms = (value: number) => `${value.toFixed(2)} ms`

/** One record at a time to `endpoint` for PHASE_MS, sampling the server's RSS. */
async function timedIngest(endpoint: string, pid: number): Promise<Sample> {
  const times: number[] = []
  let rss = memoryMb(pid).rss
  const sampler = setInterval(() => (rss = Math.max(rss, memoryMb(pid).rss)), 20)
  const end = performance.now() + PHASE_MS
  for (let n = 0; performance.now() < end; n++) {
    const started = performance.now()
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"n":${n},"city":"Lisbon"}`,
    })
    await res.arrayBuffer()
    times.push(performance.now() - started)
  }
  clearInterval(sampler)
  return { p50: percentile(times, 50), p99: percentile(times, 99), rss }
}

/** A body of `1e400` literals as large as the server takes. */
export function amplifyingBody(): string {
  const count = Math.floor((MAX_BODY - '{"a":[]}'.length + 1) / '1e400,'.length)
  return `{"a":[${Array(count).fill('1e400').join(',')}]}`
}

/** Runs the phase against the svc at `base` (process `pid`, account `token`) and records its goals in `book`. */
export async function amplificationPhase(options: {
  base: string
  token: string
  pid: number
  book: ReturnType<typeof goalBook>
}): Promise<void> {
  const { base, token, pid, book } = options
  const measured = await publishedApp(base, token, 'amplify-measured')
  await call(`${base}/api/v3/apps/${measured.id}/share`, { method: 'PATCH', token, json: { rateLimit: 'off' } })
  const target = await publishedApp(base, token, 'amplify-target')
  const body = amplifyingBody()

  Bun.gc(true)
  const idle = await timedIngest(measured.endpoint, pid)

  let stopped = false
  const answers: Array<{ status: number; bytes: number }> = []
  const amplifier = (async () => {
    const pending: Array<Promise<void>> = []
    const started = performance.now()
    let sent = 0
    while (!stopped) {
      const due = Math.floor(((performance.now() - started) / 1000) * AMPLIFIER_RATE)
      for (; sent < due; sent++) {
        pending.push(
          fetch(target.endpoint, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.77' },
            body,
          }).then(
            async (res) => void answers.push({ status: res.status, bytes: (await res.arrayBuffer()).byteLength }),
          ),
        )
      }
      await Bun.sleep(10)
    }
    await Promise.all(pending)
  })()
  const loaded = await timedIngest(measured.endpoint, pid)
  stopped = true
  await amplifier

  const largest = Math.max(...answers.map((answer) => answer.bytes))
  const statuses = [...new Set(answers.map((answer) => answer.status))].join(', ')
  const who = `${answers.length} bodies of ${(body.length / 1024).toFixed(0)} KiB of 1e400 at ${AMPLIFIER_RATE}/s to another app, answered ${statuses}`
  book.record({
    goal: `ingest p99 while one client sends ${who}`,
    measured: `p50 ${ms(loaded.p50)}, p99 ${ms(loaded.p99)}`,
    baseline: `idle p50 ${ms(idle.p50)}, p99 ${ms(idle.p99)}`,
    ratio: loaded.p99 / idle.p99,
    target: '≤ 2',
    ok: loaded.p99 / idle.p99 <= 2,
  })
  book.record({
    goal: 'peak RSS during the amplification phase',
    measured: `${loaded.rss.toFixed(0)} MB`,
    baseline: `idle ${idle.rss.toFixed(0)} MB, allowance 64 MB over it`,
    ratio: (loaded.rss - idle.rss) / 64,
    target: '≤ 1 (idle + 64 MB)',
    ok: loaded.rss - idle.rss <= 64,
  })
  book.record({
    goal: 'largest error answer to those bodies',
    measured: `${largest} bytes`,
    baseline: `${MAX_ANSWER} bytes`,
    ratio: largest / MAX_ANSWER,
    target: '≤ 1',
    ok: largest <= MAX_ANSWER,
  })
}
