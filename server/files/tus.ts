/**
 * @module Resumable uploads, tus 1.0 (contract/api/uploads.ts): creation, the offset,
 * the bytes, termination and expiration, over the upload rows of the file store and chunk
 * blobs. Each PATCH streams its body into a blob of its own (`uploads/<id>/<n>-<random>`:
 * two PATCHes racing at one offset never write the same key), kept as far as it arrived when
 * the connection breaks (tus: the offset moves by the bytes received, so an upload cut at 60%
 * resumes there), and appended to the upload only if the upload is still at the offset the
 * PATCH named; the last byte assembles the file (tus-assemble.ts). The endpoint is checked on
 * every request like files.upload's; only creation is charged to its rate limits, the bytes
 * to the client's upload budget.
 *
 * Memory holds one chunk of the body at a time, never the file.
 */
import { AppError } from '../contract/errors.ts'
import type { FileObject } from '../contract/files/model.ts'
import { UPLOAD_LIFETIME_MS } from '../contract/files/tus.ts'
import { fieldsOf } from '../core/collect/field-cache.ts'
import { proposerOf } from '../core/collect/submitter.ts'
import type { AppContext } from '../core/context.ts'
import { newId } from '../core/ids.ts'
import { resolveEndpoint, type ShareAccess, type ShareEndpoint } from '../core/share/resolve.ts'
import type { UploadRow } from '../db/storage/files.ts'
import { cleanFileName } from './names.ts'
import { chargeUpload, checkQuota, fileTooLarge } from './receive.ts'
import { assembleUpload, discardUpload } from './tus-assemble.ts'
import { runInFlight, type StopSignal, stopInFlight } from './tus-in-flight.ts'
import { sizeLimit } from './upload.ts'

/** A tus request as the face hands it over: the endpoint's token and who asks. */
export interface TusCall extends ShareAccess {
  token: string
}

/** Where an upload stands: HEAD's answer. */
export interface UploadState {
  offset: number
  length: number
  /** Epoch ms; null once the upload is complete (it is a file then, kept as files are). */
  expiresAt: number | null
}

/** What a PATCH did: the offset now, and the file when it was the last byte. */
export interface Patched {
  offset: number
  expiresAt: number
  file: FileObject | null
}

const uploadNotFound = () =>
  new AppError(
    'not_found',
    'This endpoint has no upload of this id: it was deleted, it expired or it never was; create a new one (POST …/uploads)',
  )

const uploadExpired = () =>
  new AppError(
    'not_found',
    `This upload expired (an upload must be complete within ${UPLOAD_LIFETIME_MS / 3_600_000} hours of its creation) and its bytes were deleted; create a new one`,
  )

const offsetMoved = (given: number, offset: number) =>
  new AppError(
    'conflict',
    `Upload-Offset ${given} is not this upload's offset, ${offset}: send the bytes from ${offset} (HEAD tells the offset)`,
    { offset },
  )

const pastLength = (length: number) =>
  new AppError(
    'too_large',
    `The bytes sent go past the upload's length (${length} bytes, its Upload-Length); nothing of them was kept`,
    {
      limit: 'Upload-Length',
      max: length,
    },
  )

/** The answer to a PATCH whose body stopped early: its own AppError (408, 429), else the connection broke. */
const cutShort = (failure: unknown, offset: number): AppError =>
  failure instanceof AppError
    ? failure
    : new AppError(
        'bad_request',
        `The body broke off; the bytes that arrived were kept and the upload is at offset ${offset}: send the rest from there`,
        { offset },
      )

/** The endpoint of a request on an upload already created: checked, not charged. */
const endpointOf = (ctx: AppContext, call: TusCall) => resolveEndpoint(ctx, call.token, 'write', call, 0)

/** The largest upload the endpoint's form takes (Tus-Max-Size); 422 for a form without file fields. */
export async function uploadMaxSize(ctx: AppContext, call: TusCall): Promise<number> {
  const endpoint = await endpointOf(ctx, call)
  return Math.min(sizeLimit(await fieldsOf(ctx, endpoint.appId), null), ctx.config.maxFileBytes)
}

