/**
 * The baseline of `npm run bench:stream`'s full fan-out, measured in the same run: bare
 * Bun.serve doing what bench/baseline-server.ts does for a POST (one prepared bun:sqlite
 * insert and commit, synchronous=NORMAL), then writing the record as the event svc sends
 * (`id:`, `event: record`, `data:` the record as /query shows it) to every stream open on
 * GET /stream. No accounts, no batching, no positions: what this machine can do with the
 * same records and the same 100 clients.
 * Usage: bun bench/stream-baseline-server.ts <db file> (prints the port on stdout).
 */
import { Database } from 'bun:sqlite'

const db = new Database(process.argv[2] ?? ':memory:', { create: true, strict: true })
db.run('PRAGMA journal_mode = WAL')
db.run('PRAGMA synchronous = NORMAL')
db.run('CREATE TABLE IF NOT EXISTS records (id TEXT PRIMARY KEY, data TEXT NOT NULL, created_at INTEGER NOT NULL)')
const insert = db.prepare('INSERT INTO records (id, data, created_at) VALUES (?, ?, ?)')

const streams = new Set<ReadableStreamDefaultController<Uint8Array>>()
const encoder = new TextEncoder()
let serial = 0

function openStream(): Response {
  let opened: ReadableStreamDefaultController<Uint8Array>
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      opened = controller
      streams.add(controller)
      controller.enqueue(encoder.encode(`retry: 1000\nid: ${serial}\n\n`))
    },
    cancel() {
      streams.delete(opened)
    },
  })
  return new Response(body, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' } })
}

const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  // A stream stays open as long as its client wants it.
  idleTimeout: 0,
  async fetch(request) {
    if (request.method === 'GET') return openStream()
    const data = JSON.stringify(await request.json())
    const id = Bun.randomUUIDv7()
    const now = Date.now()
    insert.run(id, data, now)
    const record = `{"id":"${id}","data":${data},"meta":{},"createdAt":"${new Date(now).toISOString()}"}`
    const event = encoder.encode(`id: ${++serial}\nevent: record\ndata: ${record}\n\n`)
    for (const stream of streams) stream.enqueue(event)
    return Response.json({ code: 200, data: { id } })
  },
})
process.stdout.write(`${server.port}\n`)
