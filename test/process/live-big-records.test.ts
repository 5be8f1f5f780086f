/**
 * Live streams of big records hold a few at a time: a real server process holds 200 records
 * of ≈ 1 MB; three clients replay them all from the start (`?since=0`) at once, slowly (each
 * asks /health between chunks). Every client gets the 200 records in order with their data
 * exactly as stored, /health answers meanwhile, and the server's peak RSS stays within its
 * RSS before them + 256 MB: a stream holds one batch its client has not taken, never the
 * backlog. The test checks each event as it arrives, holding about one record itself.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import {
  ALLOWANCE_MB,
  BIG_RECORDS,
  bigDataOf,
  memoryOf,
  resetPeak,
  startWithBigRecords,
} from '../support/big-records.ts'
import type { ServerProcess } from '../support/process.ts'
import { callServer } from '../support/call.ts'

let server: ServerProcess
let streamUrl: string

beforeAll(async () => {
  const started = await startWithBigRecords('live-big', { reads: 'records' })
  server = started.server
  streamUrl = `${server.url}${started.endpoint.path('/stream?since=0')}`
}, 120_000)

afterAll(() => server?.proc.kill('SIGKILL'))

/** Reads one stream slowly until `count` records came, checking each; returns their n in order and the /health statuses seen. */
async function replay(count: number): Promise<{ ns: number[]; health: number[] }> {
  const response = await fetch(streamUrl)
  expect(response.status).toBe(200)
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  const ns: number[] = []
  const health: number[] = []
  let pending = ''
  while (ns.length < count) {
    const chunk = await reader.read()
    if (chunk.done) throw new Error(`the stream ended after ${ns.length} records`)
    pending += decoder.decode(chunk.value, { stream: true })
    for (let end = pending.indexOf('\n\n'); end !== -1; end = pending.indexOf('\n\n')) {
      const block = pending.slice(0, end)
      pending = pending.slice(end + 2)
      const data = /^data: (.*)$/m.exec(block)
      if (!data) continue
      const record = JSON.parse(data[1]) as { data: { n: number; blob: string } }
      const n = record.data.n
      expect(record.data.blob === bigDataOf(n).blob).toBe(true)
      expect(/^id: (\d+)$/m.exec(block)![1]).toBe(String(n + 1))
      ns.push(n)
    }
    health.push((await callServer(server.url, 'health.get')).status)
  }
  await reader.cancel()
  return { ns, health }
}

test('three slow replays of 200 × 1 MB records stay within idle + 256 MB, in order, exact', async () => {
  const idle = memoryOf(server.proc.pid).rss
  resetPeak(server.proc.pid)
  const results = await Promise.all([0, 1, 2].map(() => replay(BIG_RECORDS)))
  const peak = memoryOf(server.proc.pid).peak
  for (const { ns, health } of results) {
    expect(ns).toEqual(Array.from({ length: BIG_RECORDS }, (_, n) => n))
    expect(new Set(health)).toEqual(new Set([200]))
  }
  // Printed for the record, as the owner's changes print theirs.
  console.log(`peak RSS over idle (MB): ${Math.round(peak - idle)}`)
  expect(peak - idle).toBeLessThanOrEqual(ALLOWANCE_MB)
}, 120_000)
