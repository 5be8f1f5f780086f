/**
 * The baseline every ingest goal is measured against, in the same run: bare Bun.serve,
 * one prepared bun:sqlite insert and one commit per request, synchronous=NORMAL.
 * Usage: bun bench/baseline-server.ts <db file> (prints the port on stdout).
 */
import { Database } from 'bun:sqlite'

const db = new Database(process.argv[2] ?? ':memory:', { create: true, strict: true })
db.run('PRAGMA journal_mode = WAL')
db.run('PRAGMA synchronous = NORMAL')
db.run('CREATE TABLE IF NOT EXISTS records (id TEXT PRIMARY KEY, data TEXT NOT NULL, created_at INTEGER NOT NULL)')
const insert = db.prepare('INSERT INTO records (id, data, created_at) VALUES (?, ?, ?)')

const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  async fetch(request) {
    const body = await request.text()
    const data = JSON.parse(body)
    const id = Bun.randomUUIDv7()
    insert.run(id, JSON.stringify(data), Date.now())
    return Response.json({ code: 200, data: { id } })
  },
})
process.stdout.write(`${server.port}\n`)
