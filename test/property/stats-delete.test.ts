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
import { checkProperty } from './check.ts'
import { removeRecords } from '../../server/core/records/delete.ts'
import { markRecords } from '../../server/core/records/spam.ts'
import { forgetStats, rebuildStats } from '../../server/core/stats/state.ts'
import { testContext } from '../support/context.ts'
import { makeEndpoint, storedRows } from '../support/records.ts'
import { makeUser } from '../support/users.ts'
import { addRows } from '../core/stats/fixtures.ts'
import { counters, EXTREME_ORDERS, firstBy, row, summaries, type Row } from './stats-arbitraries.ts'

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

describe('summary aggregates under inserts, deletes and spam marks', () => {
  test('equal a full rebuild after any sequence', async () => {
    // One context for every run (apps are independent of each other): a fresh app per run.
    const { ctx } = testContext()
    await checkProperty(
      'equal a full rebuild after any sequence',
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