/**
 * Creates an upload of `length` bytes named by `metadata` (`filename` or `name`; `field`
 * picks the file field whose maxSize applies). Throws what resolving the endpoint throws,
 * 422 for a form without (that) file field, 413 `too_large` or `quota_exceeded`.
 */
export async function createUpload(
  ctx: AppContext,
  call: TusCall,
  length: number,
  metadata: ReadonlyMap<string, string>,
): Promise<UploadRow> {
  const endpoint = await resolveEndpoint(ctx, call.token, 'write', call)
  const given = metadata.get('filename') || metadata.get('name') || null
  const what = given ? `The file ${JSON.stringify(given)}` : 'The upload'
  const maxBytes = Math.min(
    sizeLimit(await fieldsOf(ctx, endpoint.appId), metadata.get('field') || null),
    ctx.config.maxFileBytes,
  )
  if (length > maxBytes) throw fileTooLarge(what, maxBytes)
  await checkQuota(ctx, endpoint.appId, what, length)
  const now = ctx.clock.now()
  const row: UploadRow = {
    id: newId(),
    appId: endpoint.appId,
    length,
    offset: 0,
    chunks: [],
    name: given === null ? '' : cleanFileName(given),
    uploadedBy: await proposerOf(ctx, endpoint, call.bearer ?? null, call.client ?? null),
    createdAt: now,
    expiresAt: now + UPLOAD_LIFETIME_MS,
  }
  await ctx.storage.files.createUpload(row)
  // An empty file has all its bytes already: it is complete at once.
  if (length === 0) await assembleUpload(ctx, row)
  return row
}

/** The endpoint's upload `id`, or null (the face hands over null for a path segment that is not valid percent-encoding). */
const uploadOf = (ctx: AppContext, endpoint: ShareEndpoint, id: string): Promise<UploadRow | null> =>
  typeof id === 'string' ? ctx.storage.files.getUpload(endpoint.appId, id) : Promise.resolve(null)

/** `row` while it has time left; an expired upload is deleted then and there (the sweeper would later), and 404. */
async function stillLive(ctx: AppContext, row: UploadRow): Promise<UploadRow> {
  if (row.expiresAt > ctx.clock.now()) return row
  await discardUpload(ctx, row)
  throw uploadExpired()
}

/** The endpoint's live upload `id`; 404 when there is none or it expired. */
async function liveUpload(ctx: AppContext, endpoint: ShareEndpoint, id: string): Promise<UploadRow> {
  const row = await uploadOf(ctx, endpoint, id)
  if (!row) throw uploadNotFound()
  return stillLive(ctx, row)
}

/** Where upload `id` stands; a complete one answers its file's size as its offset and length. */
export async function uploadState(ctx: AppContext, call: TusCall, id: string): Promise<UploadState> {
  const endpoint = await endpointOf(ctx, call)
  await stopInFlight(ctx, id)
  const row = await uploadOf(ctx, endpoint, id)
  if (row) {
    const live = await stillLive(ctx, row)
    return { offset: live.offset, length: live.length, expiresAt: live.expiresAt }
  }
  // tus-js-client asks HEAD again when it lost the last PATCH's answer: offset = length tells it the upload is done.
  const file = typeof id === 'string' ? await ctx.storage.files.get(endpoint.appId, id) : null
  if (file) return { offset: file.size, length: file.size, expiresAt: null }
  throw uploadNotFound()
}

/** Deletes an unfinished upload and its bytes (tus termination); 404 when there is none. */
export async function terminateUpload(ctx: AppContext, call: TusCall, id: string): Promise<void> {
  const endpoint = await endpointOf(ctx, call)
  await stopInFlight(ctx, id)
  await liveUpload(ctx, endpoint, id)
  const row = await ctx.storage.files.removeUpload(endpoint.appId, id)
  if (!row) throw uploadNotFound()
  await ctx.blobs.remove(row.chunks)
}

