/**
 * The blob stores' shared cases (one suite, every store: server/files/disk.ts on a temp
 * folder, server/files/s3.ts on a real s3rver): what a write keeps, reads back whole and by
 * range, sizes, removal, failing sources with and without keepPartial, bounded memory on a
 * big streamed write, and keys that are refused. Each test gets a fresh store (its own folder,
 * or its own key prefix in the bucket), so totals are exact.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { randomUUID } from 'node:crypto'
import { BlobMissing, type BlobStore } from '../../server/core/files/blob-store.ts'
import { diskBlobStore } from '../../server/files/disk.ts'
import { BadBlobKey } from '../../server/files/keys.ts'
import { s3BlobStore } from '../../server/files/s3.ts'
import { collect, deterministicBytes, sha256 } from '../support/blobs.ts'
import { startS3rver } from '../support/s3.ts'
import { tempDir } from '../support/tmp.ts'

const MiB = 1024 * 1024
const s3 = await startS3rver()
if ('failed' in s3) console.warn(`S3 blob store cases skipped: s3rver did not start:\n${s3.failed}`)
afterAll(async () => {
  if (!('failed' in s3)) await s3.stop()
})

const STORES: Array<[string, (() => BlobStore) | null]> = [
  ['disk', () => diskBlobStore(tempDir('blobs-'))],
  ['s3', 'failed' in s3 ? null : () => s3BlobStore(s3.filesUrl(`t-${randomUUID()}`), { timeoutMs: 20_000 })],
]

/** The bytes a failing source gives before it breaks off, and their hash. */
async function beforeFailure(total: number, failAfter: number) {
  const hasher = new Bun.CryptoHasher('sha256')
  let bytes = 0
  try {
    for await (const chunk of deterministicBytes(total, { failAfter })) {
      hasher.update(chunk)
      bytes += chunk.byteLength
    }
  } catch {}
  return { bytes, sha: hasher.digest('hex') }
}

