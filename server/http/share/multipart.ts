/**
 * @module multipart/form-data bodies read as they arrive (busboy, the parser multer and
 * fastify build on: the part framing has many edge cases a hand-written parser would get
 * wrong). Text parts are gathered as bytes, counted against SVC_MAX_BODY and decoded by the
 * same charset rule as urlencoded bodies (form-body.ts); file parts of the form's file fields
 * stream straight to the blob store (server/files/receive.ts) and never count against
 * SVC_MAX_BODY, only against their field's `maxSize`. What comes back names each stored file
 * by its id, as a JSON record would (`{"file": "<id>"}`), so the one ingest use case checks
 * and claims them; when anything is refused, the files stored so far are discarded.
 *
 * Each chunk of the body must arrive within SVC_BODY_DEADLINE_MS of the one before (an idle
 * deadline, not a whole-request one: a large file takes as long as the line needs).
 */
import { Readable } from 'node:stream'
import type busboy from 'busboy'
import { AppError } from '../../contract/errors.ts'
import { fileOptions } from '../../contract/files/model.ts'
import type { FieldMap } from '../../core/collect/field-cache-types.ts'
import type { AppContext } from '../../core/context.ts'
import type { FieldRule } from '../../core/fields/values.ts'
import { discardFiles } from '../../core/files/discard.ts'
import { receiveFile } from '../../files/receive.ts'
import { bodyDeadline } from './deadline.ts'

/** What the reader knows of the form a body is posted to. */
export interface MultipartTarget {
  appId: string
  fields: FieldMap
  /** The client's address (null: none known), charged for the bytes of its files; null too for the owner's own post. */
  client: string | null
  /** The client key stored as the uploader (null: the owner). */
  uploadedBy: string | null
}

/** A multipart body read: raw text parts (decoded by the caller) and the files stored, by field name. */
export interface MultipartRead {
  texts: Array<[name: string, value: Uint8Array]>
  files: Array<[name: string, id: string]>
}

const badBody = () =>
  new AppError(
    'bad_request',
    'The multipart body could not be read; let the browser or your HTTP client build it (and its boundary)',
  )

const textTooLarge = (max: number) =>
  new AppError(
    'too_large',
    `The text of the form is larger than ${max} bytes (files are counted apart, against their field's limit); shorten the answers`,
    { limit: 'maxBodyBytes', max },
  )

/** 422 for a file sent in a part the form has no file field for. */
const notAFileField = (name: string, field: FieldRule | undefined) =>
  new AppError(
    'invalid_value',
    field
      ? `Field ${JSON.stringify(name)} is a ${field.type} field, not a file field, so it cannot take the file sent; nothing was stored`
      : `Field ${JSON.stringify(name)} is a file, but this form has no file field of that name; nothing was stored. Ask the owner to add a file field, or remove the file input`,
    { field: name },
  )

const tooManyFiles = (name: string, most: number) =>
  new AppError(
    'invalid_value',
    `Field ${JSON.stringify(name)} can hold at most ${most} file${most === 1 ? '' : 's'}; nothing was stored. Send fewer files`,
    { field: name, max: most },
  )

/** The body's chunks, each within the idle deadline of the one before. */
export async function* bodyChunks(request: Request, idleMs: number): AsyncGenerator<Uint8Array> {
  if (!request.body) return
  const reader = request.body.getReader()
  try {
    for (;;) {
      const { value, done } = await bodyDeadline(idleMs).within(reader.read())
      if (done) return
      yield value
    }
  } finally {
    void reader.cancel().catch(() => {})
  }
}

/**
 * Reads the multipart body of `request` (whose Content-Type is `contentType`) posted to
 * `target`. Throws 400 for a body that cannot be read, 413 for text past SVC_MAX_BODY or a
 * file past its limit, 422 for a file in a part that is not a file field or past its
 * field's `maxFiles`, and what taking the files in throws (quota, virus, scanner); the files
 * stored before the refusal are discarded.
 */
export async function readMultipart(
  ctx: AppContext,
  request: Request,
  contentType: string,
  target: MultipartTarget,
): Promise<MultipartRead> {
  const read: MultipartRead = { texts: [], files: [] }
  try {
    await parse(ctx, request, contentType, target, read)
    return read
  } catch (error) {
    await discardFiles(
      ctx,
      target.appId,
      read.files.map(([, id]) => id),
    ).catch(() => {})
    throw error
  }
}

