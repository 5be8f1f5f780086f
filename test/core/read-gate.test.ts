/**
 * The read gate (issue 17 row 14): record reads a few at a time, each in an event-loop
 * turn of its own, so other requests run between them.
 */
import { describe, expect, test } from 'bun:test'
import { createReadGate } from '../../server/core/read-gate.ts'
import { makeEndpoint } from './collect/fixtures.ts'
import { testApp } from '../support/http.ts'

/** A read that waits until released by hand. */
function heldRead(log: string[], name: string) {
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  return {
    release,
    read: async () => {
      log.push(`start ${name}`)
      await held
      log.push(`end ${name}`)
      return name
    },
  }
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve))

describe('createReadGate', () => {
  test.each([1, 2, 3])('at most %i reads run at once, in the order they came', async (slots) => {
    const gate = createReadGate(slots)
    const log: string[] = []
    const reads = [0, 1, 2, 3, 4, 5].map((n) => heldRead(log, `r${n}`))
    const results = reads.map((held) => gate.run(held.read))
    await turn()
    expect(log).toEqual(reads.slice(0, slots).map((_, n) => `start r${n}`))
    for (const [n, held] of reads.entries()) {
      held.release()
      await turn()
      await turn()
      const started = log.filter((line) => line.startsWith('start')).length
      expect(started).toBe(Math.min(reads.length, n + 1 + slots))
    }
    expect(await Promise.all(results)).toEqual(['r0', 'r1', 'r2', 'r3', 'r4', 'r5'])
  })

  test('work queued meanwhile runs between two reads', async () => {
    const gate = createReadGate(1)
    const log: string[] = []
    const reads = [0, 1, 2].map((n) => gate.run(async () => void log.push(`read ${n}`)))
    setImmediate(() => log.push('health'))
    await Promise.all(reads)
    expect(log).toEqual(['read 0', 'health', 'read 1', 'read 2'])
  })

  test('a failed read frees its slot', async () => {
    const gate = createReadGate(1)
    const failed = gate.run(async () => {
      throw new Error('disk')
    })
    expect(failed).rejects.toThrow('disk')
    expect(await gate.run(async () => 'next')).toBe('next')
  })
})

describe('/health and ingest are not queued behind concurrent /query pages', () => {
  test('100 pages of 1000 records in flight: /health and a POST are answered before a quarter of them', async () => {
    // The read places and held-bytes budget (core/places) would refuse most of 100 pages at once: this is about the gate alone.
    const { call, ctx } = testApp({ rateLimit: null, readsPerApp: 1000, readsPerProcess: 1000, heldBytes: 2 ** 30 })
    const endpoint = await makeEndpoint(ctx, { reads: 'records' })
    const batch = Array.from({ length: 1000 }, (_, n) => ({ n, text: 'x'.repeat(100) }))
    expect((await call('ingest.batch', { params: { token: endpoint.token }, body: batch })).status).toBe(200)
    const done: string[] = []
    const pages = Array.from({ length: 100 }, () =>
      call('reads.query', { params: { token: endpoint.token }, query: { size: 1000 } }).then(
        (res) => void done.push(`query ${res.status} ${res.body.records.length}`),
      ),
    )
    const health = call('health.get').then((res) => void done.push(`health ${res.status}`))
    const post = call('ingest.post', { params: { token: endpoint.token }, body: { n: -1 } }).then(
      (res) => void done.push(`post ${res.status}`),
    )
    await Promise.all([...pages, health, post])
    expect(done.length).toBe(102)
    // Without the gate the POST came back last, behind all 100 pages (on SQLite and PostgreSQL alike).
    expect(done.indexOf('health 200')).toBeLessThan(25)
    expect(done.indexOf('post 200')).toBeLessThan(25)
    expect(done.filter((line) => line.startsWith('query')).every((line) => line === 'query 200 1000')).toBe(true)
  })
})
