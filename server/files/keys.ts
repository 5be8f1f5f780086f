/**
 * @module The one check of a blob key both stores make. Keys are made by svc
 * (`<app id>/<file id>`, `uploads/<upload id>/<n>`), never taken from a client, so a key
 * that could leave the store's folder or hide beside its temp files is a bug: it throws. So is
 * a byte range that is not one.
 */
import type { ByteRange } from '../core/files/blob-store.ts'

/** A key that is not a relative path of plain segments. */
export class BadBlobKey extends Error {
  override name = 'BadBlobKey'
  constructor(readonly key: string) {
    super(`bad blob key ${JSON.stringify(key)}: keys are relative paths of plain segments`)
  }
}

/**
 * Returns `key` when every `/`-separated segment is non-empty and starts with no dot (no `..`,
 * no `.part-…` temp name, no hidden file), and it holds no backslash or NUL; throws BadBlobKey
 * otherwise. An absolute path fails too: its first segment is empty.
 */
export function checkKey(key: string): string {
  if (key.includes('\\') || key.includes('\0')) throw new BadBlobKey(key)
  if (key.split('/').some((segment) => segment === '' || segment.startsWith('.'))) throw new BadBlobKey(key)
  return key
}

/** Refuses a range that is not whole numbers with `0 <= start <= end` (a bug of the caller). */
export function checkRange(range: ByteRange | undefined): void {
  if (!range) return
  const { start, end } = range
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new RangeError(`bad byte range ${start}-${end}`)
  }
}