async function parse(
  ctx: AppContext,
  request: Request,
  contentType: string,
  target: MultipartTarget,
  read: MultipartRead,
): Promise<void> {
  // Long: the parser's events (text, files, errors) share the state of one body.
  // Loaded on the first multipart body with files, not at start-up.
  const { default: makeParser } = await import('busboy')
  let parser: busboy.Busboy
  try {
    // Text parts come as latin1 strings, which give back their bytes exactly: the charset is decided later.
    parser = makeParser({ headers: { 'content-type': contentType }, defCharset: 'latin1', defParamCharset: 'utf8' })
  } catch {
    throw badBody()
  }
  const source = Readable.from(bodyChunks(request, ctx.config.bodyDeadlineMs), { highWaterMark: 1 })
  const maxText = ctx.config.maxBodyBytes
  let textBytes = 0
  const counts = new Map<string, number>()
  const receiving: Array<Promise<void>> = []
  const active = new Set<Readable>()
  let failure: unknown = null
  let stop: (error: unknown) => void = () => {}
  const parsed = new Promise<void>((resolve, reject) => {
    stop = reject
    parser.on('close', resolve)
  })
  /** Stops reading at the first refusal: the body is dropped, the files being received end with the error. */
  const fail = (error: unknown) => {
    if (failure !== null) return
    failure = error
    source.unpipe(parser)
    source.destroy()
    for (const stream of active) stream.destroy(error instanceof Error ? error : new Error(String(error)))
    stop(error)
  }
  parser.on('error', () => fail(badBody()))
  source.on('error', (error) => fail(error))
  parser.on('field', (name, value) => {
    textBytes += Buffer.byteLength(name, 'utf8') + value.length
    if (textBytes > maxText) fail(textTooLarge(maxText))
    else read.texts.push([name, new Uint8Array(Buffer.from(value, 'latin1'))])
  })
  parser.on('file', (name, stream, info) => {
    // A refusal elsewhere destroys this stream with its error: the receiver sees it through its
    // reads, and this listener keeps the stream's own 'error' event from being unhandled.
    stream.on('error', () => {})
    const field = target.fields.get(name)
    // A file input left empty sends a part with no file name and no bytes: no answer.
    if (!info.filename || failure !== null) {
      stream.resume()
      return
    }
    if (field?.type !== 'file' || field.autoCreated || field.proposed) {
      stream.resume()
      fail(notAFileField(name, field))
      return
    }
    const options = fileOptions(field.file)
    const count = (counts.get(name) ?? 0) + 1
    counts.set(name, count)
    if (count > options.maxFiles) {
      stream.resume()
      fail(tooManyFiles(name, options.maxFiles))
      return
    }
    const incoming = {
      appId: target.appId,
      name: info.filename,
      what: `The file ${JSON.stringify(info.filename)} of field ${JSON.stringify(name)}`,
      maxBytes: options.maxSize,
      client: target.client,
      uploadedBy: target.uploadedBy,
    }
    active.add(stream)
    // The files keep the order of their parts, whichever finishes storing first.
    const place = read.files.push([name, '']) - 1
    receiving.push(
      receiveFile(ctx, incoming, stream).then(
        (row) => {
          active.delete(stream)
          read.files[place] = [name, row.id]
        },
        (error) => {
          active.delete(stream)
          stream.resume()
          fail(error)
        },
      ),
    )
  })
  source.pipe(parser)
  try {
    await parsed
  } finally {
    // Every file's store has finished (kept, or dropped) before the answer: discarding then finds them all.
    await Promise.allSettled(receiving)
    read.files = read.files.filter(([, id]) => id !== '')
  }
  if (failure !== null) throw failure
}

/**
 * The first file part of a multipart body (`files.upload`), as its name and a stream of its
 * bytes; text parts before it are ignored and the rest of the body is not read. 400 when
 * the body ends without a file part.
 */
export async function firstFilePart(
  ctx: AppContext,
  request: Request,
  contentType: string,
): Promise<{ name: string; bytes: AsyncIterable<Uint8Array> }> {
  const { default: makeParser } = await import('busboy')
  let parser: busboy.Busboy
  try {
    parser = makeParser({ headers: { 'content-type': contentType }, defParamCharset: 'utf8', limits: { files: 1 } })
  } catch {
    throw badBody()
  }
  const source = Readable.from(bodyChunks(request, ctx.config.bodyDeadlineMs), { highWaterMark: 1 })
  return new Promise((resolve, reject) => {
    parser.on('file', (_name, stream, info) => resolve({ name: info.filename ?? '', bytes: stream }))
    parser.on('field', () => {})
    parser.on('error', () => reject(badBody()))
    parser.on('close', () =>
      reject(
        new AppError('bad_request', 'The multipart body holds no file part; send the file as a part with a filename'),
      ),
    )
    source.on('error', (error) => {
      parser.destroy(error)
      reject(error)
    })
    source.pipe(parser)
  })
}
