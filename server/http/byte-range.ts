/**
 * @module The `Range` header of a download (RFC 9110 §14): one range of bytes, `bytes=0-499`,
 * `bytes=500-` or `bytes=-500`. Several ranges at once (multipart/byteranges) are answered
 * with the whole file, which the RFC allows; a range that starts past the end is a 416.
 */
import { AppError } from '../contract/errors.ts'
import type { ByteRange } from '../core/files/blob-store.ts'

/** The range `header` asks of a file of `size` bytes: null for the whole file. Throws 416 when it cannot be satisfied. */
export function requestedRange(header: string | null, size: number): ByteRange | null {
  if (!header) return null
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header)
  // Not one range in bytes (another unit, a list): the whole file.
  if (!match || (match[1] === '' && match[2] === '')) return null
  const unsatisfiable = () =>
    new AppError(
      'range_not_satisfiable',
      `The range ${JSON.stringify(header)} is not within the file's ${size} bytes`,
      {
        size,
      },
    )
  if (match[1] === '') {
    const suffix = Number(match[2])
    if (suffix === 0 || size === 0) throw unsatisfiable()
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(match[1])
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  if (start >= size || end < start) throw unsatisfiable()
  return { start, end }
}
