/**
 * Reads in batches bounded by rows and by stored bytes (issue 31, row 4), on every backend:
 * what one storage batch holds, how a page goes on when records are deleted or marked
 * between its batches, and what a client sees when a read fails before or after the answer
 * began.
 */
import { describe, expect, test } from 'bun:test'
import { readPage } from '../../../server/core/records/page.ts'
import { removeRecords } from '../../../server/core/records/delete.ts'
import { markRecords } from '../../../server/core/records/spam.ts'
import { LIMITS } from '../../../server/contract/limits.ts'
import type { BatchQuery, RecordStore } from '../../../server/db/storage/records.ts'
import type { Storage } from '../../../server/db/storage.ts'
import { parseFilter } from '../../../server/core/records/filter.ts'
import { testContext } from '../../support/context.ts'
import { testApp } from '../../support/http.ts'
import type { ErrorEnvelope } from '../../support/call.ts'
import { insertRecords, makeEndpoint, numberedRecords } from '../../support/records.ts'
import { makeUser } from '../../support/users.ts'

const KB = 1024

/** Records n = 1…, each with `sizes[n-1]` KiB of text in `s`. */
async function sized(sizes: number[]) {
  const t = testContext()
  const { user } = await makeUser(t.ctx)
  const { appId } = await makeEndpoint(t.ctx, user.id)
  const ids = await insertRecords(
    t.ctx,
    appId,
    sizes.map((kib, i) => ({ data: { n: i + 1, s: 'x'.repeat(kib * KB) } })),
  )
  return { ...t, appId, ids }
}

describe('a storage batch', () => {
  // Five records of 300 KiB, one of 2.5 MiB, one of 1 KiB; at most 10 rows and 1 MiB of text a batch.
  const SIZES = [300, 300, 300, 300, 300, 2560, 1]
  const numbers = (rows: Array<{ data: string }>) => rows.map((row) => (JSON.parse(row.data) as { n: number }).n)

  /** Every batch of a read from `start`, each going on after the last record of the one before. */
  async function walk(
    records: RecordStore,
    appId: string,
    query: Omit<BatchQuery, 'rows' | 'bytes'>,
  ): Promise<number[][]> {
    const batches: number[][] = []
    let start = query.start
    for (;;) {
      const rows = await records.batch(appId, { ...query, start, rows: 10, bytes: 1024 * KB })
      if (rows.length === 0) return batches
      batches.push(numbers(rows))
      start = { afterId: rows.at(-1)!.id, key: rows.at(-1)!.cursor }
    }
  }

  test('ends with the record whose stored text reaches the bytes, so a bigger record comes alone', async () => {
    const { ctx, appId } = await sized(SIZES)
    expect(await walk(ctx.storage.records, appId, { selection: 'kept', order: 'asc', start: { at: 1 } })).toEqual([
      [1, 2, 3, 4],
      [5, 6],
      [7],
    ])
    expect(await walk(ctx.storage.records, appId, { selection: 'kept', order: 'asc', start: { at: 6 } })).toEqual([
      [6],
      [7],
    ])
    expect(await walk(ctx.storage.records, appId, { selection: 'all', order: 'desc', start: { at: 7 } })).toEqual([
      [7, 6],
      [5, 4, 3, 2],
      [1],
    ])
    expect(await walk(ctx.storage.records, appId, { selection: 'kept', order: 'asc', start: { skip: 3 } })).toEqual([
      [4, 5, 6],
      [7],
    ])
  })

  test('stops at the row limit, and gives each row the key it was read at', async () => {
    const { ctx, appId, ids } = await sized([1, 1, 1, 1])
    const rows = await ctx.storage.records.batch(appId, {
      selection: 'kept',
      order: 'asc',
      start: { at: 2 },
      rows: 2,
      bytes: 1024 * KB,
    })
    expect(rows.map((row) => [row.id, row.cursor])).toEqual([
      [ids[1], 2],
      [ids[2], 3],
    ])
  })

  test('with a filter, walks only the matching records, in batches too', async () => {
    const { ctx, appId } = await sized(SIZES)
    const filter = parseFilter('n >= 3', ['n'])
    expect(
      await walk(ctx.storage.records, appId, { selection: 'kept', order: 'asc', filter, start: { skip: 1 } }),
    ).toEqual([[4, 5, 6], [7]])
    expect(await ctx.storage.records.filteredCount(appId, 'kept', filter)).toBe(5)
  })
})

