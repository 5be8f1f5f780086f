/**
 * @module `npm run bench:webhooks` (issue 20): JSON ingest into an app with one webhook
 * subscription (record.created) against an app without, on the same svc process (the
 * bundle, SVC_SYNC=full), in alternating wrk rounds A B B A so a drifting machine weighs on
 * both alike. The subscription's receiver is a bare Bun.serve in this process answering 204;
 * svc's delivery worker sends to it during the run, as it would in production. Prints the
 * ratio (target ≥ 0.9) and how many deliveries were sent by the end of the run.
 */
import { call, publishedApp, signup } from './lib/api.ts'
import { removeTempDirs, startSvc } from './lib/servers.ts'
import { requireWrk, wrk } from './lib/wrk.ts'

const quick = process.argv.includes('--quick')
const SECONDS = quick ? 3 : 10

async function main(): Promise<void> {
  requireWrk()
  let received = 0
  const receiver = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: () => {
      received++
      return new Response(null, { status: 204 })
    },
  })
  const svc = await startSvc({ SVC_WEBHOOK_ALLOW_PRIVATE: '1', SVC_SYNC: 'full' })
  try {
    const token = await signup(svc.url)
    const plain = await publishedApp(svc.url, token, 'no webhook')
    const hooked = await publishedApp(svc.url, token, 'one webhook')
    await call(`${svc.url}/api/v3/apps/${hooked.id}/webhooks`, {
      method: 'POST',
      token,
      json: { url: `http://127.0.0.1:${receiver.port}/hook`, events: ['record.created'] },
    })
    const body = JSON.stringify({ email: 'ada@example.com', message: 'Hello from the benchmark', n: 42 })
    const run = (url: string, seconds = SECONDS) => wrk({ url, method: 'POST', body, seconds })
    // Warm both paths first (unmeasured).
    await run(plain.endpoint, 2)
    await run(hooked.endpoint, 2)
    const rounds: Array<['A' | 'B', number]> = []
    for (const side of ['A', 'B', 'B', 'A'] as const) {
      const result = await run(side === 'A' ? plain.endpoint : hooked.endpoint)
      if (result.non2xx || result.errors)
        throw new Error(`round ${side}: ${result.non2xx} non-2xx, ${result.errors} socket errors`)
      rounds.push([side, result.requestsPerSecond])
      console.error(`round ${side}: ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99Ms.toFixed(2)} ms`)
    }
    const mean = (side: 'A' | 'B') => rounds.filter(([s]) => s === side).reduce((sum, [, rps]) => sum + rps, 0) / 2
    const without = mean('A')
    const withHook = mean('B')
    const ratio = withHook / without
    console.log(
      `| ingest with one webhook subscription vs none (same process, A B B A, ${SECONDS} s rounds) | ${Math.round(withHook)} req/s | ${Math.round(without)} req/s | ${ratio.toFixed(2)} | ≥ 0.9 | ${ratio >= 0.9 ? 'yes' : 'no'} |`,
    )
    console.log(`deliveries received by the end of the run: ${received}`)
  } finally {
    await svc.stop()
    await receiver.stop(true)
    removeTempDirs()
  }
}

await main()
