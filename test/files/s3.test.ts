/**
 * What only the S3 blob store promises, beyond the shared cases of blob-store.test.ts:
 * SVC_FILES_URL's form and its errors, credentials from the environment, a paged totalBytes,
 * requests s3rver refuses for an unknown key id, and a deadline on every call when the
 * service stops answering.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { randomUUID } from 'node:crypto'
import { BlobStoreTimeout, s3BlobStore } from '../../server/files/s3.ts'
import { describeLocation, FilesUrlError, parseFilesUrl } from '../../server/files/s3-url.ts'
import { deterministicBytes } from '../support/blobs.ts'
import { startS3rver } from '../support/s3.ts'

const s3 = await startS3rver()
if ('failed' in s3) console.warn(`S3 blob store cases skipped: s3rver did not start:\n${s3.failed}`)
const withS3 = 'failed' in s3 ? test.skip : test
afterAll(async () => {
  if (!('failed' in s3)) await s3.stop()
})
const server = s3 as Exclude<typeof s3, { failed: string }>

describe('parseFilesUrl', () => {
  test('reads the bucket, prefix, endpoint, region and percent-encoded credentials', () => {
    expect(
      parseFilesUrl('s3://AKIA1:wJal%2Fr%2BK@svc-files/shared/svc/?endpoint=http://127.0.0.1:9000&region=eu-west-1'),
    ).toEqual({
      bucket: 'svc-files',
      prefix: 'shared/svc',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
      accessKeyId: 'AKIA1',
      secretAccessKey: 'wJal/r+K',
      sessionToken: null,
    })
    expect(parseFilesUrl('s3://k:s@my.bucket')).toEqual({
      bucket: 'my.bucket',
      prefix: '',
      endpoint: null,
      region: 'us-east-1',
      accessKeyId: 'k',
      secretAccessKey: 's',
      sessionToken: null,
    })
  })

  test('takes credentials from S3_* before AWS_* when the URL has none', () => {
    const env = {
      S3_ACCESS_KEY_ID: 's3key',
      S3_SECRET_ACCESS_KEY: 's3secret',
      S3_SESSION_TOKEN: 'token',
      AWS_ACCESS_KEY_ID: 'awskey',
      AWS_SECRET_ACCESS_KEY: 'awssecret',
    }
    expect(parseFilesUrl('s3://bucket1', env)).toMatchObject({
      accessKeyId: 's3key',
      secretAccessKey: 's3secret',
      sessionToken: 'token',
    })
    expect(
      parseFilesUrl('s3://bucket1', { AWS_ACCESS_KEY_ID: 'awskey', AWS_SECRET_ACCESS_KEY: 'awssecret' }),
    ).toMatchObject({ accessKeyId: 'awskey', secretAccessKey: 'awssecret', sessionToken: null })
    expect(parseFilesUrl('s3://k:s@bucket1', env)).toMatchObject({ accessKeyId: 'k', secretAccessKey: 's' })
  })

  const FORM = '(form: s3://<access key id>:<secret>@<bucket>[/<prefix>]?endpoint=<url>&region=<region>)'
  test.each([
    ['https://k:s@bucket1', 'must start with s3://'],
    ['s3://k:s@Bad_Bucket', 'must name a bucket as its host (3-63 of a-z 0-9 . -), got "Bad_Bucket"'],
    ['s3://k:s@b', 'must name a bucket as its host (3-63 of a-z 0-9 . -), got "b"'],
    ['s3://k:s@bucket1:9000', 'takes the service address as ?endpoint=, not as a port on the bucket'],
    ['s3://k:s@bucket1?endpoint=ftp://x', 'endpoint must be an http(s) URL with no path, got "ftp://x"'],
    ['s3://k:s@bucket1?endpoint=http://x/path', 'endpoint must be an http(s) URL with no path, got "http://x/path"'],
    ['s3://k:s@bucket1?region=Not%20One', 'region must be a region name such as us-east-1, got "Not One"'],
    ['s3://k:s@bucket1?regoin=eu-west-1', 'has an unknown parameter "regoin" (known: endpoint, region)'],
    ['s3://k:s@bucket1/a//b', 'has a key prefix that is not plain segments: "a//b"'],
    [
      's3://bucket1',
      'has no credentials: put them in the URL, or set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)',
    ],
  ])('refuses %s', (url, why) => {
    expect(() => parseFilesUrl(url)).toThrow(new FilesUrlError(`SVC_FILES_URL ${why} ${FORM}`))
  })

  test('refuses half a key pair, and never repeats the secret', () => {
    expect(() => parseFilesUrl('s3://key-only@bucket1')).toThrow(
      new FilesUrlError('SVC_FILES_URL must give both the access key id and the secret (key:secret@bucket)'),
    )
    expect(() => parseFilesUrl('s3://k:TOPSECRET@bucket1?nope=1')).toThrow(/^(?!.*TOPSECRET)/)
  })

  test('describeLocation names where, never the credentials', () => {
    expect(describeLocation(parseFilesUrl('s3://k:secret@bucket1/svc?endpoint=http://127.0.0.1:9000'))).toBe(
      's3://bucket1/svc at http://127.0.0.1:9000',
    )
    expect(describeLocation(parseFilesUrl('s3://k:secret@bucket1?region=eu-west-1'))).toBe(
      's3://bucket1 at AWS S3 eu-west-1',
    )
  })
})

describe('s3 blob store', () => {
  withS3('totalBytes follows the listing page by page, and gives up past maxListPages', async () => {
    const url = server.filesUrl(`pages-${randomUUID()}`)
    const store = s3BlobStore(url, { listPageSize: 2 })
    for (let i = 0; i < 5; i++) await store.write(`app1/f${i}`, deterministicBytes(100 * (i + 1)))
    expect(await store.totalBytes()).toBe(1500)
    expect(await s3BlobStore(url, { listPageSize: 2, maxListPages: 2 }).totalBytes()).toBeNull()
  })

  withS3('signs with the key id it is given: s3rver refuses an unknown one', async () => {
    const url = server.filesUrl('').replace('S3RVER:S3RVER', 'NOBODY:S3RVER')
    // A GET, since a HEAD's refusal has no body to name the reason.
    await expect(s3BlobStore(url).read('app1/f1')).rejects.toMatchObject({
      code: 'InvalidAccessKeyId',
      message: 'The AWS Access Key Id you provided does not exist in our records.',
    })
  })

  test('every call fails with BlobStoreTimeout when the service never answers', async () => {
    // Accepts connections and reads requests, and never answers one.
    const silent = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
    try {
      const url = `s3://k:s@bucket1?endpoint=http://127.0.0.1:${silent.port}`
      const store = s3BlobStore(url, { timeoutMs: 300, retry: 0 })
      const timedOut = (what: string) => new BlobStoreTimeout(what, 300)
      await expect(store.size('app1/f1')).rejects.toThrow(timedOut('HEAD app1/f1'))
      await expect(store.read('app1/f1')).rejects.toThrow(timedOut('GET app1/f1'))
      await expect(store.remove(['app1/f1'])).rejects.toThrow(timedOut('DELETE app1/f1'))
      await expect(store.totalBytes()).rejects.toThrow(timedOut('LIST'))
      await expect(store.write('app1/f1', deterministicBytes(1000))).rejects.toThrow(timedOut('upload of app1/f1'))
    } finally {
      silent.stop(true)
    }
  })
})