/** Every record of a page, reading its first batch, then running `between`, then the rest. */
async function pageAround(
  ctx: ReturnType<typeof testContext>['ctx'],
  appId: string,
  size: number,
  between: () => Promise<unknown>,
): Promise<number[]> {
  const page = await readPage(ctx, appId, { page: 1, size, spam: 'exclude', order: 'asc' })
  const first = await page.batches.next()
  await between()
  const rest = (await Array.fromAsync(page.batches)).flat()
  return [...(first.done ? [] : first.value), ...rest].map((row) => (JSON.parse(row.data) as { n: number }).n)
}

describe('a page whose records are renumbered between its batches', () => {
  const COUNT = LIMITS.readBatchRows + 44
  const all = (except: number[]) => Array.from({ length: COUNT }, (_, i) => i + 1).filter((n) => !except.includes(n))

  test('a record deleted before the last one sent neither skips nor repeats the rest', async () => {
    const t = testContext()
    const { user } = await makeUser(t.ctx)
    const { appId } = await makeEndpoint(t.ctx, user.id)
    const ids = await insertRecords(t.ctx, appId, numberedRecords(COUNT))
    // Record 10 was sent in the first batch; the rest move down one position.
    expect(await pageAround(t.ctx, appId, COUNT, () => removeRecords(t.ctx, appId, [ids[9]]))).toEqual(all([]))
  })

  test('a record marked spam or not spam before the last one sent neither skips nor repeats the rest', async () => {
    const t = testContext()
    const { user } = await makeUser(t.ctx)
    const { appId } = await makeEndpoint(t.ctx, user.id)
    const ids = await insertRecords(
      t.ctx,
      appId,
      numberedRecords(COUNT, (n) => n === 5),
    )
    // 5 comes back among the kept records (the rest move up one), 20 leaves them (the rest move down).
    expect(await pageAround(t.ctx, appId, COUNT, () => markRecords(t.ctx, appId, [ids[4]], false))).toEqual(all([5]))
    expect(await pageAround(t.ctx, appId, COUNT, () => markRecords(t.ctx, appId, [ids[19]], true))).toEqual(all([]))
  })

  test('a record deleted after the last one sent is left out, and the page still holds `size` records', async () => {
    const t = testContext()
    const { user } = await makeUser(t.ctx)
    const { appId } = await makeEndpoint(t.ctx, user.id)
    const ids = await insertRecords(t.ctx, appId, numberedRecords(COUNT + 10))
    const page = await pageAround(t.ctx, appId, COUNT, () => removeRecords(t.ctx, appId, [ids[COUNT - 1]]))
    expect(page).toEqual([...all([COUNT]), COUNT + 1])
  })
})

describe('a read that fails', () => {
  /** An app of three records read through HTTP in two batches (by their size), with the storage's `batch` failing on call `failing`. */
  async function failingOn(failing: number) {
    const t = testApp({ rateLimit: null })
    const { user, token } = await makeUser(t.ctx)
    const endpoint = await makeEndpoint(t.ctx, user.id)
    const big = 'x'.repeat(LIMITS.readBatchBytes * 0.6)
    await insertRecords(
      t.ctx,
      endpoint.appId,
      [1, 2, 3].map((n) => ({ data: { n, big } })),
    )
    const records = t.ctx.storage.records
    let calls = 0
    const batch: RecordStore['batch'] = (appId, query) =>
      ++calls === failing ? Promise.reject(new Error('disk gone')) : records.batch(appId, query)
    ;(t.ctx as { storage: Storage }).storage = {
      ...t.ctx.storage,
      records: new Proxy(records, { get: (target, name) => (name === 'batch' ? batch : Reflect.get(target, name)) }),
    }
    return { ...t, endpoint, token }
  }

  test('before the answer began: an ordinary 500', async () => {
    const { request, endpoint, token, logs } = await failingOn(1)
    const res = await request<ErrorEnvelope>('GET', endpoint.path('/query?size=1000'), { token })
    expect(res.status).toBe(500)
    expect(res.body.error.type).toBe('internal')
    // The log names the operation, never the path: an endpoint's path is its token.
    const line = logs.find((l) => l.includes('disk gone'))!
    expect(line).toContain('ERROR unexpected error in reads.query {"requestId":')
    expect(line).not.toContain(endpoint.token)
  })

  test('after the answer began: the body breaks off instead of ending like a short page', async () => {
    const { app, endpoint, token } = await failingOn(2)
    const res = await app.handle(
      new Request(`http://localhost${endpoint.path('/query?size=1000')}`, {
        headers: { authorization: `Bearer ${token}` },
      }),
    )
    expect(res.status).toBe(200)
    await expect(res.text()).rejects.toThrow('disk gone')
  })
})
