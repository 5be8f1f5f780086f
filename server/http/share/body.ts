/**
 * @module Reading public request bodies ourselves (routes use `parse: 'none'`): the size
 * limit is enforced from Content-Length first and by counting bytes of chunked bodies, a
 * whole-request deadline stops slowly trickled uploads (Bun has none), and text must be
 * UTF-8. Every failure is a JSON error, so the share CORS headers reach the browser.
 */
import { AppError } from '../../contract/errors.ts'
import { bodyDeadline } from './deadline.ts'

export interface BodyLimits {
  maxBytes: number
  deadlineMs: number
  /** The 413 to throw beyond `maxBytes` (default: the share endpoints' `too_large`). */
  tooLarge?: (max: number) => AppError
}

/** 415 naming the Content-Type that was sent and what to send instead. */
export const unsupported = (type: string, expected: string) =>
  new AppError(
    'unsupported_media_type',
    `Content-Type ${type ? `"${type}"` : '(none)'} is not accepted here; send ${expected}`,
  )

/**
 * The body stopped before it was complete: the client went away or broke the framing.
 * Nobody may be listening for the answer, but it is the client's doing, not a server
 * error, so it is answered (and logged) like any other 400.
 */
const incomplete = () =>
  new AppError(
    'bad_request',
    'The request body ended before it was complete (the connection closed or broke off); send the whole body',
  )

const tooLargeRecords = (max: number) =>
  new AppError(
    'too_large',
    `The request body is larger than ${max} bytes; send fewer or smaller records (use /batch for many small ones)`,
    { limit: 'maxBodyBytes', max },
  )

/** The body's bytes, or 413 `too_large` / 408 `timeout`. */
export async function readBodyBytes(request: Request, limits: BodyLimits): Promise<Uint8Array> {
  const tooLarge = limits.tooLarge ?? tooLargeRecords
  const declared = request.headers.get('content-length')
  if (declared !== null && Number(declared) > limits.maxBytes) throw tooLarge(limits.maxBytes)
  if (declared !== null) {
    // The length is known and allowed (HTTP framing stops the body there): read it in one
    // go, without touching request.body, whose stream costs a little on every ingest.
    return new Uint8Array(await bodyDeadline(limits.deadlineMs).within(request.arrayBuffer().catch(failedRead)))
  }
  if (!request.body) return new Uint8Array(0)
  const deadline = bodyDeadline(limits.deadlineMs)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      const { value, done } = await deadline.within(reader.read().catch(failedRead))
      if (done) break
      size += value.byteLength
      if (size > limits.maxBytes) throw tooLarge(limits.maxBytes)
      chunks.push(value)
    }
  } catch (error) {
    void reader.cancel().catch(() => {})
    throw error
  }
  if (chunks.length === 1) return chunks[0]
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/** A read of the body that failed: the runtime's own 413 (beyond Bun's limit) or a broken-off body. */
function failedRead(error: unknown): never {
  if (error instanceof AppError) throw error
  if (error instanceof Error && error.message.includes('maxRequestBodySize'))
    throw new AppError(
      'too_large',
      'The request body is larger than this server takes; send fewer or smaller records',
      { limit: 'maxBodyBytes' },
    )
  throw incomplete()
}

const decoder = new TextDecoder('utf-8', { fatal: true })

/** The bytes as UTF-8 text (a leading BOM is dropped); 400 when they are not UTF-8. */
export function utf8Text(bytes: Uint8Array): string {
  try {
    return decoder.decode(bytes)
  } catch {
    throw new AppError('bad_request', 'The request body is not valid UTF-8; send text encoded as UTF-8')
  }
}

/** The media type of a Content-Type header, lower-cased, without parameters ('' when absent). */
export function mediaType(request: Request): string {
  const header = request.headers.get('content-type')
  if (header === null) return ''
  // The usual case needs no parsing.
  if (header === 'application/json') return header
  return header.split(';')[0].trim().toLowerCase()
}