/**
 * The chunks of a PATCH body, stopped past the bytes the upload still lacks, charged to the
 * client's budget, and cut off when another request on the upload stops this one and the body stalls.
 */
async function* chunkBytes(
  ctx: AppContext,
  body: AsyncIterable<Uint8Array>,
  room: number,
  client: string | null,
  seen: { failure: unknown; over: boolean },
  stop: StopSignal,
): AsyncGenerator<Uint8Array> {
  const chunks = body[Symbol.asyncIterator]()
  let taken = 0
  try {
    for (;;) {
      const next = await stop.within(chunks.next())
      if (next.done) return
      const chunk = next.value
      if (chunk.length === 0) continue
      if (taken + chunk.length > room) {
        seen.over = true
        throw new Error('past Upload-Length')
      }
      chargeUpload(ctx, client, chunk.length)
      taken += chunk.length
      yield chunk
    }
  } catch (error) {
    // The blob store keeps what arrived before a failure (keepPartial) and says only that it was cut: the reason is kept here.
    seen.failure = error
    // A read still waiting on a dead connection ends by itself (the idle deadline); nothing waits for it.
    void chunks.return?.(undefined).catch(() => {})
    throw error
  }
}

/**
 * Appends `body` to upload `id` at `offset` (its Upload-Offset). Throws 404, 409 `conflict`
 * when the upload is not at `offset` (also when another PATCH moved it meanwhile), 413 for
 * bytes past its length, 429 past the client's budget, or the body's own error (408, a
 * broken connection) with the bytes that arrived kept; with the last byte, what assembling
 * the file throws.
 */
export async function patchUpload(
  ctx: AppContext,
  call: TusCall,
  id: string,
  offset: number,
  body: AsyncIterable<Uint8Array>,
  declaredBytes: number | null,
): Promise<Patched> {
  const endpoint = await endpointOf(ctx, call)
  await stopInFlight(ctx, id)
  return runInFlight(ctx, id, (stop) => appendBody(ctx, endpoint, id, offset, { body, declaredBytes, stop }, call))
}

/** The body of a PATCH, its declared length and the signal of another request on the upload. */
interface PatchBody {
  body: AsyncIterable<Uint8Array>
  declaredBytes: number | null
  stop: StopSignal
}

/** patchUpload's work once the upload is its own. */
async function appendBody(
  ctx: AppContext,
  endpoint: ShareEndpoint,
  id: string,
  offset: number,
  { body, declaredBytes, stop }: PatchBody,
  call: TusCall,
): Promise<Patched> {
  const row = await liveUpload(ctx, endpoint, id)
  if (offset !== row.offset) throw offsetMoved(offset, row.offset)
  const room = row.length - row.offset
  if (declaredBytes !== null && declaredBytes > room) throw pastLength(row.length)
  const client = row.uploadedBy === null ? null : (call.client ?? null)
  const key = `uploads/${row.id}/${row.chunks.length}-${newId()}`
  const seen = { failure: undefined as unknown, over: false }
  const written = await ctx.blobs.write(key, chunkBytes(ctx, body, room, client, seen, stop), { keepPartial: true })
  if (seen.over || written.bytes === 0) {
    await ctx.blobs.remove([key])
    if (seen.over) throw pastLength(row.length)
    if (written.cut) throw cutShort(seen.failure, row.offset)
    return { offset: row.offset, expiresAt: row.expiresAt, file: null }
  }
  const after = await ctx.storage.files.appendChunk(endpoint.appId, id, offset, key, written.bytes)
  if (!after) {
    await ctx.blobs.remove([key])
    const now = await ctx.storage.files.getUpload(endpoint.appId, id)
    throw now ? offsetMoved(offset, now.offset) : uploadNotFound()
  }
  // Cut short (the connection broke, the body stalled, the budget ran out): the bytes are the upload's, the error is the answer.
  if (written.cut) throw cutShort(seen.failure, after.offset)
  const file = after.offset === after.length ? await assembleUpload(ctx, after) : null
  return { offset: after.offset, expiresAt: after.expiresAt, file }
}
