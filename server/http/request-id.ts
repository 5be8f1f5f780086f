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

/** The request's id, made on first use. */
export function requestIdOf(request: Request): string {
  let id = ids.get(request)
  if (!id) {
    counter = (counter + 1) >>> 0
    id = prefix + counter.toString(16).padStart(8, '0')
    ids.set(request, id)
  }
  return id
}
