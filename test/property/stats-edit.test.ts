/**
 * Property of the summary aggregates under the owner's edits (fast-check): after any
 * sequence of inserts, edits of one record (values of every kind set, changed or removed,
 * spam records and not, among them the records holding a number's or a score's extremes, so
 * refills are needed), deletes and spam marks, with the in-memory state sometimes dropped so
 * the stored document is replayed, /summary in every spam mode equals what a full
 * `rebuildStats` gives, and so do the stored counters. The app has a scale on `n`, so an
 * edit scores its record again while the others keep the scores they were stored with; its
 * fields are auto-created, so edits may set any value (auto-created fields are not checked).
 */
import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { checkProperty } from './check.ts'
import { AppError } from '../../server/contract/errors.ts'
import { LIMITS } from '../../server/contract/limits.ts'
import { createApp } from '../../server/core/apps/apps.ts'
import type { AppContext } from '../../server/core/context.ts'
import { newId } from '../../server/core/ids.ts'
import { removeRecords } from '../../server/core/records/delete.ts'
import { editRecord } from '../../server/core/records/edit.ts'
import { markRecords } from '../../server/core/records/spam.ts'
import { createScale } from '../../server/core/scales/scales.ts'
import { forgetStats, rebuildStats } from '../../server/core/stats/state.ts'
import { addRows } from '../core/stats/fixtures.ts'
import { testContext } from '../support/context.ts'
import { storedRows } from '../support/records.ts'
import { makeUser } from '../support/users.ts'
import {
  counters,
  EXTREME_ORDERS,
  FIELDS,
  firstBy,
  number,
  row,
  summaries,
  value,
  type Row,
} from './stats-arbitraries.ts'

/** New values by field: any value, or null to remove the key. */
const changes = fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof(value, number, fc.constant(null)), {
  minKeys: 1,
  maxKeys: 4,
})

/**
 * Records that mostly hold a number in `n` and a `mood` score, so a side soon has more
 * distinct numbers and scores than its kept extremes (scores as stored: not what the scale
 * would give, as for records stored before it changed).
 */
const numbered: fc.Arbitrary<Row> = fc
  .tuple(
    row,
    fc.oneof({ weight: 4, arbitrary: number }, { weight: 1, arbitrary: fc.constant(null) }),
    fc.option(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { freq: 5 }),
  )
  .map(([r, n, mood]) => ({
    ...r,
    data: { ...r.data, n },
    scores: mood === null ? r.scores : { ...r.scores, mood: { score: mood, level: 'low', levelLabel: null } },
  }))

type Step =
  | { insert: Row[] }
  | { edit: number; data: Record<string, unknown> }
  | { editFirst: keyof typeof EXTREME_ORDERS; spam: boolean; count: number; data: Record<string, unknown> }
  | { remove: number }
  | { mark: number; spam: boolean }
  | { reload: true }
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ insert: fc.array(numbered, { minLength: 1, maxLength: 40, size: 'max' }) }) },
  { weight: 4, arbitrary: fc.record({ edit: fc.nat(), data: changes }) },
  {
    weight: 3,
    arbitrary: fc.record({
      editFirst: fc.constantFrom(...(Object.keys(EXTREME_ORDERS) as Array<keyof typeof EXTREME_ORDERS>)),
      spam: fc.boolean(),
      count: fc.integer({ min: 1, max: 30 }),
      // `n` goes, so the records holding its (and the score's) extremes lose them and the kept ends empty.
      data: changes.map((data) => ({ ...data, n: null })),
    }),
  },
  { weight: 1, arbitrary: fc.record({ remove: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ mark: fc.nat(), spam: fc.boolean() }) },
  { weight: 1, arbitrary: fc.constant({ reload: true as const }) },
)

