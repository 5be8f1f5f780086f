/**
 * Issue 31, row 4: reading big records costs memory bounded by bytes, not rows × record
 * size. A real server process holds 200 records of ≈ 1 MB; one `/query?size=1000` page and
 * one CSV export are read at once by slow clients (each takes a chunk, then asks /health,
 * then takes the next). The server's peak RSS (VmHWM, reset before the reads) stays within
 * its RSS before them + 256 MB, /health answers 200 while both are in flight, and the page
 * holds all 200 records with exactly the stored data. The records are seeded straight into
 * the database, so the export's first step (its columns come from the summary aggregates)
 * replays all 200 as well. The test checks the bodies as they stream, holding about one
 * record at a time itself.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import {
  ALLOWANCE_MB,
  BIG_RECORDS as RECORDS,
  bigDataOf as dataOf,
  memoryOf,
  resetPeak,
  startWithBigRecords,
} from '../support/big-records.ts'
import type { ServerProcess } from '../support/process.ts'
import { callServer, target } from '../support/call.ts'

let server: ServerProcess
let appId: string
let queryPath: string
let ownerToken: string

beforeAll(async () => {
  // A slow client on a busy machine may take no piece of the page for seconds: the stall cut
  // (SVC_READ_STALL_MS, tested on its own) would reset it, which is not what this test is about.
  const started = await startWithBigRecords('big-reads', { reads: 'records' }, undefined, {
    SVC_READ_STALL_MS: '120000',
  })
  server = started.server
  ownerToken = started.ownerToken
  appId = started.endpoint.appId
  queryPath = started.endpoint.path('/query?size=1000')
}, 120_000)

afterAll(() => server?.proc.kill('SIGKILL'))

const memory = () => memoryOf(server.proc.pid)

let healthAnswers: number[] = []

/** Reads `res`'s body a chunk at a time, asking /health between chunks (a slow client), handing `take` the text as it comes. */
async function slowlyRead(res: Response, take: (text: string) => void): Promise<void> {
  const reader = res.body!.getReader()
  // ignoreBOM keeps the CSV's BOM in the text, so its bytes are counted.
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true })
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    take(decoder.decode(chunk.value, { stream: true }))
    healthAnswers.push((await callServer(server.url, 'health.get')).status)
  }
  take(decoder.decode())
}

/** Checks a page body as it streams: records parsed one by one and compared with what was stored. */
function pageChecker() {
  const HEAD = '{"code":200,"records":['
  let pending = ''
  let started = false
  const records: number[] = []
  let mismatches = 0
  // Where to look for the end of the record in `pending` (what came before was scanned already).
  let scanned = 0
  return {
    take(text: string) {
      pending += text
      if (!started) {
        if (pending.length < HEAD.length) return
        expect(pending.startsWith(HEAD)).toBe(true)
        pending = pending.slice(HEAD.length)
        started = true
      }
      // A record ends with its createdAt: `…"createdAt":"<ISO time>"}`; no stored value holds a quote.
      for (;;) {
        const at = pending.indexOf('"createdAt":"', scanned)
        const stop = at === -1 ? -1 : pending.indexOf('"}', at + 13) + 2
        if (stop < 2) {
          scanned = Math.max(0, (at === -1 ? pending.length : at) - 16)
          return
        }
        // The comma between records may have come at the end of the last chunk or the start of this one.
        const record = JSON.parse(pending.slice(pending.startsWith(',') ? 1 : 0, stop)) as {
          data: { n: number; blob: string }
          meta: unknown
        }
        if (
          JSON.stringify(record.data) !== JSON.stringify(dataOf(records.length)) ||
          JSON.stringify(record.meta) !== '{}'
        )
          mismatches++
        records.push(record.data.n)
        pending = pending.slice(stop)
        scanned = 0
      }
    },
    result: () => ({ records: records.length, inOrder: records.every((n, i) => n === i), mismatches, rest: pending }),
  }
}

/** Counts a CSV body's rows and bytes as it streams. */
function csvCounter() {
  let rows = 0
  let bytes = 0
  return {
    take(text: string) {
      bytes += Buffer.byteLength(text)
      for (let at = text.indexOf('\r\n'); at !== -1; at = text.indexOf('\r\n', at + 2)) rows++
    },
    result: () => ({ rows, bytes }),
  }
}

test('a size=1000 page and a CSV export of 200 × 1 MB records, read at once by slow clients, stay within idle + 256 MB', async () => {
  await callServer(server.url, 'health.get')
  const idle = memory().rss
  resetPeak(server.proc.pid)
  healthAnswers = []

  const page = pageChecker()
  const csv = csvCounter()
  const [pageRes, csvRes] = await Promise.all([
    fetch(`${server.url}${queryPath}`),
    // Read as a stream, a chunk at a time: a raw fetch to the operation's path.
    fetch(`${server.url}${target('records.exportCsv', { params: { id: appId } }).path}`, {
      headers: { authorization: `Bearer ${ownerToken}` },
    }),
  ])
  expect([pageRes.status, csvRes.status]).toEqual([200, 200])
  await Promise.all([slowlyRead(pageRes, page.take), slowlyRead(csvRes, csv.take)])
  const peak = memory().peak

  expect(page.result()).toEqual({
    records: RECORDS,
    inOrder: true,
    mismatches: 0,
    rest: `],"page":1,"size":1000,"total":${RECORDS}}`,
  })
  // A header row and one row per record: id, createdAt, n, blob, meta.source, meta.timestamp.
  const rowBytes = (n: number) => 36 + 1 + 24 + 1 + String(n).length + 1 + dataOf(n).blob.length + 2 + 2
  const header = '\uFEFFid,createdAt,n,blob,meta.source,meta.timestamp\r\n'
  expect(csv.result()).toEqual({
    rows: RECORDS + 1,
    bytes:
      Buffer.byteLength(header) + Array.from({ length: RECORDS }, (_, n) => rowBytes(n)).reduce((a, b) => a + b, 0),
  })
  // /health answered, and only with 200, while the reads were in flight.
  expect(healthAnswers.length).toBeGreaterThan(0)
  expect(healthAnswers.every((status) => status === 200)).toBe(true)
  // Printed for the record, as the owner's changes print theirs.
  console.log(`peak RSS over idle (MB): ${Math.round(peak - idle)}`)
  expect(peak - idle).toBeLessThanOrEqual(ALLOWANCE_MB)
}, 120_000)
