/**
 * Files through the HTTP face: multipart posts to /form, files.upload then a JSON record
 * naming the file, the owner's download (whole and by range), and the refusals: a wrong kind
 * by content, an oversized file, a full quota, a stranger reading the bytes, a file the form
 * has no field for. What is stored afterwards is read back through the storage and the blob store.
 */
import { describe, expect, test } from 'bun:test'
import { createHash } from 'node:crypto'
import { makeEndpoint, storedRecords } from '../core/collect/fixtures.ts'
import { testApp } from '../support/http.ts'
import { readEvents } from '../support/sse.ts'

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n')
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0,
  0, 0, 0x1f, 0x15, 0xc4, 0x89,
])
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

async function setup(field: Record<string, unknown> = {}, config = {}) {
  const t = testApp(config)
  const endpoint = await makeEndpoint(t.ctx)
  const added = await t.call(
    'fields.add',
    { params: { id: endpoint.appId }, body: { name: 'cv', type: 'file', ...field } },
    { token: endpoint.ownerToken },
  )
  expect(added.status).toBe(200)
  return { t, endpoint }
}

function form(parts: Array<[string, string | Blob, string?]>): FormData {
  const data = new FormData()
  for (const [name, value, filename] of parts) {
    if (typeof value === 'string') data.append(name, value)
    else data.append(name, value, filename)
  }
  return data
}

