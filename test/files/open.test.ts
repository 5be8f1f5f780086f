/**
 * openBlobStore picks the store the configuration names: the disk under `<data dir>/files`
 * without a files URL, the bucket (under its prefix) with an s3:// one.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { randomUUID } from 'node:crypto'
import { statSync } from 'node:fs'
import { join } from 'node:path'
import { openBlobStore } from '../../server/files/open.ts'
import { s3BlobStore } from '../../server/files/s3.ts'
import { collect, deterministicBytes } from '../support/blobs.ts'
import { startS3rver } from '../support/s3.ts'
import { tempDir } from '../support/tmp.ts'

const s3 = await startS3rver()
if ('failed' in s3) console.warn(`S3 blob store cases skipped: s3rver did not start:\n${s3.failed}`)
afterAll(async () => {
  if (!('failed' in s3)) await s3.stop()
})

describe('openBlobStore', () => {
  test('keeps blobs under <data dir>/files without a files URL', async () => {
    const dataDir = tempDir('data-')
    const store = openBlobStore({ dataDir, filesUrl: null })
    expect(store.kind).toBe('disk')
    await store.write('app1/f1', deterministicBytes(42))
    expect(statSync(join(dataDir, 'files', 'app1', 'f1')).size).toBe(42)
  })

  ;('failed' in s3 ? test.skip : test)('opens the bucket for an s3:// files URL, keys under its prefix', async () => {
    const server = s3 as Exclude<typeof s3, { failed: string }>
    const prefix = `open-${randomUUID()}`
    const store = openBlobStore({ dataDir: tempDir('data-'), filesUrl: server.filesUrl(prefix) })
    expect(store.kind).toBe('s3')
    await store.write('app1/f1', deterministicBytes(42))
    const whole = s3BlobStore(server.filesUrl())
    expect(await whole.size(`${prefix}/app1/f1`)).toBe(42)
    expect(await collect(await whole.read(`${prefix}/app1/f1`))).toEqual(await collect(deterministicBytes(42)))
  })
})
