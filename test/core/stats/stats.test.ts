import { describe, expect, test } from 'bun:test'
import type { PreparedRecord } from '../../../server/core/collect/prepare.ts'
import { LIMITS } from '../../../server/contract/limits.ts'
import { addRecord, emptyAggregate, mergeAggregates } from '../../../server/core/stats/aggregate.ts'
import { loadAggregate, storeAggregate } from '../../../server/core/stats/stored-aggregate.ts'
import { removeRecords } from '../../../server/core/records/delete.ts'
import { forgetStats, rebuildStats } from '../../../server/core/stats/state.ts'
import { getSummary } from '../../../server/core/stats/summary.ts'
import { testContext } from '../../support/context.ts'
import { storedRows } from '../../support/records.ts'
import { makeEndpoint } from '../collect/fixtures.ts'
import { storedStats } from './fixtures.ts'

const T0 = Date.UTC(2026, 0, 1)
const record = (data: Record<string, unknown>, spam = false): PreparedRecord => ({
  data,
  meta: {},
  spam,
  spamReasons: spam ? ['honeypot'] : [],
  newFields: [],
})

describe('aggregates', () => {
  test('values beyond the tracking bound and over-long strings are counted as untracked', () => {
    const aggregate = emptyAggregate()
    for (let i = 0; i < LIMITS.summaryTrackedValues + 5; i++) addRecord(aggregate, { v: `value ${i}` }, T0)
    addRecord(aggregate, { v: 'value 0' }, T0)
    addRecord(aggregate, { v: 'x'.repeat(LIMITS.summaryValueLength + 1) }, T0)
    const strings = aggregate.fields.get('v')!.strings!
    expect(strings.counts.size).toBe(LIMITS.summaryTrackedValues)
    expect(strings.counts.get('value 0')).toBe(2)
    expect(strings.untracked).toBe(6)
  })

  test('user text never becomes an object key: __proto__ as field and value survives storing', () => {
    const aggregate = emptyAggregate()
    addRecord(aggregate, JSON.parse('{"__proto__":"__proto__","constructor":["constructor","__proto__"]}'), T0)
    const restored = loadAggregate(JSON.parse(JSON.stringify(storeAggregate(aggregate))))
    expect(restored.fields.get('__proto__')!.strings!.counts.get('__proto__')).toBe(1)
    expect([...restored.fields.get('constructor')!.items!.counts]).toEqual([
      ['constructor', 1],
      ['__proto__', 1],
    ])
    expect(({} as Record<string, unknown>).count).toBeUndefined()
  })

  test('merging is the aggregate of both record sets', () => {
    const a = emptyAggregate()
    const b = emptyAggregate()
    const both = emptyAggregate()
    const rows: Array<[Record<string, unknown>, number, boolean]> = [
      [{ n: 1, s: 'x', b: true, l: ['a'] }, T0, false],
      [{ n: -4, s: 'y', b: false }, T0 + 86_400_000, true],
      [{ n: 10, s: 'x', l: ['a', 'b'] }, T0 - 86_400_000, true],
    ]
    for (const [data, at, spam] of rows) {
      addRecord(spam ? b : a, data, at)
      addRecord(both, data, at)
    }
    expect(storeAggregate(mergeAggregates(a, b))).toEqual(storeAggregate(both))
  })
})