describe('a multipart post with a file', () => {
  test('stores the file and the text as one record; the owner downloads the same bytes', async () => {
    const { t, endpoint } = await setup()
    const res = await t.request('POST', `${endpoint.path}/form`, {
      raw: form([
        ['name', 'Ada'],
        ['cv', new Blob([PDF], { type: 'image/png' }), 'cv.pdf'],
      ]),
    })
    expect(res.status).toBe(200)
    const [record] = await storedRecords(t.ctx, endpoint.appId)
    const file = (record.data as { cv: { id: string } }).cv
    expect(record.data).toEqual({
      name: 'Ada',
      cv: { id: file.id, name: 'cv.pdf', size: PDF.length, type: 'application/pdf', sha256: sha(PDF) },
    })
    const download = await t.app.handle(
      new Request(`http://localhost:8787/api/v3/apps/${endpoint.appId}/files/${file.id}`, {
        headers: { authorization: `Bearer ${endpoint.ownerToken}` },
      }),
    )
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toBe('application/pdf')
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="cv.pdf"; filename*=UTF-8''cv.pdf`)
    expect(download.headers.get('x-content-type-options')).toBe('nosniff')
    expect(sha(new Uint8Array(await download.arrayBuffer()))).toBe(sha(PDF))
    const part = await t.app.handle(
      new Request(`http://localhost:8787/api/v3/apps/${endpoint.appId}/files/${file.id}`, {
        headers: { authorization: `Bearer ${endpoint.ownerToken}`, range: 'bytes=0-3' },
      }),
    )
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 0-3/${PDF.length}`)
    expect(await part.text()).toBe('%PDF')
  })

  test('a file of a kind the field does not accept is refused by its bytes, and nothing is kept', async () => {
    const { t, endpoint } = await setup({ accept: ['application/pdf'] })
    const res = await t.request('POST', `${endpoint.path}/form`, {
      raw: form([
        ['name', 'Ada'],
        ['cv', new Blob([PNG], { type: 'application/pdf' }), 'cv.pdf'],
      ]),
    })
    expect(res.status).toBe(422)
    expect(res.body).toEqual({
      code: 422,
      error: {
        type: 'invalid_value',
        message: 'cv: "cv.pdf" is image/png, not one of the kinds this field accepts (application/pdf)',
        details: {
          problems: [
            { path: 'cv', message: '"cv.pdf" is image/png, not one of the kinds this field accepts (application/pdf)' },
          ],
        },
      },
    })
    expect(await storedRecords(t.ctx, endpoint.appId)).toEqual([])
    expect(await t.ctx.storage.files.usage(endpoint.appId)).toEqual({ files: 0, bytes: 0 })
    expect(await t.ctx.blobs.totalBytes()).toBe(0)
  })
})

describe('files.upload', () => {
  test('a raw upload is a pending file a JSON record then names', async () => {
    const { t, endpoint } = await setup()
    const up = await t.request('POST', `${endpoint.path}/files?name=cv.pdf`, {
      raw: PDF,
      headers: { 'content-type': 'application/octet-stream' },
    })
    expect(up.status).toBe(200)
    const file = (up.body as { data: { id: string } }).data
    expect(up.body).toEqual({
      code: 200,
      data: { id: file.id, name: 'cv.pdf', size: PDF.length, type: 'application/pdf', sha256: sha(PDF) },
    })
    const post = await t.request('POST', endpoint.path, { body: { cv: { file: file.id } } })
    expect(post.status).toBe(200)
    const [record] = await storedRecords(t.ctx, endpoint.appId)
    expect(record.data).toEqual({ cv: (up.body as { data: unknown }).data })
    const again = await t.request('POST', endpoint.path, { body: { cv: { file: file.id } } })
    expect(again.status).toBe(422)
  })
})

describe('who gets the bytes', () => {
  test('a stranger gets no bytes through any route; the owner does', async () => {
    const { t, endpoint } = await setup()
    await t.request('POST', `${endpoint.path}/form`, { raw: form([['cv', new Blob([PDF]), 'cv.pdf']]) })
    const [record] = await storedRecords(t.ctx, endpoint.appId)
    const id = (record.data as { cv: { id: string } }).cv.id
    const path = `/api/v3/apps/${endpoint.appId}/files/${id}`
    expect((await t.request('GET', path)).status).toBe(401)
    expect((await t.request('GET', path, { token: endpoint.token })).status).toBe(401)
    const other = await makeEndpoint(t.ctx)
    expect((await t.request('GET', path, { token: other.ownerToken })).body).toEqual({
      code: 404,
      error: { type: 'not_found', message: 'App not found' },
    })
    expect((await t.request('POST', `${path}/link`, { token: other.ownerToken })).status).toBe(404)
    expect((await t.request('GET', '/api/v3/file-links/forged.link')).status).toBe(404)
    const link = await t.request('POST', `${path}/link`, { token: endpoint.ownerToken })
    expect(link.status).toBe(200)
    const url = new URL((link.body as { data: { url: string } }).data.url)
    const opened = await t.request('GET', url.pathname)
    expect(opened.status).toBe(200)
    expect(opened.headers.get('content-disposition')).toStartWith('inline;')
    t.clock.advance(5 * 60 * 1000 + 1)
    expect((await t.request('GET', url.pathname)).status).toBe(404)
  })
})

describe('limits', () => {
  test('a file over the field maxSize is refused with 413 and nothing is kept', async () => {
    const { t, endpoint } = await setup({ maxSize: 16 })
    const res = await t.request('POST', `${endpoint.path}/form`, {
      raw: form([
        ['name', 'Ada'],
        ['cv', new Blob([PDF]), 'cv.pdf'],
      ]),
    })
    expect(res.status).toBe(413)
    expect(res.body).toEqual({
      code: 413,
      error: {
        type: 'too_large',
        message:
          'The file "cv.pdf" of field "cv" is larger than 16 bytes, the most this form takes for one file; nothing was stored. Send a smaller file',
        details: { limit: 'maxSize', max: 16 },
      },
    })
    expect(await storedRecords(t.ctx, endpoint.appId)).toEqual([])
    expect(await t.ctx.storage.files.usage(endpoint.appId)).toEqual({ files: 0, bytes: 0 })
    expect(await t.ctx.blobs.totalBytes()).toBe(0)
  })

  test('a full quota refuses the upload with 413 quota_exceeded', async () => {
    const { t, endpoint } = await setup({}, { filesQuotaBytes: PDF.length + 10 })
    const first = await t.request('POST', `${endpoint.path}/files?name=a.pdf`, {
      raw: PDF,
      headers: { 'content-type': 'application/pdf' },
    })
    expect(first.status).toBe(200)
    const second = await t.request('POST', `${endpoint.path}/files?name=b.pdf`, {
      raw: PDF,
      headers: { 'content-type': 'application/pdf' },
    })
    expect(second.status).toBe(413)
    expect((second.body as { error: { type: string } }).error.type).toBe('quota_exceeded')
    expect(await t.ctx.storage.files.usage(endpoint.appId)).toEqual({ files: 1, bytes: PDF.length })
  })

  test('a file sent for a field that is not a file field is refused, nothing stored', async () => {
    const { t, endpoint } = await setup()
    const res = await t.request('POST', `${endpoint.path}/form`, {
      raw: form([
        ['cv', new Blob([PDF]), 'cv.pdf'],
        ['photo', new Blob([PNG]), 'me.png'],
      ]),
    })
    expect(res.status).toBe(422)
    expect(res.body).toEqual({
      code: 422,
      error: {
        type: 'invalid_value',
        message:
          'Field "photo" is a file, but this form has no file field of that name; nothing was stored. Ask the owner to add a file field, or remove the file input',
        details: { field: 'photo' },
      },
    })
    expect(await t.ctx.storage.files.usage(endpoint.appId)).toEqual({ files: 0, bytes: 0 })
  })
})

describe('lifecycle', () => {
  test('deleting the record, or the app, leaves no file behind', async () => {
    const { t, endpoint } = await setup()
    for (const name of ['a.pdf', 'b.pdf'])
      await t.request('POST', `${endpoint.path}/form`, { raw: form([['cv', new Blob([PDF]), name]]) })
    const [first] = await storedRecords(t.ctx, endpoint.appId)
    expect(await t.ctx.blobs.totalBytes()).toBe(2 * PDF.length)
    const deleted = await t.request('DELETE', `/api/v3/apps/${endpoint.appId}/records/${first.id}`, {
      token: endpoint.ownerToken,
    })
    expect(deleted.status).toBe(200)
    await t.ctx.files.sweep()
    expect(await t.ctx.blobs.totalBytes()).toBe(PDF.length)
    expect(await t.ctx.storage.files.usage(endpoint.appId)).toEqual({ files: 1, bytes: PDF.length })
    await t.request('DELETE', `/api/v3/apps/${endpoint.appId}`, { token: endpoint.ownerToken })
    await t.ctx.files.sweep()
    expect(await t.ctx.blobs.totalBytes()).toBe(0)
    expect(await t.ctx.storage.files.usage(endpoint.appId)).toEqual({ files: 0, bytes: 0 })
  })

  test('a pending upload no record names is deleted after 24 hours', async () => {
    const { t, endpoint } = await setup()
    await t.request('POST', `${endpoint.path}/files?name=cv.pdf`, {
      raw: PDF,
      headers: { 'content-type': 'application/pdf' },
    })
    t.clock.advance(24 * 60 * 60 * 1000 - 1)
    expect(await t.ctx.files.sweep()).toBe(0)
    t.clock.advance(2)
    expect(await t.ctx.files.sweep()).toBe(1)
    expect(await t.ctx.blobs.totalBytes()).toBe(0)
  })
})

describe('several files', () => {
  test('a field of several files keeps them in the order of their parts', async () => {
    const { t, endpoint } = await setup({ maxFiles: 3 })
    const big = new Uint8Array(512 * 1024).fill(7)
    const res = await t.request('POST', `${endpoint.path}/form`, {
      raw: form([
        ['cv', new Blob([big]), 'first.bin'],
        ['cv', new Blob([PDF]), 'second.pdf'],
        ['cv', new Blob([PNG]), 'third.png'],
      ]),
    })
    expect(res.status).toBe(200)
    const [record] = await storedRecords(t.ctx, endpoint.appId)
    expect((record.data as { cv: Array<{ name: string }> }).cv.map((file) => file.name)).toEqual([
      'first.bin',
      'second.pdf',
      'third.png',
    ])
  })

  test('more files than maxFiles is refused, nothing kept', async () => {
    const { t, endpoint } = await setup({ maxFiles: 1 })
    const res = await t.request('POST', `${endpoint.path}/form`, {
      raw: form([
        ['cv', new Blob([PDF]), 'a.pdf'],
        ['cv', new Blob([PDF]), 'b.pdf'],
      ]),
    })
    expect(res.status).toBe(422)
    expect(res.body).toEqual({
      code: 422,
      error: {
        type: 'invalid_value',
        message: 'Field "cv" can hold at most 1 file; nothing was stored. Send fewer files',
        details: { field: 'cv', max: 1 },
      },
    })
    expect(await t.ctx.storage.files.usage(endpoint.appId)).toEqual({ files: 0, bytes: 0 })
    expect(await t.ctx.blobs.totalBytes()).toBe(0)
  })
})

describe('what strangers read of a file', () => {
  test('with reads open, /query shows name, size and type, never the id or hash; the owner sees all', async () => {
    const { t, endpoint } = await setup()
    await t.call(
      'share.update',
      { params: { id: endpoint.appId }, body: { reads: 'records' } },
      { token: endpoint.ownerToken },
    )
    await t.request('POST', `${endpoint.path}/form`, {
      raw: form([
        ['name', 'Ada'],
        ['cv', new Blob([PDF]), 'cv.pdf'],
      ]),
    })
    const strangers = await t.request('GET', `${endpoint.path}/query`)
    expect((strangers.body as { records: Array<{ data: unknown }> }).records.map((r) => r.data)).toEqual([
      { name: 'Ada', cv: { name: 'cv.pdf', size: PDF.length, type: 'application/pdf' } },
    ])
    const owners = await t.request('GET', `${endpoint.path}/query`, { token: endpoint.ownerToken })
    const [record] = (owners.body as { records: Array<{ data: { cv: { id: string; sha256: string } } }> }).records
    expect(record.data.cv.sha256).toBe(sha(PDF))
    expect(JSON.stringify(strangers.body)).not.toContain(record.data.cv.id)
  })

  test("the public live stream shows the same; the owner's stream the whole file object", async () => {
    const { t, endpoint } = await setup()
    await t.call(
      'share.update',
      { params: { id: endpoint.appId }, body: { reads: 'records' } },
      { token: endpoint.ownerToken },
    )
    const open = async (token?: string) =>
      readEvents(
        await t.app.handle(
          new Request(`http://localhost:8787${endpoint.path}/stream`, {
            headers: token ? { authorization: `Bearer ${token}` } : {},
          }),
        ),
      )
    const strangers = await open()
    const owners = await open(endpoint.ownerToken)
    await t.request('POST', `${endpoint.path}/form`, { raw: form([['cv', new Blob([PDF]), 'cv.pdf']]) })
    await Promise.all([strangers.waitFor(1), owners.waitFor(1)])
    expect(strangers.records().map((r) => r.data)).toEqual([
      { cv: { name: 'cv.pdf', size: PDF.length, type: 'application/pdf' } },
    ])
    expect(owners.records()[0].data.cv.sha256).toBe(sha(PDF))
    await Promise.all([strangers.close(), owners.close()])
  })
})
