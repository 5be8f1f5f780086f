/**
 * Resumable uploads (tus 1.0) against a real server, on both backends: the protocol by raw
 * fetch with exact statuses and headers, tus-js-client unchanged (its Node build, under Bun:
 * its default NodeHttpStack over node:http, the file given as a Buffer), an upload cut at
 * about 60% by a TCP relay between client and server and resumed from the offset HEAD tells,
 * expiration by the test clock, the field's maxSize, termination, CORS, and who gets the bytes.
 *
 * The server's SVC_BASE_URL is the relay's address, so the Location of every upload leads
 * through the relay too, as a public URL leads through a proxy.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createHash } from 'node:crypto'
import { Upload } from 'tus-js-client'
import { formatBytes } from '../../server/contract/files/model.ts'
import { ManualClock } from '../../server/core/clock.ts'
import { makeEndpoint, storedRecords, type TestEndpoint } from '../core/collect/fixtures.ts'
import { callServer } from '../support/call.ts'
import { freePort } from '../support/ports.ts'
import { type TestServer, startTestServer } from '../support/server.ts'
import { type Relay, startRelay } from '../support/tcp-relay.ts'

const clock = new ManualClock()
const DAY = 24 * 60 * 60 * 1000
let server: TestServer
let relay: Relay

beforeAll(async () => {
  const port = freePort()
  relay = await startRelay(`http://127.0.0.1:${port}`)
  server = await startTestServer({ PORT: String(port), SVC_BASE_URL: relay.url }, { clock })
})
afterAll(async () => {
  await relay?.close()
  await server?.close()
})

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
const b64 = (text: string) => Buffer.from(text).toString('base64')

/** Deterministic bytes that sniff as nothing in particular (a Buffer: tus-js-client's Node build reads Buffers and streams). */
function bytesOf(size: number, seed = 7): Buffer<ArrayBuffer> {
  const bytes = Buffer.alloc(size)
  let state = seed
  for (let i = 0; i < size; i++) {
    state = (state * 1103515245 + 12345) >>> 0
    bytes[i] = state >>> 24
  }
  return bytes
}

/** A published endpoint with a file field `cv` (its options as given). */
async function endpointWithFile(field: Record<string, unknown> = {}): Promise<TestEndpoint & { uploads: string }> {
  const endpoint = await makeEndpoint(server.ctx)
  const added = await callServer(
    server.url,
    'fields.add',
    { params: { id: endpoint.appId }, body: { name: 'cv', type: 'file', ...field } },
    { token: endpoint.ownerToken },
  )
  expect(added.status).toBe(200)
  return { ...endpoint, uploads: `${relay.url}${endpoint.path}/uploads` }
}

const TUS = { 'tus-resumable': '1.0.0' }

/** A raw tus request. */
const tus = (method: string, url: string, headers: Record<string, string> = {}, body?: BodyInit) =>
  fetch(url, { method, headers: { ...TUS, ...headers }, body })

/** Creates an upload by raw POST; resolves with its URL and id. */
async function create(endpoint: { uploads: string }, length: number, metadata = `filename ${b64('cv.bin')}`) {
  const res = await tus('POST', endpoint.uploads, { 'upload-length': String(length), 'upload-metadata': metadata })
  expect(res.status).toBe(201)
  const url = res.headers.get('location')!
  return { url, id: url.slice(url.lastIndexOf('/') + 1) }
}

const patch = (url: string, offset: number, body: BodyInit) =>
  tus('PATCH', url, { 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) }, body)

/** The owner's download of a file: its bytes. */
async function download(endpoint: TestEndpoint, id: string): Promise<Uint8Array> {
  const res = await fetch(`${server.url}/api/v3/apps/${endpoint.appId}/files/${id}`, {
    headers: { authorization: `Bearer ${endpoint.ownerToken}` },
  })
  expect(res.status).toBe(200)
  return new Uint8Array(await res.arrayBuffer())
}

/** Runs a tus-js-client upload of `bytes` to completion, noting each request it sent. */
function clientUpload(
  endpoint: { uploads: string },
  bytes: Buffer,
  options: { beforeRequest?: (method: string) => void } = {},
): Promise<{ url: string; requests: string[] }> {
  const requests: string[] = []
  return new Promise((resolve, reject) => {
    const upload = new Upload(bytes, {
      endpoint: endpoint.uploads,
      metadata: { filename: 'big.bin', filetype: 'application/octet-stream' },
      retryDelays: [0, 200, 500],
      onBeforeRequest: (req) => {
        const offset = req.getHeader('Upload-Offset')
        requests.push(offset === undefined ? req.getMethod() : `${req.getMethod()} ${offset}`)
        options.beforeRequest?.(requests.at(-1)!)
      },
      onError: reject,
      onSuccess: () => resolve({ url: upload.url!, requests }),
    })
    upload.start()
  })
}

