/**
 * @module The abuse bench's slow-reader phases (issue 41), each with its own svc process on
 * loopback, both ending by themselves:
 *
 * - **slow readers**: with reads `records` and the README's rate limit, a stranger posts six
 *   records of 1 MiB, then opens 19 `/query?size=1000` requests a second from 4 source
 *   addresses (127.0.0.11–14: one /24) and never reads them, for `ATTACK_MS`;
 * - **stalled streams**: the same records, the endpoint's rate limit off, and 500 replaying
 *   `/stream?since=0` opened from 25 networks (127.x.y.1, 20 each) that never read; then the
 *   owner opens `records.stream`.
 *
 * Peak RSS (VmHWM, reset first) against idle with the allowance (idle + 256 MB), and
 * /health's answers meanwhile.
 */
import net from 'node:net'
import type { goalBook } from '../lib/measure.ts'
import { call, publishedApp, signup } from '../lib/api.ts'
import { memoryMb, resetPeak, startSvc } from '../lib/servers.ts'
import { healthLoop } from './big-records.ts'

const ALLOWANCE_MB = 256
const HEALTH_LIMIT_MS = 1000
const ATTACK_MS = 20_000
const READS_PER_SECOND = 19
const ADDRESSES = ['127.0.0.11', '127.0.0.12', '127.0.0.13', '127.0.0.14']
const STREAMS = 500
const STREAM_NETWORKS = 25
const RECORDS = 6
/** Characters of each record's one value: the body stays under the 1 MiB limit. */
const RECORD_CHARS = 1_040_000

type Book = ReturnType<typeof goalBook>

/** A GET of `path` from `localAddress` that reads the status line and then nothing; resolves with the status (0: closed first). */
function stall(base: string, path: string, localAddress: string, sockets: net.Socket[]): Promise<number> {
  return new Promise((resolve) => {
    const socket = net.connect({ port: Number(new URL(base).port), host: '127.0.0.1', localAddress })
    sockets.push(socket)
    socket.on('error', () => resolve(0))
    socket.on('close', () => resolve(0))
    socket.once('data', (chunk: Buffer) => {
      socket.pause()
      resolve(Number(chunk.toString('latin1').split(' ')[1]))
    })
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`)
  })
}

/** Tallies statuses: "200 × 40, 429 × 340". */
const tally = (statuses: number[]) =>
  [...new Set(statuses)]
    .sort()
    .map((status) => `${status} × ${statuses.filter((s) => s === status).length}`)
    .join(', ')

/** A server, an owner, an app open for reads holding the six big records, and idle RSS. */
async function setUp(env: Record<string, string>) {
  const svc = await startSvc({ SVC_SIGNUP: 'first', ...env })
  const token = await signup(svc.url)
  const app = await publishedApp(svc.url, token, 'slow readers')
  const blob = 'x'.repeat(RECORD_CHARS)
  for (let n = 0; n < RECORDS; n++) {
    const res = await fetch(app.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"n":${n},"blob":"${blob}"}`,
    })
    if (res.status !== 200) throw new Error(`post failed: ${res.status} ${await res.text()}`)
    await res.arrayBuffer()
  }
  await Bun.sleep(1000)
  await call(`${svc.url}/api/v3/health`)
  const idleRss = memoryMb(svc.proc.pid).rss
  resetPeak(svc.proc.pid)
  return { svc, token, app, idleRss, path: new URL(app.endpoint).pathname }
}

/** Records the peak RSS and /health goals of a phase. */
function recordGoals(
  book: Book,
  what: string,
  peak: number,
  idleRss: number,
  health: { times: number[]; failed: number },
): void {
  book.record({
    goal: `peak RSS during ${what}`,
    measured: `${peak.toFixed(0)} MB (idle + ${(peak - idleRss).toFixed(0)} MB)`,
    baseline: `idle ${idleRss.toFixed(0)} MB, allowance ${ALLOWANCE_MB} MB over it`,
    ratio: (peak - idleRss) / ALLOWANCE_MB,
    target: `≤ 1 (idle + ${ALLOWANCE_MB} MB)`,
    ok: peak - idleRss <= ALLOWANCE_MB,
  })
  const worst = Math.max(...health.times)
  book.record({
    goal: `/health during ${what} (${health.times.length} requests, ${health.failed} not 200)`,
    measured: `slowest ${worst.toFixed(1)} ms`,
    baseline: `${HEALTH_LIMIT_MS} ms`,
    ratio: worst / HEALTH_LIMIT_MS,
    target: `≤ 1, every answer 200`,
    ok: worst <= HEALTH_LIMIT_MS && health.failed === 0,
  })
}

/** Unread `/query?size=1000` pages from one /24 at 19 a second, within the README's rate limits. */
export async function slowReadersPhase(book: Book): Promise<void> {
  const { svc, idleRss, path } = await setUp({ SVC_RATE_LIMIT: '20/s,100' })
  const sockets: net.Socket[] = []
  try {
    const statuses: Array<Promise<number>> = []
    let attacking = true
    const health = healthLoop(svc.url, () => attacking)
    const started = performance.now()
    for (let n = 0; performance.now() - started < ATTACK_MS; n++) {
      statuses.push(stall(svc.url, `${path}/query?size=1000`, ADDRESSES[n % ADDRESSES.length], sockets))
      await Bun.sleep(Math.max(0, ((n + 1) * 1000) / READS_PER_SECOND - (performance.now() - started)))
    }
    attacking = false
    const answered = await Promise.all(statuses)
    recordGoals(
      book,
      `${answered.length} unread /query?size=1000 pages of ${RECORDS} × 1 MiB from ${ADDRESSES.length} addresses of one /24, ${READS_PER_SECOND}/s for ${ATTACK_MS / 1000} s (${tally(answered)})`,
      memoryMb(svc.proc.pid).peak,
      idleRss,
      await health,
    )
  } finally {
    for (const socket of sockets) socket.destroy()
    await svc.stop()
  }
}

/** 500 replaying streams from 25 networks that never read, then the owner's stream. */
export async function stalledStreamsPhase(book: Book): Promise<void> {
  const { svc, token, app, idleRss, path } = await setUp({})
  const sockets: net.Socket[] = []
  try {
    await call(`${svc.url}/api/v3/apps/${app.id}/share`, { method: 'PATCH', token, json: { rateLimit: 'off' } })
    let attacking = true
    const health = healthLoop(svc.url, () => attacking)
    const answered: number[] = []
    for (let n = 0; n < STREAMS; n += 50)
      answered.push(
        ...(await Promise.all(
          Array.from({ length: 50 }, (_, k) =>
            stall(svc.url, `${path}/stream?since=0`, `127.1.${(n + k) % STREAM_NETWORKS}.1`, sockets),
          ),
        )),
      )
    const owner = await fetch(`${svc.url}/api/v3/apps/${app.id}/records/stream`, {
      headers: { authorization: `Bearer ${token}` },
    })
    await owner.body?.cancel()
    await Bun.sleep(2000)
    attacking = false
    recordGoals(
      book,
      `${STREAMS} replaying streams of ${RECORDS} × 1 MiB from ${STREAM_NETWORKS} networks that never read (${tally(answered)}; the owner's stream then: ${owner.status})`,
      memoryMb(svc.proc.pid).peak,
      idleRss,
      await health,
    )
    book.record({
      goal: "the owner's records.stream while strangers hold their places",
      measured: String(owner.status),
      baseline: '200',
      ratio: owner.status === 200 ? 1 : 0,
      target: '1 (200)',
      ok: owner.status === 200,
    })
  } finally {
    for (const socket of sockets) socket.destroy()
    await svc.stop()
  }
}
