/**
 * @module A short id per request, sent back as `X-Request-Id` and logged with failures:
 * 16 hex digits, a random per-process prefix and a counter. Ids only correlate a response
 * with a log line, so they need to be unique, not unguessable, and a counter costs
 * nothing on the ingest hot path (random bytes per request were ≈ 1% of it).
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
