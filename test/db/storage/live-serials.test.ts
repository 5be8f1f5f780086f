/**
 * The record store's live positions, on either backend: every commit hands out the next
 * serials of the app (never renumbered by deletes or spam marks, never used again), tells
 * the append feed the app's newest serial once committed, and a `live` batch reads the
 * selected records after a position in serial order, up to the position it names.
 */
import { describe, expect, test } from 'bun:test'
import { removeRecords } from '../../../server/core/records/delete.ts'
import { LIMITS } from '../../../server/contract/limits.ts'
import type { LiveQuery } from '../../../server/db/storage/records.ts'
import { testContext } from '../../support/context.ts'
import { insertRecords, makeEndpoint, numberedRecords } from '../../support/records.ts'
import { makeUser } from '../../support/users.ts'

async function setup() {
  const t = testContext()
  const { user } = await makeUser(t.ctx)
  const { appId } = await makeEndpoint(t.ctx, user.id)
  const heard: Array<[string, number]> = []
  t.ctx.storage.appends.subscribe((app, serial) => void heard.push([app, serial]))
  return { ...t, appId, heard }
}

/** `n` of each record a live read from `after` (exclusive) through `through` gives, with its cursor. */
async function liveRead(
  t: Awaited<ReturnType<typeof setup>>,
  after: number,
  through: number,
  selection: LiveQuery['selection'] = 'kept',
  rows = 1000,
  afterId: string | null = null,
) {
  const batch = await t.ctx.storage.records.live(t.appId, {
    selection,
    after,
    afterId,
    through,
    rows,
    bytes: LIMITS.readBatchBytes,
  })
  return batch.map((row) => [row.cursor, (JSON.parse(row.data) as { n: number }).n])
}

describe('live serials', () => {
  test('commits hand out the next serials and tell the append feed; deletes never lower or reuse them', async () => {
    const t = await setup()
    expect(await t.ctx.storage.records.lastSerial(t.appId)).toBe(0)
    const ids = await insertRecords(
      t.ctx,
      t.appId,
      numberedRecords(5, (n) => n === 2),
    )
    expect(t.heard).toEqual([[t.appId, 5]])
    expect(await liveRead(t, 0, 5)).toEqual([
      [1, 1],
      [3, 3],
      [4, 4],
      [5, 5],
    ])
    expect(await liveRead(t, 0, 5, 'all')).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
      [5, 5],
    ])
    expect(await liveRead(t, 0, 5, 'spam')).toEqual([[2, 2]])

    // The newest records go: seq and pos are renumbered, serials are not, and the next record never takes a gone one's.
    await removeRecords(t.ctx, t.appId, [ids[3], ids[4]])
    expect(await t.ctx.storage.records.lastSerial(t.appId)).toBe(5)
    await insertRecords(t.ctx, t.appId, [{ data: { n: 6 } }, { data: { n: 7 } }])
    expect(t.heard).toEqual([
      [t.appId, 5],
      [t.appId, 7],
    ])
    expect(await liveRead(t, 3, 7)).toEqual([
      [6, 6],
      [7, 7],
    ])
    expect(await t.ctx.storage.records.lastSerial(t.appId)).toBe(7)
  })

  test('a live read stops at the position it names, and after a given one: a batch of rows at a time', async () => {
    const t = await setup()
    await insertRecords(t.ctx, t.appId, numberedRecords(10))
    expect(await liveRead(t, 2, 6)).toEqual([
      [3, 3],
      [4, 4],
      [5, 5],
      [6, 6],
    ])
    expect(await liveRead(t, 2, 10, 'kept', 3)).toEqual([
      [3, 3],
      [4, 4],
      [5, 5],
    ])
    expect(await liveRead(t, 10, 10)).toEqual([])
  })

  test('after deletes, a live read from any position still gets exactly the records after it, with or without the last record sent', async () => {
    const t = await setup()
    const ids = await insertRecords(t.ctx, t.appId, numberedRecords(12))
    // Older records and newer ones than the position go: seqs shift, serials stay.
    await removeRecords(t.ctx, t.appId, [ids[1], ids[5], ids[6]])
    const rest = [
      [8, 8],
      [9, 9],
      [10, 10],
      [11, 11],
      [12, 12],
    ]
    expect(await liveRead(t, 5, 12, 'kept', 1000, ids[4])).toEqual(rest)
    expect(await liveRead(t, 5, 12, 'kept', 1000, null)).toEqual(rest)
    expect(await liveRead(t, 6, 12, 'kept', 1000, ids[5])).toEqual(rest)
    expect(await liveRead(t, 0, 12, 'all', 2)).toEqual([
      [1, 1],
      [3, 3],
    ])
    expect(await liveRead(t, 10, 11)).toEqual([[11, 11]])
  })

  test('an app that is gone has no last serial', async () => {
    const t = await setup()
    expect(await t.ctx.storage.records.lastSerial('no-such-app')).toBeNull()
  })
})
