/**
 * @module A short id per request, sent back as `X-Request-Id` and logged with failures:
 * 16 hex digits, a random per-process prefix and a counter. Ids only correlate a response
 * with a log line, so they need to be unique, not unguessable, and a counter costs
 * nothing on the ingest hot path (random bytes per request were ≈ 1% of it). A trusted
 * proxy's `X-Request-Id` is kept instead (`adoptRequestId`), so its log and svc's agree.
 */
import { randomBytes } from 'node:crypto'

const ids = new WeakMap<Request, string>()
const prefix = randomBytes(4).toString('hex')
let counter = 0

/** A new id, for a response that nothing else refers to (the fast ingest route's success). */
export function nextRequestId(): string {
  counter = (counter + 1) >>> 0
  return prefix + counter.toString(16).padStart(8, '0')
}

/** The request's id, made on first use and kept, so the log line and the response agree. */
export function requestIdOf(request: Request): string {
  let id = ids.get(request)
  if (!id) {
    id = nextRequestId()
    ids.set(request, id)
  }
  return id
}

/** What an adopted id may be: a proxy's UUID, hex or dotted id, never a header to inject into a log line. */
const ADOPTABLE = /^[A-Za-z0-9._:-]{1,128}$/

/**
 * Takes the request's `X-Request-Id` as its id when it is plain and `trustedSender` says it
 * came through a trusted proxy (asked only when there is a header); returns the id the
 * request now has, or null.
 */
export function adoptRequestId(request: Request, trustedSender: () => boolean): string | null {
  const given = request.headers.get('x-request-id')
  if (given === null || !ADOPTABLE.test(given) || !trustedSender()) return null
  ids.set(request, given)
  return given
}
