/**
 * @module A short id per request, sent back as `X-Request-Id` and logged with failures.
 */
import { randomBytes } from 'node:crypto'

const ids = new WeakMap<Request, string>()

/** The request's id, made on first use. */
export function requestIdOf(request: Request): string {
  let id = ids.get(request)
  if (!id) {
    id = randomBytes(8).toString('hex')
    ids.set(request, id)
  }
  return id
}
