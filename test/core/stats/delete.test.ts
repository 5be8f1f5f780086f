/**
 * Deleting records subtracts them from the summary aggregates instead of rescanning: each
 * statistic after a delete, the refills of min/max and first/last once the kept extremes
 * run out, exact sums, the bounded value sets, and the stored counters and document.
 */
import { describe, expect, test } from 'bun:test'
import { LIMITS } from '../../../server/contract/limits.ts'
import { removeRecords } from '../../../server/core/records/delete.ts'
import { forgetStats, loadStats, rebuildStats } from '../../../server/core/stats/state.ts'
import { getSummary } from '../../../server/core/stats/summary.ts'
import { testContext } from '../../support/context.ts'
import { makeEndpoint } from '../../support/records.ts'
import { makeUser } from '../../support/users.ts'
import { addRows, type StatsRow } from './fixtures.ts'

async function setup(rows: StatsRow[]) {
  const t = testContext()
  const { user } = await makeUser(t.ctx)
  const { appId } = await makeEndpoint(t.ctx, user.id, {
    fields: [
      { name: 'n', type: 'number' },
      { name: 's', type: 'text' },
      { name: 'm', type: 'multichoice', options: ['a', 'b'] },
    ],
  })
  const ids = await addRows(t.ctx, appId, rows)
  return { ...t, appId, ids }
}

const iso = (t: number) => new Date(t).toISOString()
const score = (value: number | null, level: string | null = null) => ({ score: value, level, levelLabel: null })

/** The summary, and that it equals a full rebuild's. */
async function summaryMatchingRebuild(ctx: Parameters<typeof getSummary>[0], appId: string) {
  const summary = await getSummary(ctx, appId, 'include')
  await rebuildStats(ctx, appId)
  expect(summary).toEqual(await getSummary(ctx, appId, 'include'))
  return summary
}