describe('the protocol, by raw requests', () => {
  test('OPTIONS answers the capabilities; a preflight stays a preflight', async () => {
    const endpoint = await endpointWithFile({ maxSize: 5_000_000 })
    const options = await fetch(endpoint.uploads, { method: 'OPTIONS' })
    expect(options.status).toBe(204)
    expect(options.headers.get('tus-version')).toBe('1.0.0')
    expect(options.headers.get('tus-resumable')).toBe('1.0.0')
    expect(options.headers.get('tus-extension')).toBe('creation,termination,expiration')
    expect(options.headers.get('tus-max-size')).toBe('5000000')
    expect(options.headers.get('access-control-allow-origin')).toBe('*')
    const preflight = await fetch(`${endpoint.uploads}/some-upload`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://site.example',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'tus-resumable, upload-offset, content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('tus-version')).toBeNull()
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, POST, HEAD, PATCH, DELETE, OPTIONS')
    expect(preflight.headers.get('access-control-allow-headers')).toBe(
      'Content-Type, Authorization, Idempotency-Key, Last-Event-ID, X-Altcha, Tus-Resumable, Upload-Length, Upload-Offset, Upload-Metadata, Upload-Defer-Length, Upload-Concat, X-HTTP-Method-Override',
    )
    const again = await fetch(endpoint.uploads, {
      method: 'OPTIONS',
      headers: { origin: 'https://site.example', 'access-control-request-method': 'POST' },
    })
    expect(again.status).toBe(204)
    expect(again.headers.get('tus-extension')).toBeNull()
  })

  test('create, HEAD, PATCH twice, HEAD: the upload is a file a JSON record names', async () => {
    const endpoint = await endpointWithFile()
    const res = await tus('POST', endpoint.uploads, {
      origin: 'https://site.example',
      'upload-length': '11',
      'upload-metadata': `filename ${b64('hello.txt')},is_confidential`,
    })
    expect(res.status).toBe(201)
    expect(await res.text()).toBe('')
    const url = res.headers.get('location')!
    const id = url.slice(url.lastIndexOf('/') + 1)
    expect(url).toBe(`${relay.url}${endpoint.path}/uploads/${id}`)
    const expires = new Date(clock.now() + DAY).toUTCString()
    expect(res.headers.get('upload-expires')).toBe(expires)
    expect(res.headers.get('tus-resumable')).toBe('1.0.0')
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('access-control-expose-headers')).toBe(
      'Retry-After, RateLimit, RateLimit-Policy, X-Request-Id, Location, Upload-Offset, Upload-Length, Upload-Expires, Tus-Version, Tus-Resumable, Tus-Max-Size, Tus-Extension',
    )

    const head = await tus('HEAD', url)
    expect(head.status).toBe(200)
    expect(head.headers.get('upload-offset')).toBe('0')
    expect(head.headers.get('upload-length')).toBe('11')
    expect(head.headers.get('upload-expires')).toBe(expires)
    expect(head.headers.get('cache-control')).toBe('no-store')
    expect(head.headers.get('tus-resumable')).toBe('1.0.0')

    const first = await patch(url, 0, 'hello')
    expect(first.status).toBe(204)
    expect(first.headers.get('upload-offset')).toBe('5')
    expect(first.headers.get('tus-resumable')).toBe('1.0.0')
    const last = await patch(url, 5, ' world')
    expect(last.status).toBe(204)
    expect(last.headers.get('upload-offset')).toBe('11')

    const done = await tus('HEAD', url)
    expect(done.status).toBe(200)
    expect(done.headers.get('upload-offset')).toBe('11')
    expect(done.headers.get('upload-length')).toBe('11')
    expect(done.headers.get('upload-expires')).toBeNull()

    const record = await fetch(`${server.url}${endpoint.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cv: { file: id } }),
    })
    expect(record.status).toBe(200)
    const hello = new TextEncoder().encode('hello world')
    const [stored] = await storedRecords(server.ctx, endpoint.appId)
    expect(stored.data).toEqual({ cv: { id, name: 'hello.txt', size: 11, type: 'text/plain', sha256: sha(hello) } })
    expect(sha(await download(endpoint, id))).toBe(sha(hello))
  })

  test("an Upload-Offset that is not the upload's is 409; a wrong type 415; past the length 413", async () => {
    const endpoint = await endpointWithFile()
    const { url } = await create(endpoint, 10)
    expect((await patch(url, 0, 'abcd')).status).toBe(204)
    const stale = await patch(url, 0, 'abcd')
    expect(stale.status).toBe(409)
    expect(stale.headers.get('tus-resumable')).toBe('1.0.0')
    expect(await stale.json()).toEqual({
      code: 409,
      error: {
        type: 'conflict',
        message: "Upload-Offset 0 is not this upload's offset, 4: send the bytes from 4 (HEAD tells the offset)",
        details: { offset: 4 },
      },
    })
    const typed = await tus('PATCH', url, { 'content-type': 'application/octet-stream', 'upload-offset': '4' }, 'efgh')
    expect(typed.status).toBe(415)
    expect(((await typed.json()) as { error: { type: string } }).error.type).toBe('unsupported_media_type')
    const over = await patch(url, 4, 'efghijklmn')
    expect(over.status).toBe(413)
    expect(await over.json()).toEqual({
      code: 413,
      error: {
        type: 'too_large',
        message: "The bytes sent go past the upload's length (10 bytes, its Upload-Length); nothing of them was kept",
        details: { limit: 'Upload-Length', max: 10 },
      },
    })
    expect((await tus('HEAD', url)).headers.get('upload-offset')).toBe('4')
  })

  test('another Tus-Resumable is 412 with Tus-Version; a missing Upload-Length 400', async () => {
    const endpoint = await endpointWithFile()
    const res = await fetch(endpoint.uploads, {
      method: 'POST',
      headers: { 'tus-resumable': '0.2.2', 'upload-length': '10' },
    })
    expect(res.status).toBe(412)
    expect(res.headers.get('tus-version')).toBe('1.0.0')
    expect(await res.json()).toEqual({
      code: 412,
      error: {
        type: 'unsupported_version',
        message: 'Tus-Resumable "0.2.2" is a version this server does not speak; it speaks tus 1.0.0',
        details: { versions: ['1.0.0'] },
      },
    })
    const deferred = await tus('POST', endpoint.uploads, { 'upload-defer-length': '1' })
    expect(deferred.status).toBe(400)
    expect(await deferred.json()).toEqual({
      code: 400,
      error: {
        type: 'bad_request',
        message:
          'Upload-Defer-Length is not offered here (Tus-Extension: creation, termination, expiration): send Upload-Length',
      },
    })
  })

  test("an Upload-Length over the field's maxSize is 413; a form without a file field 422", async () => {
    const endpoint = await endpointWithFile({ maxSize: 1000 })
    const res = await tus('POST', endpoint.uploads, {
      'upload-length': '1001',
      'upload-metadata': `filename ${b64('big.bin')}`,
    })
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({
      code: 413,
      error: {
        type: 'too_large',
        message: `The file "big.bin" is larger than ${formatBytes(1000)}, the most this form takes for one file; nothing was stored. Send a smaller file`,
        details: { limit: 'maxSize', max: 1000 },
      },
    })
    const plain = await makeEndpoint(server.ctx)
    const none = await tus('POST', `${relay.url}${plain.path}/uploads`, { 'upload-length': '10' })
    expect(none.status).toBe(422)
    expect(((await none.json()) as { error: { type: string } }).error.type).toBe('invalid_value')
  })

  test('termination deletes the upload and its bytes', async () => {
    const endpoint = await endpointWithFile()
    const before = await server.ctx.blobs.totalBytes()
    const { url, id } = await create(endpoint, 100)
    expect((await patch(url, 0, bytesOf(60))).status).toBe(204)
    expect(await server.ctx.storage.files.usage(endpoint.appId)).toEqual({ files: 1, bytes: 60 })
    const gone = await tus('DELETE', url)
    expect(gone.status).toBe(204)
    expect(gone.headers.get('tus-resumable')).toBe('1.0.0')
    expect(await server.ctx.storage.files.getUpload(endpoint.appId, id)).toBeNull()
    expect(await server.ctx.blobs.totalBytes()).toBe(before)
    const head = await tus('HEAD', url)
    expect(head.status).toBe(404)
    expect(head.headers.get('tus-resumable')).toBe('1.0.0')
    const again = await tus('DELETE', url)
    expect(again.status).toBe(404)
    expect(((await again.json()) as { error: { type: string } }).error.type).toBe('not_found')
  })

  test('an upload past its 24 hours is gone: 404, its bytes deleted', async () => {
    const endpoint = await endpointWithFile()
    const before = await server.ctx.blobs.totalBytes()
    const { url, id } = await create(endpoint, 100)
    expect((await patch(url, 0, bytesOf(10))).status).toBe(204)
    clock.advance(DAY)
    const late = await patch(url, 10, bytesOf(10))
    expect(late.status).toBe(404)
    expect(await late.json()).toEqual({
      code: 404,
      error: {
        type: 'not_found',
        message:
          'This upload expired (an upload must be complete within 24 hours of its creation) and its bytes were deleted; create a new one',
      },
    })
    expect(await server.ctx.storage.files.getUpload(endpoint.appId, id)).toBeNull()
    expect(await server.ctx.blobs.totalBytes()).toBe(before)
    expect((await tus('HEAD', url)).status).toBe(404)
  })
})

describe('tus-js-client, unchanged', () => {
  test('3 MiB uploaded, named by a JSON record, downloaded by the owner with the same SHA-256', async () => {
    const endpoint = await endpointWithFile({ maxSize: 4 * 1024 * 1024 })
    const bytes = bytesOf(3 * 1024 * 1024)
    const { url, requests } = await clientUpload(endpoint, bytes)
    expect(requests).toEqual(['POST', 'PATCH 0'])
    const id = url.slice(url.lastIndexOf('/') + 1)
    const record = await fetch(`${server.url}${endpoint.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cv: { file: id } }),
    })
    expect(record.status).toBe(200)
    const [stored] = await storedRecords(server.ctx, endpoint.appId)
    expect(stored.data).toEqual({
      cv: { id, name: 'big.bin', size: bytes.length, type: 'application/octet-stream', sha256: sha(bytes) },
    })
    expect(sha(await download(endpoint, id))).toBe(sha(bytes))
  })

  test('an upload cut at about 60% resumes from the offset HEAD tells; the bytes are the same', async () => {
    const endpoint = await endpointWithFile({ maxSize: 4 * 1024 * 1024 })
    const bytes = bytesOf(3 * 1024 * 1024, 11)
    const cutAt = Math.round(bytes.length * 0.6)
    let armed = false
    const { url, requests } = await clientUpload(endpoint, bytes, {
      // The relay lets the first PATCH's head and 60% of its body through, then drops the connection.
      beforeRequest: (request) => {
        if (request !== 'PATCH 0' || armed) return
        armed = true
        relay.cutAfter(cutAt)
      },
    })
    expect(requests).toHaveLength(4)
    expect(requests.slice(0, 3)).toEqual(['POST', 'PATCH 0', 'HEAD'])
    // What arrived of the body was kept (the PATCH's header lines took a few hundred of the bytes let through).
    const resumedAt = Number(requests[3].split(' ')[1])
    expect(resumedAt).toBeGreaterThan(0)
    expect(resumedAt).toBeLessThan(cutAt)
    const id = url.slice(url.lastIndexOf('/') + 1)
    expect(sha(await download(endpoint, id))).toBe(sha(bytes))
  })

  test('a finished upload resumed by URL is done at once (HEAD answers offset = length)', async () => {
    const endpoint = await endpointWithFile()
    const bytes = bytesOf(1000)
    const { url } = await clientUpload(endpoint, bytes)
    const requests: string[] = []
    await new Promise<void>((resolve, reject) => {
      const again = new Upload(bytes, {
        uploadUrl: url,
        onBeforeRequest: (req) => void requests.push(req.getMethod()),
        onError: reject,
        onSuccess: () => resolve(),
      })
      again.start()
    })
    expect(requests).toEqual(['HEAD'])
  })
})

describe('who gets the bytes', () => {
  test('a stranger reads no bytes: the upload URL takes no GET, files need the owner', async () => {
    const endpoint = await endpointWithFile()
    const bytes = bytesOf(2000)
    const { url } = await clientUpload(endpoint, bytes)
    const id = url.slice(url.lastIndexOf('/') + 1)
    const get = await tus('GET', url)
    expect(get.status).toBe(405)
    expect(((await get.json()) as { error: { type: string } }).error.type).toBe('method_not_allowed')
    const path = `${server.url}/api/v3/apps/${endpoint.appId}/files/${id}`
    expect((await fetch(path)).status).toBe(401)
    expect((await fetch(path, { headers: { authorization: `Bearer ${endpoint.token}` } })).status).toBe(401)
    const other = await makeEndpoint(server.ctx)
    expect((await fetch(path, { headers: { authorization: `Bearer ${other.ownerToken}` } })).status).toBe(404)
    // Another endpoint's token does not reach this upload either.
    expect((await tus('HEAD', `${relay.url}${other.path}/uploads/${id}`)).status).toBe(404)
    expect(sha(await download(endpoint, id))).toBe(sha(bytes))
  })
})
