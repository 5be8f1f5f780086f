/**
 * @module Path segments that name things (`:scale`, `:page`, `:level`…). Elysia hands over
 * null when a segment's percent-encoding is broken; that is the client's mistake, a 400.
 */
import { AppError } from '../contract/errors.ts'

/** The decoded path segment, or a 400 naming what it should have been. */
export function pathRef(raw: string | null | undefined, what: string): string {
  if (typeof raw !== 'string' || raw === '') {
    throw new AppError(
      'bad_request',
      `The ${what} in the URL is not valid percent-encoding; encode it with encodeURIComponent or use its id`,
    )
  }
  return raw
}