/** What `promise` rejects with (fails the test when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected a rejection')
}

describe.each(STORES)('%s blob store', (_kind, make) => {
  const it = make ? test : test.skip

  it('keeps the bytes of a write and reads them back identical', async () => {
    const store = make!()
    const total = 3 * MiB + 12_345
    expect(await store.write('app1/file1', deterministicBytes(total))).toEqual({ bytes: total, cut: false })
    expect(await store.size('app1/file1')).toBe(total)
    expect(await sha256(await store.read('app1/file1'))).toBe(await sha256(deterministicBytes(total)))
    expect(await store.totalBytes()).toBe(total)
  })

  it('reads ranges, both ends inclusive, and to the end when the range runs past it', async () => {
    const store = make!()
    const total = 200_000
    await store.write('app1/ranged', deterministicBytes(total, { chunk: 4096 }))
    const all = await collect(deterministicBytes(total, { chunk: 4096 }))
    for (const [start, end] of [
      [0, 0],
      [0, 99],
      [4000, 9000],
      [total - 10, total - 1],
      [total - 3, total + 50],
    ]) {
      expect(await collect(await store.read('app1/ranged', { start, end }))).toEqual(all.subarray(start, end + 1))
    }
    expect(await collect(await store.read('app1/ranged', { start: total + 5, end: total + 9 }))).toEqual(
      new Uint8Array(0),
    )
    expect(await rejection(store.read('app1/ranged', { start: 5, end: 4 }))).toBeInstanceOf(RangeError)
  })

  it('stores an empty blob', async () => {
    const store = make!()
    expect(await store.write('app1/empty', deterministicBytes(0))).toEqual({ bytes: 0, cut: false })
    expect(await store.size('app1/empty')).toBe(0)
    expect(await collect(await store.read('app1/empty'))).toEqual(new Uint8Array(0))
  })

  it('answers a missing key with BlobMissing and a null size', async () => {
    const store = make!()
    const error = await rejection(store.read('app1/none'))
    expect(error).toBeInstanceOf(BlobMissing)
    expect((error as BlobMissing).key).toBe('app1/none')
    expect(await rejection(store.read('app1/none', { start: 0, end: 9 }))).toBeInstanceOf(BlobMissing)
    expect(await store.size('app1/none')).toBeNull()
    expect(await store.totalBytes()).toBe(0)
  })

  it('removes blobs, and missing keys are no error', async () => {
    const store = make!()
    await store.write('app1/a', deterministicBytes(1000))
    await store.write('app1/b', deterministicBytes(2000))
    await store.write('uploads/u1/0', deterministicBytes(300))
    await store.remove(['app1/a', 'app1/missing', 'uploads/u1/0', 'uploads/u2/0'])
    await store.remove([])
    expect(await store.size('app1/a')).toBeNull()
    expect(await store.size('uploads/u1/0')).toBeNull()
    expect(await rejection(store.read('app1/a'))).toBeInstanceOf(BlobMissing)
    expect(await store.size('app1/b')).toBe(2000)
    expect(await store.totalBytes()).toBe(2000)
  })

  it('keeps nothing under the key when the source fails, and rethrows its error', async () => {
    const store = make!()
    for (const failAfter of [0, 100_000, 6 * MiB]) {
      const key = `app1/broken-${failAfter}`
      const error = await rejection(store.write(key, deterministicBytes(8 * MiB, { failAfter })))
      expect(error).toEqual(new Error('the source broke off'))
      expect(await store.size(key)).toBeNull()
      expect(await rejection(store.read(key))).toBeInstanceOf(BlobMissing)
    }
    expect(await store.totalBytes()).toBe(0)
  })

  it('keeps the bytes received when keepPartial and the source fails', async () => {
    const store = make!()
    for (const failAfter of [0, 100_000, 6 * MiB]) {
      const key = `uploads/u1/${failAfter}`
      const expected = await beforeFailure(8 * MiB, failAfter)
      const written = await store.write(key, deterministicBytes(8 * MiB, { failAfter }), { keepPartial: true })
      expect(written).toEqual({ bytes: expected.bytes, cut: true })
      expect(await store.size(key)).toBe(expected.bytes)
      expect(await sha256(await store.read(key))).toBe(expected.sha)
    }
    // A source that does not fail is not cut, keepPartial or not.
    expect(await store.write('uploads/u1/whole', deterministicBytes(5000), { keepPartial: true })).toEqual({
      bytes: 5000,
      cut: false,
    })
  })

  it('streams a 64 MiB write with bounded memory', async () => {
    const store = make!()
    const total = 64 * MiB
    Bun.gc(true)
    const before = process.memoryUsage().rss
    let peak = before
    // Measured each time the store asks for a chunk: the memory the write holds while it runs.
    // The source's spent chunks are this test's garbage, not the store's: collected every 4 MiB,
    // so a suite run whose heap is already large measures the same as this file alone.
    let chunks = 0
    const onChunk = () => {
      if (++chunks % 64 === 0) Bun.gc(true)
      peak = Math.max(peak, process.memoryUsage().rss)
    }
    expect(await store.write('app1/big', deterministicBytes(total, { onChunk }))).toEqual({ bytes: total, cut: false })
    expect(peak - before).toBeLessThan(48 * MiB)
    expect(await store.size('app1/big')).toBe(total)
    const tail = await collect(await store.read('app1/big', { start: total - 1000, end: total - 1 }))
    expect(tail).toEqual((await collect(deterministicBytes(total))).subarray(total - 1000))
  })

  it('refuses keys that are not plain relative paths, on every method', async () => {
    const store = make!()
    const bad = [
      '',
      '/abs/path',
      '../up',
      'app1/../../up',
      'app1/./x',
      'a\\b',
      'a\0b',
      'a//b',
      'a/',
      '.part-x',
      'a/.hidden',
    ]
    for (const key of bad) {
      expect(await rejection(store.write(key, deterministicBytes(10)))).toEqual(new BadBlobKey(key))
      expect(await rejection(store.read(key))).toEqual(new BadBlobKey(key))
      expect(await rejection(store.size(key))).toEqual(new BadBlobKey(key))
      expect(await rejection(store.remove(['app1/ok', key]))).toEqual(new BadBlobKey(key))
    }
    expect(await store.totalBytes()).toBe(0)
  })
})
