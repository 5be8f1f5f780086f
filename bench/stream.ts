/**
 * @module `npm run bench:stream` (issue 35): what live record streams cost, against a
 * baseline of the same run, on one svc process as `npm start` runs it (the bundle, SQLite,
 * SVC_SYNC=full). The stream clients run in a process of their own (bench/stream-clients.ts).
 *
 * 1. Ingest (wrk, 32 connections, one record a request) with 100 streams open on the app
 *    that takes the records (each record is then sent 100 times), and with 100 streams open
 *    on another app (idle), each against no stream at all, in rounds A B B A. Full fan-out
 *    is judged against a bare Bun.serve SSE server (bench/stream-baseline-server.ts) taking
 *    the same records and writing the same events to the same 100 clients in the same
 *    rounds: what svc keeps of its rate against what the machine keeps without svc.
 * 2. From commit to event: 100 streams on an app taking 1,000 records a second (paced
 *    posts); each event's delay is its arrival on its stream less the moment its post was
 *    answered (svc answers right after the commit is durable, and tells no stream before
 *    it), on the machine's one clock; the delay from the post sent, queueing and the commit
 *    included, is printed beside it.
 * 3. Memory per idle stream: how svc's RSS grows from 2,000 idle streams open to 4,000.
 */
import { processCpuMs } from './lib/cpu.ts'
import { memoryMb, removeTempDirs, ROOT, startBaseline, startSvc, type Started } from './lib/servers.ts'
import { publishedApp, signup } from './lib/api.ts'
import { goalBook } from './lib/measure.ts'
import { requireWrk, wrk } from './lib/wrk.ts'

const quick = process.argv.includes('--quick')
const SECONDS = quick ? 3 : 10
const STREAMS = 100
const IDLE_STREAMS = 2000
const PACED_RATE = 1000

interface Clients {
  stats(): Promise<{ opened: number; records: number }>
  /** When each record arrived on each stream, by id (timed clients), forgotten once read. */
  times(): Promise<Record<string, number[]>>
  /** Resolves once every stream has started. */
  ready(): Promise<void>
  quit(): Promise<void>
}

/** `count` stream clients of `url` in their own process (see bench/stream-clients.ts). */
function clients(url: string, count: number, mode: 'drain' | 'timed' = 'drain'): Clients {
  const proc = Bun.spawn([process.execPath, 'bench/stream-clients.ts', url, String(count), mode], {
    cwd: ROOT,
    stdin: 'pipe',
    stdout: 'pipe',
    stderr: 'inherit',
  })
  const reader = proc.stdout.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  /** Sends a command and reads its one-line JSON answer, shaped as Clients says. */
  const ask = async <T>(command: string): Promise<T> => {
    void proc.stdin.write(`${command}\n`)
    void proc.stdin.flush()
    for (;;) {
      const end = buffer.indexOf('\n')
      if (end !== -1) {
        const text = buffer.slice(0, end)
        buffer = buffer.slice(end + 1)
        return JSON.parse(text) as T
      }
      const chunk = await reader.read()
      if (chunk.done) throw new Error('the stream clients exited')
      buffer += decoder.decode(chunk.value, { stream: true })
    }
  }
  return {
    stats: () => ask<{ opened: number; records: number }>('stats'),
    times: () => ask<Record<string, number[]>>('times'),
    async ready() {
      while ((await ask<{ opened: number }>('stats')).opened < count) await Bun.sleep(100)
    },
    async quit() {
      void proc.stdin.write('quit\n')
      void proc.stdin.flush()
      await proc.exited
    },
  }
}

/** Wall-clock ms with sub-ms precision, comparable with the clients' process. */
const now = () => performance.timeOrigin + performance.now()

/**
 * Posts `rate` records a second to `endpoint` for `seconds`, a tenth of them every 100 ms;
 * returns when each acknowledged record was sent and acknowledged, by id.
 */
async function paced(
  endpoint: string,
  rate: number,
  seconds: number,
): Promise<Map<string, { sent: number; acked: number }>> {
  const acknowledged = new Map<string, { sent: number; acked: number }>()
  const inFlight: Array<Promise<void>> = []
  const started = performance.now()
  for (let tick = 0; tick < seconds * 10; tick++) {
    const wait = started + tick * 100 - performance.now()
    if (wait > 0) await Bun.sleep(wait)
    for (let i = 0; i < rate / 10; i++) {
      const sent = now()
      inFlight.push(
        fetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ tick, i, note: 'paced by the benchmark' }),
        }).then(async (response) => {
          const acked = now()
          const body = (await response.json()) as { data?: { id: string } }
          if (response.status === 200 && body.data) acknowledged.set(body.data.id, { sent, acked })
        }),
      )
    }
  }
  await Promise.all(inFlight)
  return acknowledged
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length

