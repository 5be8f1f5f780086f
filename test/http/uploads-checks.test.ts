/**
 * The checks a tus upload goes through, in-process (the app's own handle): the quota at
 * creation, the client's upload budget on each PATCH (the bytes before it kept), an empty
 * upload that is complete at once, the owner's own upload, and, with a real clamd, a virus or
 * the scanner away at assembly: the error answered and nothing of the upload left.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { formatBytes } from '../../server/contract/files/model.ts'
import type { Config } from '../../server/config.ts'
import { makeEndpoint, storedRecords, type TestEndpoint } from '../core/collect/fixtures.ts'
import { type Clamd, clamdUnavailable, EICAR, EICAR_SIGNATURE, startClamd } from '../support/clamd.ts'
import { type TestApp, testApp } from '../support/http.ts'

const TUS = { 'tus-resumable': '1.0.0' }
const b64 = (text: string) => Buffer.from(text).toString('base64')

async function setup(config: Partial<Config> = {}) {
  const t = testApp(config)
  const endpoint = await makeEndpoint(t.ctx)
  const added = await t.call(
    'fields.add',
    { params: { id: endpoint.appId }, body: { name: 'cv', type: 'file' } },
    { token: endpoint.ownerToken },
  )
  expect(added.status).toBe(200)
  return { t, endpoint }
}

/** Creates an upload of `length` bytes; resolves with its path. */
async function create(t: TestApp, endpoint: TestEndpoint, length: number, headers: Record<string, string> = {}) {
  const res = await t.request('POST', `${endpoint.path}/uploads`, {
    headers: { ...TUS, 'upload-length': String(length), 'upload-metadata': `filename ${b64('notes.txt')}`, ...headers },
    from: '203.0.113.7',
  })
  expect(res.status).toBe(201)
  const location = new URL(res.headers.get('location')!)
  return { path: location.pathname, id: location.pathname.slice(location.pathname.lastIndexOf('/') + 1) }
}

/** A PATCH of `body` at `offset`, from one client address (whose upload budget it is charged to). */
const patch = (t: TestApp, path: string, offset: number, body: string) =>
  t.request('PATCH', path, {
    headers: { ...TUS, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) },
    raw: body,
    from: '203.0.113.7',
  })

/** Nothing of the upload is left: no row, no bytes. */
async function expectNothingLeft(t: TestApp, endpoint: TestEndpoint, id: string) {
  expect(await t.ctx.storage.files.getUpload(endpoint.appId, id)).toBeNull()
  expect(await t.ctx.storage.files.get(endpoint.appId, id)).toBeNull()
  expect(await t.ctx.storage.files.usage(endpoint.appId)).toEqual({ files: 0, bytes: 0 })
  expect(await t.ctx.blobs.totalBytes()).toBe(0)
}

describe('limits', () => {
  test('an upload that does not fit the quota is refused at creation with 413 quota_exceeded', async () => {
    const { t, endpoint } = await setup({ filesQuotaBytes: 100 })
    const { path } = await create(t, endpoint, 60)
    expect((await patch(t, path, 0, 'x'.repeat(60))).status).toBe(204)
    const res = await t.request('POST', `${endpoint.path}/uploads`, {
      headers: { ...TUS, 'upload-length': '41', 'upload-metadata': `filename ${b64('more.txt')}` },
    })
    expect(res.status).toBe(413)
    expect(res.body).toEqual({
      code: 413,
      error: {
        type: 'quota_exceeded',
        message: `The file "more.txt" does not fit: this form's files may take ${formatBytes(100)} in all (SVC_FILES_QUOTA) and ${formatBytes(60)} are taken; nothing was stored. The owner can delete records with files or raise the quota`,
        details: { limit: 'quota', max: 100, used: 60 },
      },
    })
  })

  test("past the client's upload budget a PATCH is 429; the bytes before are kept", async () => {
    const { t, endpoint } = await setup({ uploadBytesPerHour: 1024 })
    const { path } = await create(t, endpoint, 2000)
    expect((await patch(t, path, 0, 'a'.repeat(1000))).status).toBe(204)
    const res = await patch(t, path, 1000, 'b'.repeat(1000))
    expect(res.status).toBe(429)
    expect((res.body as { error: { type: string } }).error.type).toBe('rate_limited')
    expect((await t.request('HEAD', path, { headers: TUS })).headers.get('upload-offset')).toBe('1000')
  })
})

describe('who and what', () => {
  test('an empty upload is a file at once: HEAD says 0 of 0, a record names it', async () => {
    const { t, endpoint } = await setup()
    const { path, id } = await create(t, endpoint, 0)
    const head = await t.request('HEAD', path, { headers: TUS })
    expect([head.status, head.headers.get('upload-offset'), head.headers.get('upload-length')]).toEqual([200, '0', '0'])
    expect((await t.request('POST', endpoint.path, { body: { cv: { file: id } } })).status).toBe(200)
    const [record] = await storedRecords(t.ctx, endpoint.appId)
    expect((record.data as { cv: { id: string; size: number } }).cv).toMatchObject({ id, size: 0, name: 'notes.txt' })
  })

  test("the owner's access token makes the owner the uploader (no budget); a stranger's upload is the client's", async () => {
    const { t, endpoint } = await setup({ uploadBytesPerHour: 1024 })
    const own = await create(t, endpoint, 2000, { authorization: `Bearer ${endpoint.ownerToken}` })
    const owned = await t.request('PATCH', own.path, {
      headers: {
        ...TUS,
        authorization: `Bearer ${endpoint.ownerToken}`,
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '0',
      },
      raw: 'o'.repeat(2000),
    })
    expect(owned.status).toBe(204)
    expect((await t.ctx.storage.files.get(endpoint.appId, own.id))?.uploadedBy).toBeNull()
    const theirs = await create(t, endpoint, 10)
    expect((await t.ctx.storage.files.getUpload(endpoint.appId, theirs.id))?.uploadedBy).toEqual(expect.any(String))
  })
})

const why = clamdUnavailable()
if (why) console.warn(`⚠ tus uploads scanned by clamd: skipped — ${why}`)

describe.skipIf(why !== null)('scanned at assembly', () => {
  let clamd: Clamd
  beforeAll(async () => {
    clamd = await startClamd()
  }, 30_000)
  afterAll(async () => {
    await clamd?.stop()
  })

  test('a virus is 422 infected on the last PATCH; nothing of the upload is left', async () => {
    const { t, endpoint } = await setup({ clamd: clamd.unix })
    const { path, id } = await create(t, endpoint, EICAR.length)
    expect((await patch(t, path, 0, EICAR.slice(0, 20))).status).toBe(204)
    const res = await patch(t, path, 20, EICAR.slice(20))
    expect(res.status).toBe(422)
    expect(res.body).toEqual({
      code: 422,
      error: {
        type: 'infected',
        message: `The file "notes.txt" holds a virus (${EICAR_SIGNATURE}), so it was not stored and nothing of the submission was kept`,
        details: { signature: EICAR_SIGNATURE },
      },
    })
    await expectNothingLeft(t, endpoint, id)
    expect((await t.request('HEAD', path, { headers: TUS })).status).toBe(404)
  })

  test('the scanner away is 503 scan_unavailable; nothing of the upload is left', async () => {
    const { t, endpoint } = await setup({ clamd: 'tcp://127.0.0.1:9' })
    const { path, id } = await create(t, endpoint, 5)
    const res = await patch(t, path, 0, 'hello')
    expect(res.status).toBe(503)
    expect((res.body as { error: { type: string } }).error.type).toBe('scan_unavailable')
    await expectNothingLeft(t, endpoint, id)
  })
})
