/**
 * Property of the summary aggregates (fast-check): after any sequence of inserts (values of
 * every kind, spam and not, with stored scores, at times out of order), deletes and records
 * marked spam or not spam (single records and selections, among them the ones holding the
 * extremes; the in-memory state sometimes dropped so the stored document is replayed),
 * /summary in every spam mode equals what a full `rebuildStats` gives, the stored counters
 * too, and the non-spam records keep dense positions. The values stay under the tracking bound (whose
 * split into top values and `other` follows insert history by design, see stats/remove.ts);
 * the number and time ranges are wide enough to empty the kept extremes and force refills.
 */
import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import type { AppContext } from '../../server/core/context.ts'
import { removeRecords } from '../../server/core/records/delete.ts'
import { markRecords } from '../../server/core/records/spam.ts'
import { forgetStats, rebuildStats } from '../../server/core/stats/state.ts'
import { getSummary, type SpamMode, type Summary } from '../../server/core/stats/summary.ts'
import type { StatsRow as StoredRow } from '../../server/db/storage/stats.ts'
import { testContext } from '../support/context.ts'
import { makeEndpoint, storedRows } from '../support/records.ts'
import { makeUser } from '../support/users.ts'
import { addRows, type StatsRow } from '../core/stats/fixtures.ts'

// Minutes before now, so times repeat, go back and forth and span the 30-day window.
type Row = Required<StatsRow>

const number = fc.oneof(
  fc.integer({ min: -3, max: 3 }),
  fc.constantFrom(0.1, 0.2, 0.3, 1e-7, 2.5, -0.7),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(Number.MAX_VALUE, -Number.MAX_VALUE, 1e308),
)
const text = fc.constantFrom('a', 'b', 'c', '__proto__', 'Ünïcode', 'x'.repeat(201))
const primitive = fc.oneof(text, number, fc.boolean())
const value = fc.oneof(
  primitive,
  fc.constantFrom(null, ''),
  fc.array(fc.oneof(primitive, fc.constant({})), { maxLength: 3 }),
  fc.constant({ nested: true }),
)
// The last key is read back through a JSON path by refills: quotes, dots and backslashes.
const FIELDS = ['n', 's', 'c', 'm', 'b', 'e', 'd', 'un"declared.\\[0]']
const data = fc.record(
  Object.fromEntries(FIELDS.map((name) => [name, name === 'n' ? fc.oneof(number, fc.constant(null)) : value])),
  { requiredKeys: [] },
)
const scaleScore = fc.oneof(
  fc.constant({ score: null, level: null, levelLabel: null }),
  fc.record({
    score: fc.oneof(fc.integer({ min: 0, max: 30 }), fc.constantFrom(1.25, 2.5, 0.1, 1e308, Number.MAX_VALUE)),
    level: fc.constantFrom('low', 'high', null),
    levelLabel: fc.constant(null),
  }),
)
const scores = fc.option(fc.record({ mood: scaleScore, sleep: scaleScore }, { requiredKeys: [] }), { nil: null })
const row: fc.Arbitrary<Row> = fc.record({
  data,
  spam: fc.boolean(),
  scores,
  age: fc.integer({ min: 0, max: 40 * 24 * 60 }),
})

/** A number or null (then last), for orders that pick the records holding the extremes. */
const numberIn = (text: string | null, ...path: string[]): number | null => {
  let value: unknown = text === null ? null : JSON.parse(text)
  for (const key of path)
    value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined
  return typeof value === 'number' ? value : null
}
/** Ascending by the values, nulls last, then by the next values. */
const byValues =
  (values: (row: StoredRow) => Array<number | null>, direction: 1 | -1) => (a: StoredRow, b: StoredRow) => {
    const [x, y] = [values(a), values(b)]
    for (let i = 0; i < x.length; i++) {
      if (x[i] === y[i]) continue
      if (x[i] === null) return 1
      if (y[i] === null) return -1
      return direction * (x[i]! - y[i]!)
    }
    return 0
  }
