/**
 * Renumbering after deletes, straight through core: whatever is deleted, seq stays dense over
 * all records and pos over the non-spam ones, in the original order, and the counters follow.
 * (How SQLite renumbers in place, and its two-pass fallback, is in test/db/sqlite/.)
 */
import { describe, expect, test } from 'bun:test'
import { removeRecords } from '../../../server/core/records/delete.ts'
import { testContext } from '../../support/context.ts'
import { insertRecords, makeEndpoint, numberedRecords, numbering } from '../../support/records.ts'
import { makeUser } from '../../support/users.ts'
import { cases, expected } from './renumber-cases.ts'

/** 20 records, every 4th spam; `gone` are the numbers n to delete. */
async function setup() {
  const t = testContext()
  const { user } = await makeUser(t.ctx)
  const { appId } = await makeEndpoint(t.ctx, user.id)
  const ids = await insertRecords(
    t.ctx,
    appId,
    numberedRecords(20, (n) => n % 4 === 0),
  )
  return { ...t, appId, ids }
}

describe('renumbering after deletes', () => {
  test.each(cases)('removeRecords %p', async (...gone) => {
    const { ctx, appId, ids } = await setup()
    const before = (await ctx.storage.stats.counters(appId))!
    expect(
      await removeRecords(
        ctx,
        appId,
        gone.map((n) => ids[n - 1]),
      ),
    ).toBe(gone.length)
    expect(await numbering(ctx, appId)).toEqual(expected(gone))
    const spam = gone.filter((n) => n % 4 === 0).length
    expect(await ctx.storage.stats.counters(appId)).toEqual({
      seq: 20 - gone.length,
      kept: 15 - (gone.length - spam),
      spam: 5 - spam,
      // Renumbered: every process's copy of the aggregates must reload.
      generation: before.generation + 1,
    })
  })

  test('ids of another app are not touched', async () => {
    const { ctx, appId, ids } = await setup()
    const { user } = await makeUser(ctx)
    const other = await makeEndpoint(ctx, user.id)
    await insertRecords(ctx, other.appId, numberedRecords(3))
    const before = (await ctx.storage.stats.counters(other.appId))!
    expect(await removeRecords(ctx, other.appId, [ids[0]])).toBe(0)
    expect(await numbering(ctx, appId)).toEqual(expected([]))
    expect(await numbering(ctx, other.appId)).toEqual([
      [1, 1, 1],
      [2, 2, 2],
      [3, 3, 3],
    ])
    // Nothing deleted, nothing renumbered.
    expect(await ctx.storage.stats.counters(other.appId)).toEqual(before)
  })
})
