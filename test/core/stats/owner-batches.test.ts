/**
 * Issue 31: an owner's change to records anyone may have posted (marking spam or not spam,
 * deleting, rescoring and the recount after it) reads those records in batches bounded by
 * rows and bytes, on every backend. An instrumented storage hands the store a small budget
 * in place of core's and records every batch it answers with: none holds more rows than the
 * budget, or more text than its bytes plus one record; every changed row is read once; and
 * the summary after each change equals a full recount's.
 */
import { describe, expect, test } from 'bun:test'
import { LIMITS } from '../../../server/contract/limits.ts'
import { removeRecords } from '../../../server/core/records/delete.ts'
import { markRecords } from '../../../server/core/records/spam.ts'
import { rescore } from '../../../server/core/scoring/rescore.ts'
import { loadStats, rebuildStats } from '../../../server/core/stats/state.ts'
import { getSummary } from '../../../server/core/stats/summary.ts'
import type { Storage } from '../../../server/db/storage.ts'
import type { DeleteAdjuster, ReadBudget, RecordStore } from '../../../server/db/storage/records.ts'
import type { StatsStore } from '../../../server/db/storage/stats.ts'
import { testContext, testContextOver } from '../../support/context.ts'
import { insertRecords, makeEndpoint } from '../../support/records.ts'
import { makeUser } from '../../support/users.ts'

const KB = 1024
const SMALL: ReadBudget = { rows: 4, bytes: 64 * KB }
const CORE: ReadBudget = { rows: LIMITS.readBatchRows, bytes: LIMITS.readBatchBytes }

/** One batch a store answered with: what read it, its rows' keys and each row's stored text in characters. */
interface Read {
  what: string
  keys: Array<string | number>
  sizes: number[]
}

const sizeOf = (row: { data: string; meta?: string; scores?: string | null }) =>
  row.data.length + (row.meta?.length ?? 0) + (row.scores?.length ?? 0)

/**
 * `storage` with the owner's changes given SMALL instead of core's budget (which must be
 * CORE, or 500 rows for a rescore step) and every batch they read written into `reads`.
 */
function instrumented(storage: Storage, reads: Read[]): Storage {
  const note = (
    what: string,
    rows: Array<{ id?: string; key?: number; data: string; meta?: string; scores?: string | null }>,
  ) => reads.push({ what, keys: rows.map((row) => row.id ?? row.key!), sizes: rows.map(sizeOf) })
  const probe = (what: string, adjust: DeleteAdjuster): DeleteAdjuster => {
    expect(adjust.budget).toEqual(CORE)
    return {
      budget: SMALL,
      start: (counters, document) => adjust.start(counters, document),
      add: (rows) => {
        note(`${what} add`, rows)
        return adjust.add(rows)
      },
      subtract: (rows) => {
        note(`${what} subtract`, rows)
        return adjust.subtract(rows)
      },
      refills: () => adjust.refills(),
      finish: (values) => adjust.finish(values),
    }
  }
  const records = new Proxy(storage.records, {
    get(target, key: keyof RecordStore) {
      if (key === 'setSpam')
        return ((appId, ids, spam, adjust) =>
          target.setSpam(appId, ids, spam, probe('spam', adjust))) satisfies RecordStore['setSpam']
      if (key === 'delete')
        return ((appId, ids, adjust) =>
          target.delete(appId, ids, probe('delete', adjust))) satisfies RecordStore['delete']
      if (key === 'scoreSources') {
        return (async (appId, afterKey, budget) => {
          expect(budget).toEqual({ rows: 500, bytes: LIMITS.readBatchBytes })
          const rows = await target.scoreSources(appId, afterKey, SMALL)
          note('rescore', rows)
          return rows
        }) satisfies RecordStore['scoreSources']
      }
      return Reflect.get(target, key)
    },
  })
  const stats = new Proxy(storage.stats, {
    get(target, key: keyof StatsStore) {
      if (key !== 'rebuild') return Reflect.get(target, key)
      return ((appId, rebuilder) => {
        expect(rebuilder.budget).toEqual(CORE)
        return target.rebuild(appId, {
          budget: SMALL,
          add: (rows) => {
            note('recount', rows)
            return rebuilder.add(rows)
          },
          finish: () => rebuilder.finish(),
        })
      }) satisfies StatsStore['rebuild']
    },
  })
  return new Proxy(storage, {
    get: (target, key) => (key === 'records' ? records : key === 'stats' ? stats : Reflect.get(target, key)),
  })
}