/** An app whose FIELDS were auto-created by a first record (so their values are not checked), with a scale on `n`. */
async function editableApp(ctx: AppContext, userId: string): Promise<string> {
  const { id: appId } = await createApp(ctx, userId, { name: 'Edits' })
  const { results } = await ctx.storage.records.commitGroup(
    [
      {
        appId,
        records: [{ id: newId(), spam: false, data: '{"n":1}', meta: '{}', scores: null }],
        newFields: FIELDS.map((name) => ({ id: newId(), name, type: name === 'n' ? 'number' : 'text' })),
        createdAt: ctx.clock.now(),
      },
    ],
    LIMITS.maxFields,
  )
  if (!results[0].ok) throw new Error(`editableApp: ${JSON.stringify(results[0])}`)
  await createScale(ctx, userId, appId, {
    key: 'mood',
    name: 'Mood',
    items: [{ field: 'n', min: -3, max: 30 }],
    levels: [
      { key: 'low', label: 'Low', min: -3, max: 10 },
      { key: 'high', label: 'High', min: 10, max: 30 },
    ],
  })
  return appId
}

/** Checks the summaries and counters of `appId` against a full rebuild, from memory and after a reload. */
async function expectRebuildEqual(ctx: AppContext, appId: string): Promise<void> {
  const incremental = await summaries(ctx, appId)
  const stored = await counters(ctx, appId)
  forgetStats(ctx, appId)
  const reloaded = await summaries(ctx, appId)
  await rebuildStats(ctx, appId)
  expect(incremental).toEqual(await summaries(ctx, appId))
  expect(reloaded).toEqual(await summaries(ctx, appId))
  expect(stored).toEqual(await counters(ctx, appId))
}

describe('summary aggregates under edits', () => {
  // Found by the property (seed 678750401, 1,000 runs; it failed once beside CPU hogs only
  // because each run draws a new seed): an edit setting -0 counted -0 in memory while the
  // record stores 0 (JSON writes -0 as 0), so min, max, mean and sum read -0 until a recount.
  test('a fixed case: an edit that sets -0 counts what is stored, 0', async () => {
    const { ctx } = testContext()
    const { user } = await makeUser(ctx, 'editor@example.com')
    const appId = await editableApp(ctx, user.id)
    const plain = (n: number): Row => ({ data: { n }, spam: false, scores: null, age: 0 })
    await addRows(ctx, appId, [plain(0), plain(Number.MAX_VALUE), plain(0.1)])
    const [first] = (await storedRows(ctx, appId)).map((r) => r.id)
    await editRecord(ctx, { id: user.id, email: user.email }, appId, first, { data: { b: -0, n: null } })
    expect((await summaries(ctx, appId))[0].fields.b).toMatchObject({ count: 1, min: 0, max: 0, sum: 0, mean: 0 })
    expect(Object.is((await summaries(ctx, appId))[0].fields.b.min, -0)).toBe(false)
    await expectRebuildEqual(ctx, appId)
  })

  test('equal a full rebuild after any sequence', async () => {
    const { ctx } = testContext()
    const { user } = await makeUser(ctx, 'editor@example.com')
    const editor = { id: user.id, email: user.email }
    await checkProperty(
      'equal a full rebuild after any sequence',
      // Enough records first that each side soon holds more distinct numbers than its kept extremes.
      fc.asyncProperty(
        fc.array(numbered, { minLength: 40, maxLength: 60 }),
        fc.array(step, { minLength: 1, maxLength: 12 }),
        async (first, steps) => {
          const appId = await editableApp(ctx, user.id)
          await addRows(ctx, appId, first)
          const ids = async () => (await storedRows(ctx, appId)).map((r) => r.id)
          for (const s of steps) {
            const live = await ids()
            if (!('insert' in s) && !('reload' in s) && live.length === 0) continue
            if ('insert' in s) await addRows(ctx, appId, s.insert)
            else if ('reload' in s) forgetStats(ctx, appId)
            else if ('remove' in s) await removeRecords(ctx, appId, [live[s.remove % live.length]])
            else if ('mark' in s) await markRecords(ctx, appId, [live[s.mark % live.length]], s.spam)
            else {
              // One record, or the first `count` holding the extremes one after the other (emptying the kept ends).
              const targets =
                'edit' in s ? [live[s.edit % live.length]] : await firstBy(ctx, appId, s.editFirst, s.spam, s.count)
              for (const target of targets) {
                try {
                  await editRecord(ctx, editor, appId, target, { data: s.data })
                } catch (error) {
                  // Removing every value of a record is refused; nothing else may be.
                  if (!(error instanceof AppError && error.type === 'empty_record')) throw error
                }
              }
            }
          }
          await expectRebuildEqual(ctx, appId)
        },
      ),
      { numRuns: 100 },
    )
  }, 300_000)
})