/** One wrk round of single-record posts on the bare SSE server; its rate. */
async function bareRound(bare: Started, body: string, label: string, seconds = SECONDS): Promise<number> {
  const result = await wrk({ url: bare.url, method: 'POST', body, seconds })
  if (result.non2xx || result.errors)
    throw new Error(`${label}: ${result.non2xx} non-2xx, ${result.errors} socket errors`)
  console.error(`${label}: ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99Ms.toFixed(2)} ms`)
  return result.requestsPerSecond
}

/** The p-th fraction of `sorted` (ascending). */
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]
const ms = (value: number) => `${value.toFixed(1)} ms`

async function main(): Promise<void> {
  // Long: the benchmark's runs in the order they happen, each reported as it ends.
  requireWrk()
  const book = goalBook()
  const svc = await startSvc({
    SVC_SYNC: 'full',
    SVC_STREAMS_PER_APP: '100000',
    SVC_STREAMS_PER_CLIENT: '100000',
  })
  try {
    const token = await signup(svc.url)
    const hot = await publishedApp(svc.url, token, 'streamed')
    const quiet = await publishedApp(svc.url, token, 'quiet')
    const body = JSON.stringify({ email: 'ada@example.com', message: 'Hello from the benchmark', n: 42 })
    const run = async (label: string, seconds = SECONDS) => {
      const result = await wrk({ url: hot.endpoint, method: 'POST', body, seconds })
      if (result.non2xx || result.errors)
        throw new Error(`${label}: ${result.non2xx} non-2xx, ${result.errors} socket errors`)
      console.error(`${label}: ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99Ms.toFixed(2)} ms`)
      return result.requestsPerSecond
    }
    await run('warm-up', 2)

    // 3. Memory per idle stream (first, on a process that has not yet held any): the growth
    // from 2,000 to 4,000 open streams, so what the first ones warm up once is left out.
    const settledRss = async () => {
      await Bun.sleep(2000)
      return memoryMb(svc.proc.pid).rss
    }
    const none = await settledRss()
    const first = clients(`${quiet.endpoint}/stream`, IDLE_STREAMS)
    await first.ready()
    const half = await settledRss()
    const second = clients(`${quiet.endpoint}/stream`, IDLE_STREAMS)
    await second.ready()
    const full = await settledRss()
    await Promise.all([first.quit(), second.quit()])
    const perStreamKb = ((full - half) * 1024) / IDLE_STREAMS
    book.record({
      goal: `3. memory per idle stream (from ${IDLE_STREAMS} to ${2 * IDLE_STREAMS} open on one app)`,
      measured: `${perStreamKb.toFixed(1)} KB (svc RSS ${none.toFixed(0)} MB with none, ${half.toFixed(0)} MB with ${IDLE_STREAMS}, ${full.toFixed(0)} MB with ${2 * IDLE_STREAMS})`,
      baseline: '64 KB (one 64 KB socket buffer)',
      ratio: perStreamKb / 64,
      target: '≤ 1',
      ok: perStreamKb <= 64,
    })

    // 2. From commit to event, 1,000 records a second to 100 streams.
    const watchers = clients(`${hot.endpoint}/stream`, STREAMS, 'timed')
    await watchers.ready()
    const posted = await paced(hot.endpoint, PACED_RATE, SECONDS)
    // The last records' events are on their way: wait until every stream has had them.
    for (let tries = 0; (await watchers.stats()).records < posted.size * STREAMS && tries < 100; tries++)
      await Bun.sleep(100)
    const arrivals = await watchers.times()
    const fromAck: number[] = []
    const fromSend: number[] = []
    for (const [id, at] of Object.entries(arrivals)) {
      const post = posted.get(id)
      if (!post) continue
      for (const t of at) {
        fromAck.push(t - post.acked)
        fromSend.push(t - post.sent)
      }
    }
    fromAck.sort((a, b) => a - b)
    fromSend.sort((a, b) => a - b)
    // A record is acknowledged right after its commit is durable, and no stream is told of it
    // before that: arrival less acknowledgement is commit to event, less the answer's trip.
    const p99 = percentile(fromAck, 0.99)
    book.record({
      goal: `2. commit to event, ${PACED_RATE} records/s to ${STREAMS} streams (${posted.size} records, ${fromAck.length} events)`,
      measured: `p99 ${ms(p99)} from each record's acknowledgement (p50 ${ms(percentile(fromAck, 0.5))}, max ${ms(fromAck.at(-1)!)}); from its post sent, queue and commit included: p50 ${ms(percentile(fromSend, 0.5))}, p99 ${ms(percentile(fromSend, 0.99))}`,
      baseline: '50 ms',
      ratio: p99 / 50,
      target: '≤ 1',
      ok: p99 <= 50 && fromAck.length === posted.size * STREAMS,
    })
    await watchers.quit()

    // 1. Ingest with 100 streams open vs none, A B B A, for streams on the app itself and on
    // another; with streams on the app itself, the bare SSE server runs the same rounds.
    const bare = await startBaseline('bench/stream-baseline-server.ts')
    try {
      await bareRound(bare, body, 'bare SSE server warm-up', 2)
      for (const [where, url] of [
        ['on the app taking the records (each record sent 100 times)', hot.endpoint],
        ['open on another app (idle)', quiet.endpoint],
      ] as const) {
        const full = url === hot.endpoint
        const rounds: Record<'A' | 'B', number[]> = { A: [], B: [] }
        const bareRounds: Record<'A' | 'B', number[]> = { A: [], B: [] }
        const cpu: Record<'A' | 'B', number[]> = { A: [], B: [] }
        for (const side of ['A', 'B', 'B', 'A'] as const) {
          const streams = side === 'B' ? clients(`${url}/stream`, STREAMS) : null
          await streams?.ready()
          const cpuBefore = processCpuMs(svc.proc.pid)
          const rate = await run(`round ${side} (${where})`)
          rounds[side].push(rate)
          cpu[side].push(((processCpuMs(svc.proc.pid) - cpuBefore) * 1000) / (rate * SECONDS))
          await streams?.quit()
          if (!full) continue
          const bareStreams = side === 'B' ? clients(`${bare.url}stream`, STREAMS) : null
          await bareStreams?.ready()
          bareRounds[side].push(await bareRound(bare, body, `round ${side} (bare SSE server, ${where})`))
          await bareStreams?.quit()
        }
        const ratio = mean(rounds.B) / mean(rounds.A)
        const bareRatio = full ? mean(bareRounds.B) / mean(bareRounds.A) : 1
        book.record({
          goal: `1. ingest with ${STREAMS} streams ${where} vs none (A B B A, ${SECONDS} s rounds)`,
          measured: `${Math.round(mean(rounds.B))} req/s (rounds ${rounds.B.map(Math.round).join(', ')}), svc ${mean(cpu.B).toFixed(0)} µs CPU a record`,
          baseline: `${Math.round(mean(rounds.A))} req/s no stream (rounds ${rounds.A.map(Math.round).join(', ')}), svc ${mean(cpu.A).toFixed(0)} µs CPU a record`,
          ratio,
          target: full ? '≥ 0.9 × the bare SSE server’s (next row)' : '≥ 0.9',
          ok: ratio >= 0.9 * bareRatio,
          value: ratio,
          better: 'higher',
        })
        if (full)
          book.record({
            goal: `1. full fan-out to ${STREAMS} streams: svc’s rate kept (row above) vs a bare Bun.serve SSE server’s, same records and clients (A B B A)`,
            measured: `svc keeps ${ratio.toFixed(2)} of its rate`,
            baseline: `bare server keeps ${bareRatio.toFixed(2)}: ${Math.round(mean(bareRounds.B))} req/s with streams (rounds ${bareRounds.B.map(Math.round).join(', ')}), ${Math.round(mean(bareRounds.A))} without (rounds ${bareRounds.A.map(Math.round).join(', ')})`,
            ratio: ratio / bareRatio,
            target: '≥ 0.9',
            ok: ratio >= 0.9 * bareRatio,
            value: ratio / bareRatio,
            better: 'higher',
          })
      }
    } finally {
      await bare.stop()
    }
    book.print()
  } finally {
    await svc.stop()
    removeTempDirs()
  }
}

await main()
