/**
 * @module `npm run bench:observability`: JSON ingest with metrics on (SVC_METRICS_TOKEN, so
 * every request is timed and counted) and the access log on (SVC_LOG=info, one JSON line per
 * request to stderr, thrown away here as journald would take it) against the same bundle
 * with both off, in alternating wrk rounds A B B A so a drifting machine weighs on both
 * alike. Prints the ratio (target ≥ 0.95) and checks the counter saw every request.
 */
import { publishedApp, signup } from './lib/api.ts'
import { removeTempDirs, startSvc } from './lib/servers.ts'
import { requireWrk, wrk } from './lib/wrk.ts'

const quick = process.argv.includes('--quick')
const SECONDS = quick ? 3 : 10
const TOKEN = 'bench-metrics-token-0123456789'

async function main(): Promise<void> {
  requireWrk()
  const off = await startSvc({ SVC_ACCESS_LOG: 'off' })
  const on = await startSvc({ SVC_METRICS_TOKEN: TOKEN, SVC_LOG: 'info', SVC_LOG_FORMAT: 'json' }, 'ignore')
  try {
    const endpoints = { A: '', B: '' }
    for (const [side, server] of [
      ['A', off],
      ['B', on],
    ] as const) {
      const token = await signup(server.url)
      endpoints[side] = (await publishedApp(server.url, token, `bench ${side}`)).endpoint
    }
    const body = JSON.stringify({ email: 'ada@example.com', message: 'Hello from the benchmark', n: 42 })
    const run = (url: string, seconds = SECONDS) => wrk({ url, method: 'POST', body, seconds })
    await run(endpoints.A, 2)
    await run(endpoints.B, 2)
    const rounds: Array<['A' | 'B', number, number]> = []
    for (const side of ['A', 'B', 'B', 'A'] as const) {
      const result = await run(endpoints[side])
      if (result.non2xx || result.errors)
        throw new Error(`round ${side}: ${result.non2xx} non-2xx, ${result.errors} socket errors`)
      rounds.push([side, result.requestsPerSecond, result.requests])
      console.error(`round ${side}: ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99Ms.toFixed(2)} ms`)
    }
    const mean = (side: 'A' | 'B') => rounds.filter(([s]) => s === side).reduce((sum, [, rps]) => sum + rps, 0) / 2
    const ratio = mean('B') / mean('A')
    console.log(
      `| ingest with metrics and the access log on vs off (A B B A, ${SECONDS} s rounds) | ${Math.round(mean('B'))} req/s | ${Math.round(mean('A'))} req/s | ${ratio.toFixed(2)} | ≥ 0.95 | ${ratio >= 0.95 ? 'yes' : 'no'} |`,
    )
    const text = await (await fetch(`${on.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text()
    const counted = Number(/^svc_http_requests_total\{route="ingest.post",status="200"\} (\d+)/m.exec(text)?.[1] ?? 0)
    const posted = rounds.filter(([s]) => s === 'B').reduce((sum, [, , n]) => sum + n, 0)
    console.log(`ingest.post 200s counted: ${counted} (the measured rounds sent ${posted}, plus the warm-up)`)
  } finally {
    await Promise.all([off.stop(), on.stop()])
    removeTempDirs()
  }
}

await main()
