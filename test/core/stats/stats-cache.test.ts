/**
 * The summary aggregates kept in memory are bounded (issue 17 row 10): past
 * SVC_STATS_CACHE_MB the least recently read apps are dropped, written behind first when
 * ahead of their stored document, and a later read reloads them with the same answer.
 */
import { describe, expect, test } from 'bun:test'
import type { PreparedRecord } from '../../../server/core/collect/prepare.ts'
import { MEMORY_PER_DOCUMENT_BYTE, statsCopies } from '../../../server/core/stats/copies.ts'
import { emptyState } from '../../../server/core/stats/document.ts'
import type { StatsState } from '../../../server/core/stats/stats-types.ts'
import { getSummary } from '../../../server/core/stats/summary.ts'
import { testContext } from '../../support/context.ts'
import { makeEndpoint } from '../collect/fixtures.ts'

const record = (data: Record<string, unknown>): PreparedRecord => ({
  data,
  meta: {},
  spam: false,
  spamReasons: [],
  newFields: [],
})
const state = (seq: number): StatsState => ({ ...emptyState(0), seq, persistedSeq: seq })

describe('statsCopies: least recently used out past the cap', () => {
  const cases: Array<[number, string[], string[], string[]]> = [
    // [cap in document bytes, copies of 100 document bytes each in order, apps read before the last is set, kept]
    [1000, ['a', 'b', 'c'], [], ['a', 'b', 'c']],
    [250, ['a', 'b', 'c'], [], ['b', 'c']],
    [250, ['a', 'b', 'c'], ['a'], ['a', 'c']],
    [150, ['a', 'b', 'c'], [], ['c']],
    [50, ['a', 'b'], [], ['b']],
  ]
  test.each(cases)('cap %i: set %j, reading %j, keeps %j', (cap, set, read, kept) => {
    const evicted: string[] = []
    const copies = statsCopies(cap * MEMORY_PER_DOCUMENT_BYTE, (appId) => evicted.push(appId))
    for (const [index, appId] of set.entries()) {
      if (index === set.length - 1) for (const appId of read) copies.get(appId)
      copies.set(appId, state(1), 100)
    }
    expect([...copies.entries()].map(([appId]) => appId).sort()).toEqual(kept)
    expect(evicted.sort()).toEqual(set.filter((appId) => !kept.includes(appId)).sort())
    expect(copies.bytes).toBe(kept.length * 100 * MEMORY_PER_DOCUMENT_BYTE)
  })

  test('a copy that grew is measured again, and others make room', () => {
    const evicted: string[] = []
    const copies = statsCopies(300 * MEMORY_PER_DOCUMENT_BYTE, (appId) => evicted.push(appId))
    copies.set('a', state(1), 100)
    copies.set('b', state(1), 100)
    copies.measured('b', 250)
    expect(evicted).toEqual(['a'])
    expect(copies.bytes).toBe(250 * MEMORY_PER_DOCUMENT_BYTE)
  })
})

describe('ctx.stats under a small cap', () => {
  test('reading many apps keeps memory under the cap; an evicted app is reloaded with the same summary', async () => {
    const { ctx, clock } = testContext({ statsCacheBytes: 0 })
    const apps = []
    for (let i = 0; i < 4; i++) {
      const app = await makeEndpoint(ctx, {
        fields: [
          { name: 'n', type: 'number' },
          { name: 'city', type: 'text' },
        ],
      })
      for (let n = 0; n < 20; n++) await ctx.writer.write(app.appId, [record({ n: n + i, city: `City ${n % 7}` })])
      apps.push(app.appId)
    }
    // The cap is 0: only the app read last is kept.
    const summaries = []
    for (const appId of apps) summaries.push(await getSummary(ctx, appId))
    expect(apps.map((appId) => ctx.stats.cached(appId) !== undefined)).toEqual([false, false, false, true])
    // Records written while an app's copy was out, and not yet written behind, are not lost.
    clock.advance(1)
    await ctx.writer.write(apps[0], [record({ n: 100, city: 'Lagos' })])
    const again = await getSummary(ctx, apps[0])
    expect(again.total).toBe(summaries[0].total + 1)
    expect(summaries[0].fields.n).toEqual({
      type: 'number',
      count: 20,
      missing: 0,
      min: 0,
      max: 19,
      mean: 9.5,
      sum: 190,
    })
    expect(again.fields.n).toEqual({
      type: 'number',
      count: 21,
      missing: 0,
      min: 0,
      max: 100,
      mean: 290 / 21,
      sum: 290,
    })
    for (const [index, appId] of apps.entries())
      if (index > 0) expect(await getSummary(ctx, appId)).toEqual(summaries[index])
  })

  test('an evicted copy ahead of its stored document is written behind', async () => {
    const { ctx, clock } = testContext({ statsCacheBytes: 0 })
    const [one, two] = [await makeEndpoint(ctx), await makeEndpoint(ctx)]
    await ctx.writer.write(one.appId, [record({ n: 1 })])
    clock.advance(1)
    // Not due yet: the second record is in the copy only.
    await ctx.writer.write(one.appId, [record({ n: 2 })])
    expect(JSON.parse((await ctx.storage.stats.load(one.appId))!.document).seq).toBe(1)
    // Reading another app pushes the first out, which writes its document.
    await getSummary(ctx, two.appId)
    await ctx.shutdown()
    expect(JSON.parse((await ctx.storage.stats.load(one.appId))!.document).seq).toBe(2)
  })
})
