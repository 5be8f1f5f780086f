/**
 * A recount repairs the stored counters from the records themselves: records deleted and
 * renumbered behind svc's back (raw SQL, as a hand repair of the database file would) leave
 * counters that no longer match, and `rebuildStats` makes them what writing the remaining
 * records afresh gives.
 */
import { describe, expect, test } from 'bun:test'
import type { PreparedRecord } from '../../../server/core/collect/prepare.ts'
import { rebuildStats } from '../../../server/core/stats/state.ts'
import { getSummary } from '../../../server/core/stats/summary.ts'
import { sqliteContext } from '../../support/context.ts'
import { storedRows } from '../../support/records.ts'
import { makeEndpoint } from '../../core/collect/fixtures.ts'
import { storedStats } from '../../core/stats/fixtures.ts'

const record = (data: Record<string, unknown>, spam = false): PreparedRecord => ({
  data,
  meta: {},
  spam,
  spamReasons: spam ? ['honeypot'] : [],
  newFields: [],
})

describe("a recount after changes behind svc's back", () => {
  test('repairs counters and document to what writing the remaining records afresh gives', async () => {
    const { ctx, clock, sqlite } = sqliteContext()
    const app = await makeEndpoint(ctx)
    const fresh = await makeEndpoint(ctx)
    const writer = ctx.writer
    const rows = [
      record({ n: 1, s: 'a' }),
      record({ n: 2, s: 'b' }, true),
      record({ n: 3, s: 'a' }),
      record({ n: 4, s: 'c' }),
    ]
    await writer.write(app.appId, rows)
    sqlite.sqlite.run("DELETE FROM records WHERE app_id = ? AND json_extract(data, '$.n') = 1", [app.appId])
    sqlite.sqlite.run(
      'UPDATE records SET seq = seq - 1, pos = CASE WHEN pos IS NULL THEN NULL ELSE pos - 1 END WHERE app_id = ?',
      [app.appId],
    )
    await rebuildStats(ctx, app.appId)
    await writer.write(fresh.appId, rows.slice(1))
    expect(await storedStats(ctx, app.appId)).toEqual(await storedStats(ctx, fresh.appId))
    expect((await storedStats(ctx, app.appId)).slice(0, 3)).toEqual([3, 2, 1])
    clock.advance(1000)
    await writer.write(app.appId, [record({ n: 5 })])
    const last = (await storedRows(ctx, app.appId)).at(-1)!
    expect([last.seq, last.pos]).toEqual([4, 3])
    expect((await getSummary(ctx, app.appId)).total).toBe(3)
  })
})