/** Reads that break the budget: more rows, or past its bytes before their last row. */
const overBudget = (reads: Read[]) =>
  reads.filter(
    (read) =>
      read.keys.length > SMALL.rows ||
      read.sizes.slice(0, -1).reduce((a, b) => a + b, 0) >= SMALL.bytes ||
      read.keys.length === 0,
  )

describe("an owner's change reads records in batches within the budget", () => {
  test("spam marks, a rescore with its recount, and deletes: every batch within rows and bytes, each changed row read once, the summary a recount's", async () => {
    const reads: Read[] = []
    const { ctx } = testContextOver(instrumented(testContext().ctx.storage, reads))
    const { user } = await makeUser(ctx)
    const { appId } = await makeEndpoint(ctx, user.id, {
      fields: [
        { name: 'n', type: 'number' },
        { name: 's', type: 'text' },
      ],
    })
    // A copy of no records: the first change catches up on every record after it, in batches too.
    await loadStats(ctx, appId)
    const KIB = [1, 20, 50, 70, 5, 33]
    const ids = await insertRecords(
      ctx,
      appId,
      Array.from({ length: 24 }, (_, i) => ({
        data: { n: i, s: 'x'.repeat(KIB[i % KIB.length] * KB) },
        spam: i % 5 === 0,
      })),
    )
    const summaryMatchingRebuild = async () => {
      const summary = await getSummary(ctx, appId, 'include')
      await rebuildStats(ctx, appId)
      expect(await getSummary(ctx, appId, 'include')).toEqual(summary)
    }
    const readOf = (what: string) => reads.filter((read) => read.what === what).flatMap((read) => read.keys)

    // 0, 5, 10 were spam already: nine change.
    const marked = [0, 1, 2, 3, 5, 7, 8, 10, 13, 17, 21, 23].map((i) => ids[i])
    expect(await markRecords(ctx, appId, marked, true)).toBe(9)
    expect(readOf('spam add')).toEqual(ids)
    expect(readOf('spam subtract')).toEqual([1, 2, 3, 7, 8, 13, 17, 21, 23].map((i) => ids[i]))
    await summaryMatchingRebuild()
    expect(readOf('recount')).toEqual(ids)

    reads.length = 0
    expect(await markRecords(ctx, appId, [ids[2], ids[5], ids[6]], false)).toBe(2)
    expect(readOf('spam subtract')).toEqual([ids[2], ids[5]])
    await summaryMatchingRebuild()

    reads.length = 0
    expect(await rescore(ctx, user.id, appId)).toEqual({ rescored: 24 })
    expect(readOf('rescore')).toHaveLength(24)
    expect(readOf('recount')).toEqual(ids)

    reads.length = 0
    const doomed = [4, 0, 9, 8, 12, 13, 14, 19, 20, 22, 23].map((i) => ids[i])
    expect(await removeRecords(ctx, appId, doomed)).toBe(11)
    expect(readOf('delete subtract')).toEqual([0, 4, 8, 9, 12, 13, 14, 19, 20, 22, 23].map((i) => ids[i]))
    await summaryMatchingRebuild()
    expect(readOf('recount')).toHaveLength(13)

    // Batches were cut by bytes as well as rows, and none broke the budget.
    expect(reads.some((read) => read.keys.length < SMALL.rows)).toBe(true)
    expect(overBudget(reads)).toEqual([])
  })
})
