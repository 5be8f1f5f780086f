/**
 * @module Key-range pages of a newest-first list (apps, the audit log): `limit` read as a
 * whole number in its range (a 400 otherwise, never clamped), and the cursor, opaque to
 * clients: the last item's time and id, base64url.
 */
import { AppError } from '../contract/errors.ts'

const badRequest = (message: string) => new AppError('bad_request', message)

/** `raw` (the query's `limit`) as a number from 1 to `max`; `fallback` when left out. */
export function pageLimit(raw: unknown, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback
  const limit = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : Number.NaN
  if (!(limit >= 1 && limit <= max))
    throw badRequest(`limit must be a whole number from 1 to ${max}, got "${String(raw)}"`)
  return limit
}

/** The cursor after the item at (`at`, `id`). */
export const encodeCursor = (at: number, id: string): string => Buffer.from(`${at}.${id}`).toString('base64url')

/** The (`at`, `id`) a cursor this server gave out stands for; null for none; a 400 for any other text. */
export function decodeCursor(raw: unknown): { at: number; id: string } | null {
  if (raw === undefined || raw === '') return null
  const match =
    typeof raw === 'string' ? /^(\d{1,16})\.([\w-]{1,64})$/.exec(Buffer.from(raw, 'base64url').toString()) : null
  if (!match)
    throw badRequest(
      'cursor is not one this server gave out: pass the nextCursor of the previous page unchanged, or leave it out for the first page',
    )
  return { at: Number(match[1]), id: match[2] }
}