describe('rebuildStats and the stored counters', () => {
  test('a rebuild after deleting and renumbering equals writing the remaining records afresh', async () => {
    const { ctx, clock } = testContext()
    const app = await makeEndpoint(ctx)
    const fresh = await makeEndpoint(ctx)
    const writer = ctx.writer
    const rows = [
      record({ n: 1, s: 'a' }),
      record({ n: 2, s: 'b' }, true),
      record({ n: 3, s: 'a' }),
      record({ n: 4, s: 'c' }),
    ]
    const [first] = await writer.write(app.appId, rows)
    await removeRecords(ctx, app.appId, [first])
    const generation = (await ctx.storage.stats.counters(app.appId))!.generation
    await rebuildStats(ctx, app.appId)
    await writer.write(fresh.appId, rows.slice(1))
    expect(await storedStats(ctx, app.appId)).toEqual(await storedStats(ctx, fresh.appId))
    expect((await storedStats(ctx, app.appId)).slice(0, 3)).toEqual([3, 2, 1])
    // A recount moves the generation on: every process reloads.
    expect((await ctx.storage.stats.counters(app.appId))!.generation).toBe(generation + 1)
    // The next write continues the numbering.
    clock.advance(1000)
    await writer.write(app.appId, [record({ n: 5 })])
    const last = (await storedRows(ctx, app.appId)).at(-1)!
    expect([last.seq, last.pos]).toEqual([4, 3])
    expect((await getSummary(ctx, app.appId)).total).toBe(3)
  })

  test('the stored aggregates are written behind and caught up from the records on load', async () => {
    const { ctx, clock } = testContext()
    const app = await makeEndpoint(ctx, { fields: [{ name: 'n', type: 'number' }] })
    const writer = ctx.writer
    const stored = async () => {
      const row = (await ctx.storage.stats.load(app.appId))!
      return [row.seq, JSON.parse(row.document).seq]
    }
    await writer.write(app.appId, [record({ n: 1 })])
    expect(await stored()).toEqual([1, 1])
    clock.advance(LIMITS.statsPersistMs - 1)
    await writer.write(app.appId, [record({ n: 2 })])
    await writer.write(app.appId, [record({ n: 3 }, true)])
    // Counters are current, the document still covers only the first record.
    expect(await stored()).toEqual([3, 1])
    // As after a crash: forget the memory; loading replays records 2 and 3.
    forgetStats(ctx, app.appId)
    const summary = await getSummary(ctx, app.appId, 'include')
    expect([summary.total, summary.spam, summary.fields.n]).toEqual([
      3,
      1,
      { type: 'number', count: 3, missing: 0, min: 1, max: 3, mean: 2, sum: 6 },
    ])
    clock.advance(1)
    await writer.write(app.appId, [record({ n: 4 })])
    expect(await stored()).toEqual([4, 4])
    await writer.write(app.appId, [record({ n: 5 })])
    await ctx.shutdown()
    expect(await stored()).toEqual([5, 5])
  })

  test('unreadable stored aggregates are rebuilt from the records on load', async () => {
    const { ctx } = testContext()
    const app = await makeEndpoint(ctx, { fields: [{ name: 'n', type: 'number' }] })
    await ctx.writer.write(app.appId, [record({ n: 2 }), record({ n: 4 })])
    const { generation, seq } = (await ctx.storage.stats.counters(app.appId))!
    // A document of another format (as an older svc wrote): stored over, then the memory forgotten.
    forgetStats(ctx, app.appId)
    expect(await ctx.storage.stats.saveDocument(app.appId, generation, seq, '{"format":0}')).toBe(true)
    const summary = await getSummary(ctx, app.appId)
    expect([summary.total, summary.fields.n]).toEqual([
      2,
      { type: 'number', count: 2, missing: 0, min: 2, max: 4, mean: 3, sum: 6 },
    ])
  })

  test('day counts cover the last 30 UTC days only', async () => {
    const { ctx, clock } = testContext()
    const app = await makeEndpoint(ctx)
    const writer = ctx.writer
    await writer.write(app.appId, [record({ a: 1 })])
    clock.advance(40 * 86_400_000)
    await writer.write(app.appId, [record({ a: 2 })])
    const summary = await getSummary(ctx, app.appId)
    expect(summary.days.length).toBe(LIMITS.summaryDays)
    expect(summary.days.filter((d) => d.count > 0)).toEqual([
      { date: new Date(clock.now()).toISOString().slice(0, 10), count: 1 },
    ])
    expect(summary.total).toBe(2)
  })
})
