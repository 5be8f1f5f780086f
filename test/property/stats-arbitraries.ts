/**
 * @module What the property tests of the summary aggregates share (stats-delete.test.ts,
 * stats-edit.test.ts): records of values of every kind, spam and not, with stored scores,
 * at times out of order; orders that pick the records holding the extremes; and the
 * summary in every spam mode with the stored counters, to compare against a recount.
 */
import fc from 'fast-check'
import type { AppContext } from '../../server/core/context.ts'
import { getSummary, type SpamMode, type Summary } from '../../server/core/stats/summary.ts'
import type { StatsRow as StoredRow } from '../../server/db/storage/stats.ts'
import type { StatsRow } from '../core/stats/fixtures.ts'
import { storedRows } from '../support/records.ts'

// Minutes before now, so times repeat, go back and forth and span the 30-day window.
export type Row = Required<StatsRow>

export const number = fc.oneof(
  fc.integer({ min: -3, max: 3 }),
  fc.constantFrom(0.1, 0.2, 0.3, 1e-7, 2.5, -0.7),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(Number.MAX_VALUE, -Number.MAX_VALUE, 1e308),
)
export const text = fc.constantFrom('a', 'b', 'c', '__proto__', 'Ünïcode', 'x'.repeat(201))
export const primitive = fc.oneof(text, number, fc.boolean())
export const value = fc.oneof(
  primitive,
  fc.constantFrom(null, ''),
  fc.array(fc.oneof(primitive, fc.constant({})), { maxLength: 3 }),
  fc.constant({ nested: true }),
)
// The last key is read back through a JSON path by refills: quotes, dots and backslashes.
export const FIELDS = ['n', 's', 'c', 'm', 'b', 'e', 'd', 'un"declared.\\[0]']
export const data = fc.record(
  Object.fromEntries(FIELDS.map((name) => [name, name === 'n' ? fc.oneof(number, fc.constant(null)) : value])),
  { requiredKeys: [] },
)
export const scaleScore = fc.oneof(
  fc.constant({ score: null, level: null, levelLabel: null }),
  fc.record({
    score: fc.oneof(fc.integer({ min: 0, max: 30 }), fc.constantFrom(1.25, 2.5, 0.1, 1e308, Number.MAX_VALUE)),
    level: fc.constantFrom('low', 'high', null),
    levelLabel: fc.constant(null),
  }),
)
export const scores = fc.option(fc.record({ mood: scaleScore, sleep: scaleScore }, { requiredKeys: [] }), { nil: null })
export const row: fc.Arbitrary<Row> = fc.record({
  data,
  spam: fc.boolean(),
  scores,
  age: fc.integer({ min: 0, max: 40 * 24 * 60 }),
})

/** A number or null (then last), for orders that pick the records holding the extremes. */
export const numberIn = (text: string | null, ...path: string[]): number | null => {
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
export const EXTREME_ORDERS = {
  oldest: byValues((row) => [row.createdAt], 1),
  newest: byValues((row) => [row.createdAt], -1),
  smallest: byValues((row) => [numberIn(row.data, 'n')], 1),
  largest: byValues((row) => [numberIn(row.data, 'n')], -1),
  bestScore: byValues((row) => [numberIn(row.scores, 'mood', 'score'), numberIn(row.scores, 'sleep', 'score')], -1),
  worstScore: byValues((row) => [numberIn(row.scores, 'mood', 'score'), numberIn(row.scores, 'sleep', 'score')], 1),
}
/** Ids of the first `count` spam or non-spam records in an extreme order (then by seq). */
export async function firstBy(
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
/** The summary in every spam mode. */
export const summaries = async (ctx: AppContext, appId: string) => {
  const all: Summary[] = []
  for (const mode of MODES) all.push(await getSummary(ctx, appId, mode))
  return all
}
/** The stored counters and times. */
export const counters = async (ctx: AppContext, appId: string) => {
  const { seq, kept, spam, firstAt, lastAt } = (await ctx.storage.stats.load(appId))!
  return { seq, kept, spam, firstAt, lastAt }
}
