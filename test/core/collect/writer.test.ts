import { describe, expect, test } from 'bun:test'
import type { AppContext } from '../../../server/core/context.ts'
import type { PreparedRecord } from '../../../server/core/collect/prepare.ts'
import { deleteApp } from '../../../server/core/apps/apps.ts'
import type { AppError } from '../../../server/contract/errors.ts'
import type { CommittedGroup, RecordJob, RecordStore } from '../../../server/db/storage/records.ts'
import { testContext } from '../../support/context.ts'
import { insertRecords } from '../../support/records.ts'
import { fieldProposers, makeEndpoint, storedFields, storedRecords } from './fixtures.ts'

const record = (
  data: Record<string, unknown>,
  spam = false,
  newFields: PreparedRecord['newFields'] = [],
): PreparedRecord => ({ data, meta: {}, spam, spamReasons: spam ? ['honeypot'] : [], newFields })

type Commit = RecordStore['commitGroup']

/**
 * Puts `wrap` around the store's group commit (it receives the real one); returns the calls
 * it saw. `groupsInFlight` overrides what the store allows.
 */
function aroundCommits(
  ctx: AppContext,
  wrap: (commit: Commit, jobs: RecordJob[], maxFields: number) => Promise<CommittedGroup> = (commit, jobs, max) =>
    commit(jobs, max),
  groupsInFlight?: number,
) {
  const storage = ctx.storage
  const records = storage.records
  const commit: Commit = (jobs, max) => records.commitGroup(jobs, max)
  const calls: RecordJob[][] = []
  const patched = new Proxy(records, {
    get(target, key) {
      if (key === 'commitGroup')
        return (jobs: RecordJob[], max: number) => {
          calls.push(jobs)
          return wrap(commit, jobs, max)
        }
      if (key === 'groupsInFlight' && groupsInFlight !== undefined) return groupsInFlight
      return Reflect.get(target, key)
    },
  })
  ctx.storage = new Proxy(storage, { get: (target, key) => (key === 'records' ? patched : Reflect.get(target, key)) })
  return {
    calls,
    restore: () => {
      ctx.storage = storage
    },
  }
}

/** Gives the records of jobs holding `marker` the id of a record already stored: the insert fails in the database and rolls back. */
function failingOn(marker: string, takenId: string) {
  return (commit: Commit, jobs: RecordJob[], max: number) =>
    commit(
      jobs.map((job) =>
        job.records.some((r) => r.data.includes(marker))
          ? { ...job, records: job.records.map((r) => ({ ...r, id: takenId })) }
          : job,
      ),
      max,
    )
}

const DUPLICATE = /UNIQUE constraint failed: records\.id|duplicate key value violates unique constraint/

/** An error's message with those of its causes (a driver error may be wrapped). */
const messages = (error: unknown): string =>
  error instanceof Error ? `${error.message}\n${messages(error.cause)}` : String(error ?? '')

