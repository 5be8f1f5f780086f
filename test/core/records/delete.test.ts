/**
 * Renumbering after deletes, straight through core: the one-pass way used normally and the
 * two-pass way kept for a SQLite that would order a range UPDATE differently give the same
 * dense numbering, and counters follow.
 */
import { describe, expect, test } from 'bun:test'
import { and, eq, inArray } from 'drizzle-orm'
import { appStats, records } from '../../../server/db/sqlite/schema.ts'
import { removeRecords, renumberInTwoPasses } from '../../../server/core/records/delete.ts'
import { testContext } from '../../support/context.ts'
import { insertRecords, makeEndpoint, numberedRecords, numbering } from '../../support/records.ts'
import { makeUser } from '../../support/users.ts'

/** 20 records, every 4th spam; `gone` are the numbers n to delete. */
async function setup() {
  const t = testContext()
  const { user } = await makeUser(t.ctx)
  const { appId } = makeEndpoint(t.ctx, user.id)
  const ids = insertRecords(t.ctx, appId, numberedRecords(20, (n) => n % 4 === 0))
  return { ...t, appId, ids }
}

/** What the numbering must be after deleting `gone`: [seq, pos, n] by seq. */
function expected(gone: number[]): Array<[number, number | null, unknown]> {
  let pos = 0
  return Array.from({ length: 20 }, (_, i) => i + 1)
    .filter((n) => !gone.includes(n))
    .map((n, i): [number, number | null, unknown] => [i + 1, n % 4 === 0 ? null : ++pos, n])
}

const cases: number[][] = [[1], [20], [4], [1, 2, 3], [2, 4, 6, 19, 20], [8, 12, 16], Array.from({ length: 20 }, (_, i) => i + 1)]

describe('renumbering after deletes', () => {
  test.each(cases)('removeRecords %p', async (...gone) => {
    const { ctx, appId, ids, logs } = await setup()
    expect(await removeRecords(ctx, appId, gone.map((n) => ids[n - 1]))).toBe(gone.length)
    expect(numbering(ctx, appId)).toEqual(expected(gone))
    const spam = gone.filter((n) => n % 4 === 0).length
    expect(ctx.store.db.select({ seq: appStats.seq, kept: appStats.kept, spam: appStats.spam }).from(appStats).where(eq(appStats.appId, appId)).get()).toEqual({
      seq: 20 - gone.length,
      kept: 15 - (gone.length - spam),
      spam: 5 - spam,
    })
    expect(logs.filter((line) => line.includes('fell back'))).toEqual([])
  })

  test.each(cases)('the two-pass fallback gives the same numbering for %p', async (...gone) => {
    const { ctx, appId, ids } = await setup()
    const doomedIds = gone.map((n) => ids[n - 1])
    ctx.store.db.transaction((tx) => {
      const doomed = tx.select({ seq: records.seq, pos: records.pos }).from(records).where(and(eq(records.appId, appId), inArray(records.id, doomedIds))).orderBy(records.seq).all()
      tx.delete(records).where(inArray(records.id, doomedIds)).run()
      renumberInTwoPasses(tx, appId, doomed)
    })
    expect(numbering(ctx, appId)).toEqual(expected(gone))
  })

  test('ids of another app are not touched', async () => {
    const { ctx, appId, ids } = await setup()
    const { user } = await makeUser(ctx)
    const other = makeEndpoint(ctx, user.id)
    insertRecords(ctx, other.appId, numberedRecords(3))
    expect(await removeRecords(ctx, other.appId, [ids[0]])).toBe(0)
    expect(numbering(ctx, appId)).toEqual(expected([]))
    expect(numbering(ctx, other.appId)).toEqual([[1, 1, 1], [2, 2, 2], [3, 3, 3]])
  })
})