describe('deleting subtracts from the summary', () => {
  test('every statistic of a deleted record goes, and sections without values go too', async () => {
    const { ctx, clock, appId, ids } = await setup([
      { data: { n: 2, s: 'a', m: ['a', 'b'] }, age: 30 },
      { data: { n: 5, s: true, m: [] }, spam: true },
      { data: { n: 0.1, s: 'a', m: ['b'] }, age: 10 },
    ])
    expect(await removeRecords(ctx, appId, [ids[1], ids[2]])).toBe(2)
    expect(await summaryMatchingRebuild(ctx, appId)).toEqual({
      code: 200,
      total: 1,
      spam: 0,
      firstAt: iso(clock.now() - 30 * 60_000),
      lastAt: iso(clock.now() - 30 * 60_000),
      fields: Object.assign(Object.create(null), {
        n: { type: 'number', count: 1, missing: 0, min: 2, max: 2, mean: 2, sum: 2 },
        s: { type: 'text', count: 1, missing: 0, top: [{ value: 'a', count: 1 }], other: 0 },
        m: {
          type: 'multichoice',
          count: 1,
          missing: 0,
          items: {
            top: [
              { value: 'a', count: 1 },
              { value: 'b', count: 1 },
            ],
            other: 0,
          },
        },
      }),
      // The clock starts at midnight, so 30 minutes earlier is the day before.
      days: Array.from({ length: LIMITS.summaryDays }, (_, i) => {
        const date = iso(clock.now() - (LIMITS.summaryDays - 1 - i) * 86_400_000).slice(0, 10)
        return { date, count: date === '2025-12-31' ? 1 : 0 }
      }),
    })
  })

  test('min and max come back from the records once every kept extreme on a side is deleted', async () => {
    const count = 2 * LIMITS.summaryExtremes + 8
    const { ctx, appId, ids } = await setup(Array.from({ length: count }, (_, i) => ({ data: { n: i / 10 } })))
    const low = ids.slice(0, LIMITS.summaryExtremes + 1)
    const high = ids.slice(-LIMITS.summaryExtremes - 1)
    await removeRecords(ctx, appId, low)
    expect((await summaryMatchingRebuild(ctx, appId)).fields.n).toMatchObject({
      count: count - low.length,
      min: low.length / 10,
      max: (count - 1) / 10,
    })
    await removeRecords(ctx, appId, high)
    const remaining = Array.from({ length: count }, (_, i) => i).slice(low.length, count - high.length)
    expect((await summaryMatchingRebuild(ctx, appId)).fields.n).toEqual({
      type: 'number',
      count: remaining.length,
      missing: 0,
      min: remaining[0] / 10,
      max: remaining.at(-1)! / 10,
      mean: remaining.reduce((sum, i) => sum + i / 10, 0) / remaining.length,
      sum: remaining.reduce((sum, i) => sum + i / 10, 0),
    })
  })

  test('first and last record time come back from the records the same way', async () => {
    const count = 2 * LIMITS.summaryExtremes + 4
    // Inserted newest first: record order and time order disagree.
    const { ctx, clock, appId, ids } = await setup(Array.from({ length: count }, (_, i) => ({ data: {}, age: i })))
    await removeRecords(ctx, appId, ids.slice(0, LIMITS.summaryExtremes + 1))
    await removeRecords(ctx, appId, ids.slice(-LIMITS.summaryExtremes - 1))
    const summary = await summaryMatchingRebuild(ctx, appId)
    expect([summary.total, summary.firstAt, summary.lastAt]).toEqual([
      2,
      iso(clock.now() - (count - LIMITS.summaryExtremes - 2) * 60_000),
      iso(clock.now() - (LIMITS.summaryExtremes + 1) * 60_000),
    ])
  })

  test('repeated extremes are counted, so deleting one of several needs no refill', async () => {
    const { ctx, appId, ids } = await setup([{ data: { n: 1 } }, { data: { n: 1 } }, { data: { n: 3 } }])
    await removeRecords(ctx, appId, [ids[0]])
    expect((await loadStats(ctx, appId))!.kept.fields.get('n')!.numbers!.extremes.low).toEqual({
      entries: [
        [1, 1],
        [3, 1],
      ],
      complete: true,
    })
    expect((await getSummary(ctx, appId)).fields.n).toMatchObject({ min: 1, max: 3, sum: 4 })
  })

  test('score dimensions: count, missing, levels, exact sum and refilled extremes', async () => {
    const rows: StatsRow[] = Array.from({ length: LIMITS.summaryExtremes + 3 }, (_, i) => ({
      data: {},
      scores: { mood: score(i + 0.1, i % 2 ? 'high' : 'low'), sleep: score(null) },
    }))
    rows.push({ data: {}, scores: { sleep: score(4, 'ok') } }, { data: {}, scores: null })
    const { ctx, appId, ids } = await setup(rows)
    // The lowest moods, then the only scored sleep.
    await removeRecords(ctx, appId, [...ids.slice(0, LIMITS.summaryExtremes + 1), ids[LIMITS.summaryExtremes + 3]])
    expect((await summaryMatchingRebuild(ctx, appId)).scores).toEqual({
      mood: { count: 2, missing: 0, mean: 17.6, min: 17.1, max: 18.1, levels: { high: 1, low: 1 } },
      sleep: { count: 0, missing: 2, mean: null, min: null, max: null, levels: {} },
    })
    await removeRecords(ctx, appId, ids.slice(LIMITS.summaryExtremes + 1, LIMITS.summaryExtremes + 3))
    expect((await summaryMatchingRebuild(ctx, appId)).scores).toBeUndefined()
  })

  test('sums stay exact where plain addition and subtraction would drift', async () => {
    const { ctx, appId, ids } = await setup([
      { data: { n: 1e16 } },
      { data: { n: 1 } },
      { data: { n: -1e16 } },
      { data: { n: 0.1 } },
      { data: { n: 0.2 } },
    ])
    expect((await getSummary(ctx, appId)).fields.n.sum).toBe(1.3)
    await removeRecords(ctx, appId, [ids[4]])
    // Plain floating point: 1e16 + 1 − 1e16 + 0.1 + 0.2 − 0.2 = 0.10000000000000009.
    expect((await summaryMatchingRebuild(ctx, appId)).fields.n).toMatchObject({ sum: 1.1, min: -1e16, max: 1e16 })
  })

  test('a sum beyond the double range reads ∞, and deletes bring it back whatever the order', async () => {
    const max = Number.MAX_VALUE
    const { ctx, appId, ids } = await setup([
      { data: { n: max } },
      { data: { n: max } },
      { data: { n: 5 } },
      { data: { n: -max } },
      { data: { n: -max } },
    ])
    expect((await getSummary(ctx, appId)).fields.n.sum).toBe(5)
    await removeRecords(ctx, appId, [ids[3]])
    expect((await summaryMatchingRebuild(ctx, appId)).fields.n).toMatchObject({ count: 4, sum: max })
    await removeRecords(ctx, appId, [ids[4]])
    expect((await summaryMatchingRebuild(ctx, appId)).fields.n).toMatchObject({ count: 3, sum: Infinity })
    // Left in record order [max, 5]: a running sum would have gone through max + max = ∞.
    await removeRecords(ctx, appId, [ids[1]])
    expect((await summaryMatchingRebuild(ctx, appId)).fields.n).toMatchObject({ count: 2, sum: max })
  })

  test('a field whose value set filled up keeps exact counts for what it tracks and admits nothing new', async () => {
    const distinct = LIMITS.summaryTrackedValues + 1
    const { ctx, appId, ids } = await setup(
      Array.from({ length: distinct }, (_, i) => ({ data: { s: `v${String(i).padStart(3, '0')}` } })),
    )
    await removeRecords(ctx, appId, [ids[0], ids[distinct - 1]])
    await addRows(ctx, appId, [{ data: { s: 'new' } }, { data: { s: 'v001' } }])
    const strings = (await loadStats(ctx, appId))!.kept.fields.get('s')!.strings!
    expect([
      strings.counts.size,
      strings.counts.get('v001'),
      strings.counts.has('new'),
      strings.untracked,
      strings.closed,
    ]).toEqual([LIMITS.summaryTrackedValues - 1, 2, false, 1, true])
    const s = (await getSummary(ctx, appId)).fields.s
    expect(s.top![0]).toEqual({ value: 'v001', count: 2 })
    expect(s.top!.reduce((sum, t) => sum + t.count, 0) + s.other!).toBe(distinct)
  })
})

