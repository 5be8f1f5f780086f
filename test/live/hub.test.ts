/**
 * The live hub without HTTP: streams of one app that stand at the same position share each
 * read, so a burst of commits is read in batches, not once per stream and record; notices
 * that may have been missed (a lost LISTEN connection) make every stream read on from its
 * position; a re-check of access that cannot be answered leaves the stream open. Over the
 * real storage of the run, with the append notices in the test's hands.
 */
import { describe, expect, test } from 'bun:test'
import { LIMITS } from '../../server/contract/limits.ts'
import type { LiveQuery } from '../../server/db/storage/records.ts'
import type { Storage } from '../../server/db/storage.ts'
import { localAppendFeed } from '../../server/db/storage/appends.ts'
import { testContextOver, testStorage } from '../support/context.ts'
import { insertRecords, makeEndpoint, numberedRecords } from '../support/records.ts'
import { readEvents } from '../support/sse.ts'
import { makeUser } from '../support/users.ts'

/** A context whose storage counts live batch reads, and whose append notices the test sends. */
async function setup() {
  const { storage } = testStorage(() => Date.now())
  const appends = localAppendFeed()
  const reads: LiveQuery[] = []
  const counted: Storage = {
    ...storage,
    appends,
    // A proxy, not a copy: on a PostgreSQL run the stores open lazily and have no own methods to copy.
    records: new Proxy(storage.records, {
      get: (target, name) =>
        name === 'live'
          ? (appId: string, query: LiveQuery) => {
              reads.push(query)
              return target.live(appId, query)
            }
          : Reflect.get(target, name),
    }),
  }
  const t = testContextOver(counted, { streamHeartbeatMs: 60_000 })
  const { user } = await makeUser(t.ctx)
  const { appId } = await makeEndpoint(t.ctx, user.id, { reads: 'records' })
  const open = (after: number, allowed: () => Promise<boolean> = async () => true) =>
    readEvents(
      new Response(
        t.ctx.live.open({ appId, after, through: after, selection: 'kept', client: null, owner: false, allowed }),
      ),
    )
  return { ...t, appId, appends, reads, open }
}

const numbers = (stream: ReturnType<typeof readEvents>) => stream.records().map((record) => record.data.n)

describe('the live hub', () => {
  test('fifty streams at one position share their reads: a burst of 1000 records costs a few batches, not 50 000 reads', async () => {
    const t = await setup()
    const streams = Array.from({ length: 50 }, () => t.open(0))
    await Promise.all(streams.map((s) => s.until(() => s.lastEventId === '0', 'the start')))
    await insertRecords(t.ctx, t.appId, numberedRecords(1000))
    // The storage told of each record on its own: a notice per commit, merged by the streams.
    for (let serial = 1; serial <= 1000; serial++) t.appends.emit(t.appId, serial)
    await Promise.all(streams.map((s) => s.waitFor(1000)))
    for (const stream of streams) expect(numbers(stream)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1))
    // Every read starts where the one before ended, whichever stream made it.
    const starts = t.reads.map((query) => query.after)
    expect(new Set(starts).size).toBe(starts.length)
    expect(t.reads.length).toBeLessThanOrEqual(2 * Math.ceil(1000 / LIMITS.readBatchRows) + 2)
    t.ctx.live.close()
  })

  test('notices that may have been missed make every stream read on from its position', async () => {
    const t = await setup()
    const stream = t.open(0)
    await stream.until(() => stream.lastEventId === '0', 'the start')
    // Committed while the notices were lost: nothing wakes the stream…
    await insertRecords(t.ctx, t.appId, numberedRecords(3))
    // …until the storage says notices may have been missed (a LISTEN connection that came back).
    t.appends.emit('*', 0)
    await stream.waitFor(3)
    expect(numbers(stream)).toEqual([1, 2, 3])
    t.ctx.live.close()
  })

  test('a re-check of access that fails leaves the stream open; one that says no ends it', async () => {
    const t = await setup()
    let answer: () => Promise<boolean> = async () => {
      throw new Error('the database did not answer')
    }
    const stream = t.open(0, () => answer())
    await stream.until(() => stream.lastEventId === '0', 'the start')
    t.ctx.changes.notify(t.appId, 'endpoint')
    await insertRecords(t.ctx, t.appId, numberedRecords(1))
    t.appends.emit(t.appId, 1)
    await stream.waitFor(1)
    expect(t.logs.some((line) => line.includes('a live stream could not re-check its access'))).toBe(true)
    answer = async () => false
    t.ctx.changes.notify(t.appId, 'endpoint')
    expect(await stream.ended).toBe('done')
    expect(t.ctx.live.size).toBe(0)
  })
})
