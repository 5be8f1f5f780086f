/**
 * A full disk (issue 17, row 7): SQLite refuses writes with SQLITE_FULL. Here that is a real
 * SQLITE_FULL, made by capping the database's size (`PRAGMA max_page_count`), and a real
 * recovery, by lifting the cap. A client gets 503 `storage_unavailable` with Retry-After
 * (never a 500), the log gets one line when writes stop and one when they get through
 * again, and /health says `degraded` with the reason meanwhile.
 */
import type { Database } from 'bun:sqlite'
import { describe, expect, test } from 'bun:test'
import { buildApp } from '../../../server/http/app.ts'
import { VERSION } from '../../../server/contract/version.ts'
import { testAppOptions } from '../../support/admin-build.ts'
import { sqliteContext } from '../../support/context.ts'
import { BASE } from '../../support/http.ts'
import { target, type CallArgs } from '../../support/call.ts'
import type { Described } from '../../../server/contract/api/request.ts'
import { makeEndpoint } from '../../core/collect/fixtures.ts'

const UNAVAILABLE = {
  code: 503,
  error: {
    type: 'storage_unavailable',
    message:
      'The server cannot save anything right now (its storage is unavailable), so nothing was stored: try again in 30 seconds',
    details: { retryAfterSeconds: 30 },
  },
}
const REASON = 'the disk is full (SQLite: database or disk is full)'

/** The database may not grow past its present size: the next write needing a new page fails with SQLITE_FULL. */
const diskFull = (sqlite: Database) =>
  sqlite.run(
    `PRAGMA max_page_count = ${(sqlite.query('PRAGMA page_count').get() as { page_count: number }).page_count}`,
  )
const diskFreed = (sqlite: Database) => sqlite.run('PRAGMA max_page_count = 1073741823')

/** Inserts `row` until the pages the table has are full too (SQLITE_FULL). */
function fillTable(sqlite: Database, insert: string): void {
  const statement = sqlite.prepare(insert)
  for (let i = 0; i < 100_000; i++) {
    try {
      statement.run()
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_FULL') return
      throw error
    }
  }
  throw new Error('the table never filled up')
}

async function fullDisk() {
  const t = sqliteContext()
  const app = buildApp(t.ctx, testAppOptions())
  const endpoint = await makeEndpoint(t.ctx)
  const send = async <N extends Described>(name: N, ...[input]: CallArgs<N, never>) => {
    const { method, path, body } = target(name, input)
    const response = await app.handle(
      new Request(`${BASE}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    )
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() }
  }
  // A record large enough to need new pages.
  const bigRecord = { note: 'x'.repeat(64 * 1024) }
  const errorLines = () => t.logs.filter((line) => / (ERROR|INFO) /.test(line) && /storage|unexpected/.test(line))
  return { ...t, send, endpoint, bigRecord, errorLines }
}

describe('a full disk answers 503 storage_unavailable and recovers by itself', () => {
  test('ingest: 503 with Retry-After for every refused record, one log line, /health degraded; then back to normal once there is room', async () => {
    const { sqlite, send, endpoint, bigRecord, errorLines, clock } = await fullDisk()
    diskFull(sqlite.sqlite)
    for (let i = 0; i < 3; i++)
      expect(await send('ingest.post', { params: { token: endpoint.token }, body: bigRecord })).toEqual({
        status: 503,
        retryAfter: '30',
        body: UNAVAILABLE,
      })
    expect(errorLines()).toEqual([
      expect.stringContaining(
        `ERROR storage unavailable: answering 503 storage_unavailable until a write gets through again {"reason":"${REASON}"}`,
      ),
    ])

    clock.advance(5_000)
    expect(await send('health.get')).toEqual({
      status: 503,
      retryAfter: '30',
      body: {
        code: 503,
        error: {
          type: 'storage_unavailable',
          message: `Degraded: the database cannot write (${REASON})`,
          details: { status: 'degraded', version: VERSION, reason: REASON, since: '2026-01-01T00:00:00.000Z' },
        },
      },
    })
    // Load balancers stop sending this process requests meanwhile.
    expect(await send('ready.get')).toEqual({
      status: 503,
      retryAfter: '30',
      body: {
        code: 503,
        error: {
          type: 'not_ready',
          message: `Not ready: the database cannot write (${REASON})`,
          details: { reason: 'degraded' },
        },
      },
    })

    diskFreed(sqlite.sqlite)
    const stored = await send('ingest.post', { params: { token: endpoint.token }, body: bigRecord })
    expect([stored.status, stored.retryAfter]).toEqual([200, null])
    expect(errorLines()).toEqual([
      expect.stringContaining('ERROR storage unavailable'),
      expect.stringContaining('INFO  storage available again: writes get through'),
    ])
    expect(await send('health.get')).toEqual({
      status: 200,
      retryAfter: null,
      body: { code: 200, data: { status: 'ok', version: VERSION } },
    })
    expect(await send('ready.get')).toEqual({
      status: 200,
      retryAfter: null,
      body: { code: 200, data: { status: 'ready', version: VERSION } },
    })
  })

  test('a log-in whose failure count cannot be written: 503, not 500; reads keep working and do not count as recovery', async () => {
    const { sqlite, send, endpoint, errorLines } = await fullDisk()
    diskFull(sqlite.sqlite)
    fillTable(
      sqlite.sqlite,
      `INSERT INTO login_failures (email, client, at) VALUES ('filler@example.com', 'filler', ${Date.UTC(2026, 0, 1)})`,
    )
    expect(await send('auth.login', { body: { email: 'owner@example.com', password: 'a password' } })).toEqual({
      status: 503,
      retryAfter: '30',
      body: UNAVAILABLE,
    })
    // A read succeeds, but no write got through: still degraded, no second line.
    expect((await send('auth.options')).status).toBe(200)
    expect((await send('health.get')).body.error.details.status).toBe('degraded')
    expect(
      await send('ingest.post', { params: { token: endpoint.token }, body: { note: 'x'.repeat(64 * 1024) } }),
    ).toEqual({
      status: 503,
      retryAfter: '30',
      body: UNAVAILABLE,
    })
    expect(errorLines()).toEqual([expect.stringContaining('ERROR storage unavailable')])
  })
})