describe('the group-commit writer', () => {
  test('writes of one event-loop turn share one transaction, numbered in call order', async () => {
    const { ctx } = testContext()
    const a = await makeEndpoint(ctx)
    const b = await makeEndpoint(ctx)
    const writer = ctx.writer
    const commits = aroundCommits(ctx)
    const results = await Promise.all([
      writer.write(a.appId, [record({ n: 1 })]),
      writer.write(b.appId, [record({ n: 2 })]),
      writer.write(a.appId, [record({ n: 3 }, true), record({ n: 4 })]),
    ])
    expect(commits.calls).toHaveLength(1)
    expect(results.map((ids) => ids.length)).toEqual([1, 1, 2])
    expect((await storedRecords(ctx, a.appId)).map((r) => [r.id, r.seq, r.pos, r.spam, r.data])).toEqual([
      [results[0][0], 1, 1, false, { n: 1 }],
      [results[2][0], 2, null, true, { n: 3 }],
      [results[2][1], 3, 2, false, { n: 4 }],
    ])
    expect((await storedRecords(ctx, b.appId)).map((r) => [r.seq, r.pos])).toEqual([[1, 1]])
    const stats = (await ctx.storage.stats.load(a.appId))!
    expect([stats.seq, stats.kept, stats.spam, stats.firstAt, stats.lastAt]).toEqual([
      3,
      2,
      1,
      ctx.clock.now(),
      ctx.clock.now(),
    ])
  })

  test.each([1, 2])(
    'with %i group(s) in flight allowed by the store, later writes wait for the next group (a large one starts beside it where two may be); numbering stays dense',
    async (most) => {
      const { ctx } = testContext()
      const a = await makeEndpoint(ctx)
      // A first write fills the scoring cache: later writes are ready at once, their groups start within a turn or two.
      await ctx.writer.write(a.appId, [record({ n: 0 })])
      const held: Array<() => void> = []
      const commits = aroundCommits(
        ctx,
        async (commit, jobs, max) => {
          await new Promise<void>((release) => held.push(release))
          return commit(jobs, max)
        },
        most,
      )
      const turns = async (n: number) => {
        for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve))
      }
      const batch = (n: number) => Array.from({ length: 300 }, (_, i) => record({ n, i }))
      const writes = [ctx.writer.write(a.appId, [record({ n: 1 })])]
      await turns(5)
      // A few records wait for the group in flight whatever the store allows: a group of their own would only split the commit.
      writes.push(ctx.writer.write(a.appId, [record({ n: 2 })]))
      await turns(5)
      expect(commits.calls.map((jobs) => jobs.map((job) => job.records.length))).toEqual([[1]])
      // 301 records start a second group while the first is in flight, where two may be.
      writes.push(ctx.writer.write(a.appId, batch(3)))
      await turns(5)
      expect(commits.calls.map((jobs) => jobs.map((job) => job.records.length))).toEqual(
        most === 2 ? [[1], [1, 300]] : [[1]],
      )
      // Released in order as they come, each commit lets the next group start.
      let settled = false
      const all = Promise.all(writes).finally(() => {
        settled = true
      })
      while (!settled) {
        held.shift()?.()
        await turns(1)
      }
      const ids = await all
      expect(commits.calls.map((jobs) => jobs.map((job) => job.records.length))).toEqual([[1], [1, 300]])
      // Groups in flight together are numbered in the order the database commits them: dense either way.
      const stored = (await storedRecords(ctx, a.appId)).slice(1)
      expect(stored.map((r) => r.seq)).toEqual(Array.from({ length: 302 }, (_, i) => i + 2))
      const byId = new Map(stored.map((r) => [r.id, r.data]))
      expect(ids.flat().map((id) => byId.get(id))).toEqual([{ n: 1 }, { n: 2 }, ...batch(3).map((r) => r.data)])
      if (most === 1) expect(stored.map((r) => r.id)).toEqual(ids.flat())
    },
  )

  test('a submission that fails inside the group fails alone (retried alone); the others commit', async () => {
    const { ctx } = testContext()
    const a = await makeEndpoint(ctx)
    const other = await makeEndpoint(ctx)
    const [taken] = await insertRecords(ctx, other.appId, [{ data: { elsewhere: true } }])
    aroundCommits(ctx, failingOn('boom', taken))
    const writer = ctx.writer
    const settled = await Promise.allSettled([
      writer.write(a.appId, [record({ n: 1 })]),
      writer.write(a.appId, [record({ n: 2 }), record({ boom: true }, false, [{ name: 'boom', type: 'boolean' }])]),
      writer.write(a.appId, [record({ n: 3 })]),
    ])
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect(messages((settled[1] as PromiseRejectedResult).reason)).toMatch(DUPLICATE)
    // The failed batch left nothing behind: no record, no field, no gap in seq.
    expect((await storedRecords(ctx, a.appId)).map((r) => [r.seq, r.data])).toEqual([
      [1, { n: 1 }],
      [2, { n: 3 }],
    ])
    expect(await storedFields(ctx, a.appId)).toEqual([])
    const again = await writer.write(a.appId, [record({ n: 4 })])
    expect((await storedRecords(ctx, a.appId)).map((r) => [r.id, r.seq])).toContainEqual([again[0], 3])
  })

  test('a failed commit fails the whole group and leaves no gap in the numbering', async () => {
    const { ctx } = testContext()
    const a = await makeEndpoint(ctx)
    const writer = ctx.writer
    const [first] = await writer.write(a.appId, [record({ n: 1 })])
    const commits = aroundCommits(ctx, failingOn('"n"', first))
    const settled = await Promise.allSettled([
      writer.write(a.appId, [record({ n: 2 })]),
      writer.write(a.appId, [record({ n: 3 })]),
    ])
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected'])
    commits.restore()
    await writer.write(a.appId, [record({ n: 4 })])
    expect((await storedRecords(ctx, a.appId)).map((r) => [r.seq, r.pos, r.data])).toEqual([
      [1, 1, { n: 1 }],
      [2, 2, { n: 4 }],
    ])
  })

  test('a write for a deleted app is a 404 for that write only', async () => {
    const { ctx } = testContext()
    const a = await makeEndpoint(ctx)
    const b = await makeEndpoint(ctx)
    await deleteApp(ctx, b.ownerId, b.appId)
    const writer = ctx.writer
    const settled = await Promise.allSettled([
      writer.write(b.appId, [record({ n: 1 })]),
      writer.write(a.appId, [record({ n: 2 })]),
    ])
    expect(settled[0].status).toBe('rejected')
    const reason = (settled[0] as PromiseRejectedResult).reason as AppError
    expect([reason.status, reason.type]).toEqual([404, 'not_found'])
    expect(settled[1].status).toBe('fulfilled')
  })

  test('an app deleted while its records are written keeps none of them: every write is stored and deleted, or refused', async () => {
    const { ctx } = testContext()
    const a = await makeEndpoint(ctx)
    const other = await makeEndpoint(ctx)
    const writer = ctx.writer
    await writer.write(a.appId, [record({ n: 0 })])
    const writes = Array.from({ length: 20 }, (_, n) => writer.write(a.appId, [record({ n: n + 1 })]))
    const [deleted, ...settled] = await Promise.allSettled([
      deleteApp(ctx, a.ownerId, a.appId),
      ...writes,
      writer.write(other.appId, [record({ n: 1 })]),
    ])
    expect(deleted.status).toBe('fulfilled')
    for (const result of settled.slice(0, -1)) {
      if (result.status === 'rejected') expect([result.reason.status, result.reason.type]).toEqual([404, 'not_found'])
    }
    expect(await storedRecords(ctx, a.appId)).toEqual([])
    expect((await storedRecords(ctx, other.appId)).map((r) => r.data)).toEqual([{ n: 1 }])
  })

  test('values that need quoting are stored exactly: quotes, backslashes, line breaks, braces, commas, NULL, empty and non-ASCII text', async () => {
    const { ctx } = testContext()
    const a = await makeEndpoint(ctx)
    const awkward = [
      'say "hi"',
      'C:\\temp\\new',
      'two\nlines\tand\r\u0001',
      '{a,b}',
      'NULL',
      'null',
      '',
      ' padded ',
      'é 漢字 🎉',
      '\\"',
      '\u2028',
    ]
    const prepared = awkward.map((text, n) => ({
      ...record({ n, text, nested: { list: [text, null, 1.5] } }),
      meta: { source: text },
    }))
    const ids = await ctx.writer.write(a.appId, prepared)
    const stored = await storedRecords(ctx, a.appId)
    expect(stored.map((r) => r.id)).toEqual(ids)
    expect(stored.map((r) => r.data)).toEqual(
      awkward.map((text, n) => ({ n, text, nested: { list: [text, null, 1.5] } })),
    )
    expect(stored.map((r) => r.meta)).toEqual(awkward.map((text) => ({ source: text })))
  })

  test('one group over several apps: one creating a field, one plain, one deleted; each gets its own answer', async () => {
    const { ctx } = testContext()
    const [a, b, c] = [await makeEndpoint(ctx), await makeEndpoint(ctx), await makeEndpoint(ctx)]
    await ctx.writer.write(b.appId, [record({ n: 0 })])
    await deleteApp(ctx, c.ownerId, c.appId)
    const commits = aroundCommits(ctx)
    const settled = await Promise.allSettled([
      ctx.writer.write(c.appId, [record({ n: 1 })]),
      ctx.writer.write(b.appId, [record({ n: 2 }), record({ n: 3 }, true)]),
      ctx.writer.write(a.appId, [record({ x: 4 }, false, [{ name: 'x', type: 'number' }])]),
      ctx.writer.write(b.appId, [record({ n: 5 })]),
    ])
    expect(commits.calls).toHaveLength(1)
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'fulfilled', 'fulfilled', 'fulfilled'])
    expect((settled[0] as PromiseRejectedResult).reason).toMatchObject({ status: 404, type: 'not_found' })
    expect((await storedRecords(ctx, b.appId)).map((r) => [r.seq, r.pos, r.data])).toEqual([
      [1, 1, { n: 0 }],
      [2, 2, { n: 2 }],
      [3, null, { n: 3 }],
      [4, 3, { n: 5 }],
    ])
    expect((await storedRecords(ctx, a.appId)).map((r) => [r.seq, r.pos, r.data])).toEqual([[1, 1, { x: 4 }]])
    expect(await storedFields(ctx, a.appId)).toEqual([
      { name: 'x', type: 'number', autoCreated: true, proposed: false, position: 0 },
    ])
    const stats = (await ctx.storage.stats.load(b.appId))!
    expect([stats.seq, stats.kept, stats.spam]).toEqual([4, 3, 1])
  })

  test('fields are created in the transaction, in first-seen order, counted against the limit there', async () => {
    const { ctx } = testContext()
    const a = await makeEndpoint(ctx, { fields: Array.from({ length: 48 }, (_, i) => ({ name: `f${i}` })) })
    const writer = ctx.writer
    const settled = await Promise.allSettled([
      writer.write(a.appId, [record({ x: 1 }, false, [{ name: 'x', type: 'number' }])]),
      writer.write(a.appId, [
        record({ y: 'a', x: 2 }, false, [
          { name: 'y', type: 'text' },
          { name: 'x', type: 'number' },
        ]),
      ]),
      writer.write(a.appId, [record({ z: true }, false, [{ name: 'z', type: 'boolean' }])]),
    ])
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected'])
    expect((settled[2] as PromiseRejectedResult).reason).toMatchObject({
      status: 422,
      type: 'field_limit',
      details: { fields: ['z'], limit: 50, existing: 50 },
    })
    expect((await storedFields(ctx, a.appId)).slice(48)).toEqual([
      { name: 'x', type: 'number', autoCreated: true, proposed: false, position: 48 },
      { name: 'y', type: 'text', autoCreated: true, proposed: false, position: 49 },
    ])
  })

  test("a stranger's fields are proposed in the transaction, its hourly budget counted across the group's jobs", async () => {
    const { ctx, clock } = testContext()
    const a = await makeEndpoint(ctx, { fields: Array.from({ length: 40 }, (_, i) => ({ name: `f${i}` })) })
    const keys = (prefix: string) =>
      ['1', '2', '3', '4'].map((n) => ({ name: `${prefix}${n}`, type: 'number' as const }))
    const from = (proposer: string, prefix: string) => ({
      ...record(Object.fromEntries(keys(prefix).map((k) => [k.name, 1])), false, keys(prefix)),
      proposer,
    })
    const settled = await Promise.allSettled([
      ctx.writer.write(a.appId, [from('192.0.2.1', 'a')]),
      ctx.writer.write(a.appId, [from('192.0.2.1', 'b')]),
      ctx.writer.write(a.appId, [from('192.0.2.1', 'c')]),
      ctx.writer.write(a.appId, [from('192.0.2.2', 'd')]),
    ])
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled'])
    const made = await fieldProposers(ctx, a.appId)
    expect(made.slice(40) as unknown[]).toEqual([
      ...['a1', 'a2', 'a3', 'a4', 'b1', 'b2', 'b3', 'b4', 'c1', 'c2'].map((n) => [n, '192.0.2.1']),
      ...['d1', 'd2', 'd3', 'd4'].map((n) => [n, '192.0.2.2']),
    ])
    // Past the client's budget the keys are unlisted: stored in the record, no field.
    expect((await ctx.storage.unlisted.list(a.appId)).map((key) => key.name)).toEqual(['c3', 'c4'])
    expect((await storedRecords(ctx, a.appId)).length).toBe(4)
    // An hour later the client's budget is whole again (the proposals still count for the app's cap).
    clock.advance(60 * 60 * 1000)
    await ctx.writer.write(a.appId, [from('192.0.2.1', 'c')])
    expect((await storedFields(ctx, a.appId)).filter((f) => f.proposed).length).toBe(16)
  })

  test('queued writes are flushed at shutdown', async () => {
    const { ctx } = testContext()
    const a = await makeEndpoint(ctx)
    const pending = ctx.writer.write(a.appId, [record({ n: 1 })])
    await ctx.shutdown()
    expect((await storedRecords(ctx, a.appId)).map((r) => r.data)).toEqual([{ n: 1 }])
    expect((await pending).length).toBe(1)
  })
})
