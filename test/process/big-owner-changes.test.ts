/**
 * Issue 31: the owner's changes to records a stranger posted cost memory bounded by bytes,
 * not rows × record size. A real server process holds 200 records of ≈ 1 MB, seeded
 * straight into the database with a stored summary document covering none of them, so the
 * first change must also catch the aggregates up on all 200. The owner then marks all 200
 * spam (the records after the document, then the changed ones, are read for the summary),
 * rescores the app (every record's data, then a recount of every record), and deletes all
 * 200. The server's peak RSS (VmHWM, reset before each) stays within its RSS before the
 * first + 256 MB: read at once, each step would hold 200 MB or more of record text.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { loadStats } from '../../server/core/stats/state.ts'
import {
  ALLOWANCE_MB,
  BIG_RECORDS as RECORDS,
  memoryOf,
  resetPeak,
  startWithBigRecords,
} from '../support/big-records.ts'
import type { ServerProcess } from '../support/process.ts'

let server: ServerProcess
let appId: string
let ownerToken: string
let ids: string[] = []

beforeAll(async () => {
  // A summary copy of no records, written as the stored document at shutdown: the first change catches up on all 200.
  const started = await startWithBigRecords('big-owner-changes', {}, (ctx, app) => loadStats(ctx, app))
  server = started.server
  ownerToken = started.ownerToken
  ids = started.ids
  appId = started.endpoint.appId
}, 120_000)

afterAll(() => server?.proc.kill('SIGKILL'))

const memory = () => memoryOf(server.proc.pid)

/** The owner's POST to `path` under the app, its answer and the server's peak RSS (MB) while it ran. */
async function owner(path: string, body: unknown): Promise<{ status: number; body: unknown; peak: number }> {
  resetPeak(server.proc.pid)
  const res = await fetch(`${server.url}/api/v3/apps/${appId}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ownerToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: await res.json(), peak: memory().peak }
}

test('marking 200 × 1 MB records spam, rescoring and deleting them each stay within idle + 256 MB', async () => {
  await (await fetch(`${server.url}/api/v3/health`)).arrayBuffer()
  const idle = memory().rss

  const spam = await owner('/records/spam', { ids, spam: true })
  expect([spam.status, spam.body]).toEqual([200, { code: 200, data: { changed: RECORDS, spam: true } }])
  const rescored = await owner('/scales/rescore', {})
  expect([rescored.status, rescored.body]).toEqual([200, { code: 200, data: { rescored: RECORDS } }])
  const deleted = await owner('/records/delete', { ids })
  expect([deleted.status, deleted.body]).toEqual([200, { code: 200, data: { deleted: RECORDS } }])

  const left = await fetch(`${server.url}/api/v3/apps/${appId}/records?spam=include`, {
    headers: { authorization: `Bearer ${ownerToken}` },
  })
  expect(await left.json()).toEqual({ code: 200, records: [], page: 1, size: 100, total: 0 })
  // Each step's peak, over the server's RSS before the first (printed for the record).
  const growth = { spam: spam.peak - idle, rescore: rescored.peak - idle, delete: deleted.peak - idle }
  console.log(
    `peak RSS over idle (MB): ${JSON.stringify(Object.fromEntries(Object.entries(growth).map(([k, v]) => [k, Math.round(v)])))}`,
  )
  expect(Object.entries(growth).filter(([, mb]) => mb > ALLOWANCE_MB)).toEqual([])
}, 120_000)
