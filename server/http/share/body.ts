/**
 * @module Reading public request bodies ourselves (routes use `parse: 'none'`): the size
 * limit is enforced from Content-Length first and by counting bytes of chunked bodies, a
 * whole-request deadline stops slowly trickled uploads (Bun has none), and text must be
 * UTF-8. Every failure is a JSON error, so the share CORS headers reach the browser.
 */
import { AppError } from '../../core/errors.ts'

export interface BodyLimits {
  maxBytes: number
  deadlineMs: number
}

const tooLarge = (max: number) =>
  new AppError(413, 'too_large', `The request body is larger than ${max} bytes; send fewer or smaller records (use /batch for many small ones)`, { limit: 'maxBodyBytes', max })

const deadlines = new Map<string, Promise<never>>()

/**
 * A promise that rejects with 408 `timeout` between `deadlineMs` and `deadlineMs` + 1/16
 * of it from now. Requests starting in the same 1/16 share one timer and one promise (a
 * timer per request was ≈ 2% of single-record ingest); the timer does not keep the
 * process alive.
 */
function sharedDeadline(deadlineMs: number): Promise<never> {
  const width = Math.max(1, Math.ceil(deadlineMs / 16))
  const slice = Math.floor(Date.now() / width)
  const key = `${deadlineMs}:${slice}`
  let deadline = deadlines.get(key)
  if (!deadline) {
    deadline = new Promise<never>((_, reject) => {
      const timer = setTimeout(() => {
        deadlines.delete(key)
        reject(new AppError(408, 'timeout', `The request body did not arrive within ${Math.ceil(deadlineMs / 1000)} s; send it in one go`))
      }, (slice + 1) * width + deadlineMs - Date.now())
      timer.unref()
    })
    // Rejections nobody races against any more are expected, not unhandled.
    deadline.catch(() => {})
    deadlines.set(key, deadline)
  }
  return deadline
}

/** The body's bytes, or 413 `too_large` / 408 `timeout`. */
export async function readBodyBytes(request: Request, limits: BodyLimits): Promise<Uint8Array> {
  const declared = request.headers.get('content-length')
  if (declared !== null && Number(declared) > limits.maxBytes) throw tooLarge(limits.maxBytes)
  if (!request.body) return new Uint8Array(0)
  const deadline = sharedDeadline(limits.deadlineMs)
  if (declared !== null) {
    // The length is known and allowed (HTTP framing stops the body there): read it in one go.
    return new Uint8Array(await Promise.race([request.arrayBuffer(), deadline]))
  }
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      const { value, done } = await Promise.race([reader.read(), deadline])
      if (done) break
      size += value.byteLength
      if (size > limits.maxBytes) throw tooLarge(limits.maxBytes)
      chunks.push(value)
    }
  } catch (error) {
    reader.cancel().catch(() => {})
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

const decoder = new TextDecoder('utf-8', { fatal: true })

/** The bytes as UTF-8 text (a leading BOM is dropped); 400 when they are not UTF-8. */
export function utf8Text(bytes: Uint8Array): string {
  try {
    return decoder.decode(bytes)
  } catch {
    throw new AppError(400, 'bad_request', 'The request body is not valid UTF-8; send text encoded as UTF-8')
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
