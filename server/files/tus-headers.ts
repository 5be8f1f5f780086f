/**
 * @module The request headers of tus 1.0 read into plain values: Upload-Length and
 * Upload-Offset (non-negative integers), and Upload-Metadata (comma-separated pairs of a key
 * and its value in base64). A header that is not what tus says is 400 `bad_request`, with the
 * rule in the message.
 */
import { AppError } from '../contract/errors.ts'

/** A byte count header (Upload-Length, Upload-Offset), or null when absent; 400 when not a whole number. */
export function byteCount(name: string, value: string | null): number | null {
  if (value === null) return null
  const trimmed = value.trim()
  const count = /^\d{1,16}$/.test(trimmed) ? Number(trimmed) : Number.NaN
  if (!Number.isSafeInteger(count))
    throw new AppError(
      'bad_request',
      `${name} must be a whole number of bytes, got ${JSON.stringify(value.slice(0, 40))}`,
    )
  return count
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

const badMetadata = (why: string) =>
  new AppError('bad_request', `Upload-Metadata ${why}; it is comma-separated pairs "key base64value" (tus 1.0)`)

/** The pairs of Upload-Metadata (a key without a value maps to ''); 400 when it is not tus's form. */
export function uploadMetadata(value: string | null): Map<string, string> {
  const pairs = new Map<string, string>()
  if (value === null || value.trim() === '') return pairs
  for (const item of value.split(',')) {
    const [key, encoded, ...rest] = item.trim().split(' ')
    if (!key || rest.length > 0)
      throw badMetadata(`has a pair that is not "key base64value": ${JSON.stringify(item.slice(0, 40))}`)
    if (pairs.has(key)) throw badMetadata(`names ${JSON.stringify(key.slice(0, 40))} twice`)
    if (encoded !== undefined && !BASE64.test(encoded))
      throw badMetadata(`has a value of ${JSON.stringify(key.slice(0, 40))} that is not base64`)
    pairs.set(key, encoded === undefined ? '' : Buffer.from(encoded, 'base64').toString('utf8'))
  }
  return pairs
}
