import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { writerOf } from '../../../server/core/collect/writer.ts'
import type { PreparedRecord } from '../../../server/core/collect/prepare.ts'
import { AppError } from '../../../server/core/errors.ts'
import { apps, appStats } from '../../../server/db/sqlite/schema.ts'
import { testContext } from '../../support/context.ts'
import { makeEndpoint, storedFields, storedRecords } from './fixtures.ts'

const record = (data: Record<string, unknown>, spam = false, newFields: PreparedRecord['newFields'] = []): PreparedRecord => ({ data, meta: {}, spam, newFields })

/** Counts the write transactions the store begins (call before its first write). */
function countTransactions(sqlite: { prepare: (text: string) => any }) {
  const prepare = sqlite.prepare.bind(sqlite)
  const counter = { count: 0 }
  sqlite.prepare = (text: string) => {
    const statement = prepare(text)
    if (/^BEGIN/i.test(text)) {
      const run = statement.run.bind(statement)
      statement.run = (...args: unknown[]) => {
        counter.count++
        return run(...args)
      }
    }
    return statement
  }
  return counter
}

describe('the group-commit writer', () => {
  test('writes of one event-loop turn share one transaction, numbered in call order', async () => {
    const { ctx } = testContext()
    const a = await makeEndpoint(ctx)
    const b = await makeEndpoint(ctx)
    const writer = writerOf(ctx)
    const transactions = countTransactions(ctx.store.sqlite as never)
    const results = await Promise.all([
      writer.write(a.appId, [record({ n: 1 })]),
      writer.write(b.appId, [record({ n: 2 })]),
      writer.write(a.appId, [record({ n: 3 }, true), record({ n: 4 })]),
    ])
    expect(transactions.count).toBe(1)
    expect(results.map((ids) => ids.length)).toEqual([1, 1, 2])
    expect(storedRecords(ctx, a.appId).map((r) => [r.id, r.seq, r.pos, r.spam, r.data])).toEqual([
      [results[0][0], 1, 1, false, { n: 1 }],
      [results[2][0], 2, null, true, { n: 3 }],
      [results[2][1], 3, 2, false, { n: 4 }],
    ])
    expect(storedRecords(ctx, b.appId).map((r) => [r.seq, r.pos])).toEqual([[1, 1]])
    const stats = ctx.store.db.select().from(appStats).where(eq(appStats.appId, a.appId)).get()!
    expect([stats.seq, stats.kept, stats.spam, stats.firstAt, stats.lastAt]).toEqual([3, 2, 1, ctx.clock.now(), ctx.clock.now()])
  })

  test('a submission that fails inside the group fails alone (savepoint); the others commit', async () => {
    const { ctx } = testContext()
    const a = await makeEndpoint(ctx)
    ctx.store.sqlite.run(`CREATE TRIGGER refuse_boom BEFORE INSERT ON records WHEN NEW.data LIKE '%boom%' BEGIN SELECT RAISE(ABORT, 'refused by test trigger'); END`)
    const writer = writerOf(ctx)
    const settled = await Promise.allSettled([
      writer.write(a.appId, [record({ n: 1 })]),
      writer.write(a.appId, [record({ n: 2 }), record({ boom: true }, false, [{ name: 'boom', type: 'boolean' }])]),
      writer.write(a.appId, [record({ n: 3 })]),
    ])
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect(String((settled[1] as PromiseRejectedResult).reason)).toContain('refused by test trigger')
    // The failed batch left nothing behind: no record, no field, no gap in seq.
    expect(storedRecords(ctx, a.appId).map((r) => [r.seq, r.data])).toEqual([[1, { n: 1 }], [2, { n: 3 }]])
    expect(storedFields(ctx, a.appId)).toEqual([])
    const again = await writer.write(a.appId, [record({ n: 4 })])
    expect(storedRecords(ctx, a.appId).map((r) => [r.id, r.seq])).toContainEqual([again[0], 3])
  })

  test('a failed commit fails the whole group and the counters are reloaded afterwards', async () => {
    const { ctx } = testContext()
    const a = await makeEndpoint(ctx)
    const writer = writerOf(ctx)
    await writer.write(a.appId, [record({ n: 1 })])
    ctx.store.sqlite.run(`CREATE TRIGGER refuse_stats BEFORE UPDATE ON app_stats BEGIN SELECT RAISE(ABORT, 'stats refused'); END`)
    const settled = await Promise.allSettled([writer.write(a.appId, [record({ n: 2 })]), writer.write(a.appId, [record({ n: 3 })])])
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected'])
    ctx.store.sqlite.run('DROP TRIGGER refuse_stats')
    await writer.write(a.appId, [record({ n: 4 })])
    expect(storedRecords(ctx, a.appId).map((r) => [r.seq, r.pos, r.data])).toEqual([[1, 1, { n: 1 }], [2, 2, { n: 4 }]])
  })

  test('a write for a deleted app is a 404 for that write only', async () => {
    const { ctx } = testContext()
    const a = await makeEndpoint(ctx)
    const b = await makeEndpoint(ctx)
    ctx.store.db.delete(apps).where(eq(apps.id, b.appId)).run()
    ctx.changes.notify(b.appId, 'deleted')
    const writer = writerOf(ctx)
    const settled = await Promise.allSettled([writer.write(b.appId, [record({ n: 1 })]), writer.write(a.appId, [record({ n: 2 })])])
    expect(settled[0].status).toBe('rejected')
    const reason = (settled[0] as PromiseRejectedResult).reason as AppError
    expect([reason.status, reason.type]).toEqual([404, 'not_found'])
    expect(settled[1].status).toBe('fulfilled')
  })

  test('fields are created in the transaction, in first-seen order, counted against the limit there', async () => {
    const { ctx } = testContext()
    const a = await makeEndpoint(ctx, { fields: Array.from({ length: 48 }, (_, i) => ({ name: `f${i}` })) })
    const writer = writerOf(ctx)
    const settled = await Promise.allSettled([
      writer.write(a.appId, [record({ x: 1 }, false, [{ name: 'x', type: 'number' }])]),
      writer.write(a.appId, [record({ y: 'a', x: 2 }, false, [{ name: 'y', type: 'text' }, { name: 'x', type: 'number' }])]),
      writer.write(a.appId, [record({ z: true }, false, [{ name: 'z', type: 'boolean' }])]),
    ])
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected'])
    expect((settled[2] as PromiseRejectedResult).reason).toMatchObject({ status: 422, type: 'field_limit', details: { fields: ['z'], limit: 50, existing: 50 } })
    expect(storedFields(ctx, a.appId).slice(48)).toEqual([
      { name: 'x', type: 'number', autoCreated: true, position: 48 },
      { name: 'y', type: 'text', autoCreated: true, position: 49 },
    ])
  })

  test('queued writes are flushed at shutdown', async () => {
    const { ctx } = testContext()
    const a = await makeEndpoint(ctx)
    const pending = writerOf(ctx).write(a.appId, [record({ n: 1 })])
    await ctx.shutdown()
    expect(storedRecords(ctx, a.appId).map((r) => r.data)).toEqual([{ n: 1 }])
    expect((await pending).length).toBe(1)
  })
})
