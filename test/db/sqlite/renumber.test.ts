/**
 * Renumbering in place on SQLite: a range UPDATE is applied in index order, so the one-pass
 * renumbering never needs its fallback; and the two-pass fallback (new numbers negated,
 * then flipped), kept for a SQLite that would order it differently, gives the same numbering.
 */
import { describe, expect, test } from 'bun:test'
import { and, eq, inArray } from 'drizzle-orm'
import { removeRecords } from '../../../server/core/records/delete.ts'
import { renumbering, renumberInTwoPasses } from '../../../server/db/sqlite/record-delete.ts'
import { records } from '../../../server/db/sqlite/schema.ts'
import { sqliteContext } from '../../support/context.ts'
import { insertRecords, makeEndpoint, numberedRecords, numbering } from '../../support/records.ts'
import { makeUser } from '../../support/users.ts'
import { cases, expected } from '../../core/records/renumber-cases.ts'

async function setup() {
  const t = sqliteContext()
  const { user } = await makeUser(t.ctx)
  const { appId } = await makeEndpoint(t.ctx, user.id)
  const ids = await insertRecords(
    t.ctx,
    appId,
    numberedRecords(20, (n) => n % 4 === 0),
  )
  return { ...t, appId, ids }
}

describe('renumbering in place', () => {
  test.each(cases)('one pass, no fallback, for %p', async (...gone) => {
    const { ctx, appId, ids } = await setup()
    const fallbacks = renumbering.fallbacks
    await removeRecords(
      ctx,
      appId,
      gone.map((n) => ids[n - 1]),
    )
    expect(await numbering(ctx, appId)).toEqual(expected(gone))
    expect(renumbering.fallbacks).toBe(fallbacks)
  })

  test.each(cases)('the two-pass fallback gives the same numbering for %p', async (...gone) => {
    const { ctx, sqlite, appId, ids } = await setup()
    const doomedIds = gone.map((n) => ids[n - 1])
    sqlite.db.transaction((tx) => {
      const doomed = tx
        .select({ seq: records.seq, pos: records.pos })
        .from(records)
        .where(and(eq(records.appId, appId), inArray(records.id, doomedIds)))
        .orderBy(records.seq)
        .all()
      tx.delete(records).where(inArray(records.id, doomedIds)).run()
      renumberInTwoPasses(tx, appId, doomed)
    })
    expect(await numbering(ctx, appId)).toEqual(expected(gone))
  })
})