describe('the stored state after a delete', () => {
  test('counters and the aggregates document are written in the delete, so a reload replays nothing', async () => {
    const { ctx, appId, ids } = await setup([
      { data: { n: 1 } },
      { data: { n: 2 }, spam: true },
      { data: { n: 3 } },
      { data: { n: 4 } },
    ])
    await removeRecords(ctx, appId, [ids[0], ids[1]])
    const row = (await ctx.storage.stats.load(appId))!
    expect([row.seq, row.kept, row.spam, JSON.parse(row.document).seq]).toEqual([2, 2, 0, 2])
    const before = await getSummary(ctx, appId, 'include')
    forgetStats(ctx, appId)
    expect(await getSummary(ctx, appId, 'include')).toEqual(before)
    expect(before.fields.n).toEqual({ type: 'number', count: 2, missing: 0, min: 3, max: 4, mean: 3.5, sum: 7 })
  })

  test('a delete with the document behind the records catches up before renumbering', async () => {
    const { ctx, appId, ids } = await setup([{ data: { n: 1 } }])
    // Written behind: the document covers the first record only.
    const later = await addRows(ctx, appId, [{ data: { n: 2 } }, { data: { n: 3 } }])
    expect(JSON.parse((await ctx.storage.stats.load(appId))!.document).seq).toBe(1)
    forgetStats(ctx, appId)
    await removeRecords(ctx, appId, [ids[0], later[0]])
    expect((await summaryMatchingRebuild(ctx, appId)).fields.n).toEqual({
      type: 'number',
      count: 1,
      missing: 0,
      min: 3,
      max: 3,
      mean: 3,
      sum: 3,
    })
  })
})