/** Orders that pick the records holding the extremes, so deletes empty the kept ends. */
const EXTREME_ORDERS = {
  oldest: byValues((row) => [row.createdAt], 1),
  newest: byValues((row) => [row.createdAt], -1),
  smallest: byValues((row) => [numberIn(row.data, 'n')], 1),
  largest: byValues((row) => [numberIn(row.data, 'n')], -1),
  bestScore: byValues((row) => [numberIn(row.scores, 'mood', 'score'), numberIn(row.scores, 'sleep', 'score')], -1),
  worstScore: byValues((row) => [numberIn(row.scores, 'mood', 'score'), numberIn(row.scores, 'sleep', 'score')], 1),
}
type Step =
  | { insert: Row[] }
  | { remove: number[] }
  | { removeFirst: keyof typeof EXTREME_ORDERS; spam: boolean; count: number }
  | { mark: number[]; spam: boolean }
  | { markFirst: keyof typeof EXTREME_ORDERS; spam: boolean; count: number }
  | { reload: true }
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ insert: fc.array(row, { minLength: 1, maxLength: 40, size: 'max' }) }) },
  { weight: 2, arbitrary: fc.record({ remove: fc.array(fc.nat(), { minLength: 1, maxLength: 10 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      removeFirst: fc.constantFrom(...(Object.keys(EXTREME_ORDERS) as Array<keyof typeof EXTREME_ORDERS>)),
      spam: fc.boolean(),
      count: fc.integer({ min: 1, max: 24 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ mark: fc.array(fc.nat(), { minLength: 1, maxLength: 10 }), spam: fc.boolean() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      markFirst: fc.constantFrom(...(Object.keys(EXTREME_ORDERS) as Array<keyof typeof EXTREME_ORDERS>)),
      spam: fc.boolean(),
      count: fc.integer({ min: 1, max: 24 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ reload: true as const }) },
)

/** Ids of the first `count` spam or non-spam records in an extreme order (then by seq). */
async function firstBy(
  ctx: AppContext,
  appId: string,
  order: keyof typeof EXTREME_ORDERS,
  spam: boolean,
  count: number,
): Promise<string[]> {
  const rows = (await storedRows(ctx, appId)).filter((row) => row.spam === spam)
  return rows
    .sort((a, b) => EXTREME_ORDERS[order](a, b) || a.seq - b.seq)
    .slice(0, count)
    .map((row) => row.id)
}

const MODES: SpamMode[] = ['exclude', 'include', 'only']
const summaries = async (ctx: AppContext, appId: string) => {
  const all: Summary[] = []
  for (const mode of MODES) all.push(await getSummary(ctx, appId, mode))
  return all
}
const counters = async (ctx: AppContext, appId: string) => {
  const { seq, kept, spam, firstAt, lastAt } = (await ctx.storage.stats.load(appId))!
  return { seq, kept, spam, firstAt, lastAt }
}

describe('summary aggregates under inserts, deletes and spam marks', () => {
  test('equal a full rebuild after any sequence', async () => {
    // One context for every run (apps are independent of each other): a fresh app per run.
    const { ctx } = testContext()
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        const { user } = await makeUser(ctx)
        const { appId } = await makeEndpoint(ctx, user.id, {
          fields: [
            { name: 'n', type: 'number' },
            { name: 's', type: 'text' },
            { name: 'c', type: 'choice', options: ['a', 'b'] },
            { name: 'm', type: 'multichoice', options: ['a', 'b'] },
            { name: 'b', type: 'boolean' },
            { name: 'e', type: 'email' },
            { name: 'd', type: 'date' },
          ],
        })
        let live: string[] = []
        for (const s of steps) {
          if ('insert' in s) live.push(...(await addRows(ctx, appId, s.insert)))
          else if ('reload' in s) forgetStats(ctx, appId)
          else if ('mark' in s || 'markFirst' in s) {
            if (live.length === 0) continue
            // The records holding the extremes of the other side move, so refills are needed.
            const ids =
              'mark' in s
                ? [...new Set(s.mark.map((i) => live[i % live.length]))]
                : await firstBy(ctx, appId, s.markFirst, !s.spam, s.count)
            const flips = (await storedRows(ctx, appId)).filter(
              (row) => ids.includes(row.id) && row.spam !== s.spam,
            ).length
            expect(await markRecords(ctx, appId, ids, s.spam)).toBe(flips)
          } else if (live.length > 0) {
            const doomed =
              'remove' in s
                ? [...new Set(s.remove.map((i) => live[i % live.length]))]
                : await firstBy(ctx, appId, s.removeFirst, s.spam, s.count)
            if (doomed.length === 0) continue
            expect(await removeRecords(ctx, appId, doomed)).toBe(doomed.length)
            live = live.filter((id) => !doomed.includes(id))
          }
        }
        const incremental = await summaries(ctx, appId)
        const stored = await counters(ctx, appId)
        forgetStats(ctx, appId)
        const reloaded = await summaries(ctx, appId)
        await rebuildStats(ctx, appId)
        expect(incremental).toEqual(await summaries(ctx, appId))
        expect(reloaded).toEqual(await summaries(ctx, appId))
        expect(stored).toEqual(await counters(ctx, appId))
        expect(incremental[1].total).toBe(live.length)
        // Positions stay dense: non-spam records are numbered 1…K in seq order.
        const rows = await storedRows(ctx, appId)
        expect(rows.filter((row) => !row.spam).map((row) => row.pos)).toEqual(
          rows.filter((row) => !row.spam).map((_, i) => i + 1),
        )
      }),
      { numRuns: 200 },
    )
  }, 300_000)
})
