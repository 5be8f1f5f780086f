/**
 * @module The answer when the database cannot write for now (a full disk, an I/O error;
 * see db/availability.ts): 503 `storage_unavailable` with Retry-After, the same for every
 * face, instead of a 500 and a stack trace in the log per request.
 */
import { AppError } from '../contract/errors.ts'

/** What Retry-After tells a client to wait before trying again while the storage is unavailable. */
export const STORAGE_RETRY_AFTER_SECONDS = 30

/** The 503 AppError for an error a store threw because the storage cannot write; null for any other error. */
export function storageUnavailable(error: unknown): AppError | null {
  if (!(error instanceof Error) || typeof (error as Error & { unavailable?: unknown }).unavailable !== 'string')
    return null
  return new AppError(
    'storage_unavailable',
    `The server cannot save anything right now (its storage is unavailable), so nothing was stored: try again in ${STORAGE_RETRY_AFTER_SECONDS} seconds`,
    { retryAfterSeconds: STORAGE_RETRY_AFTER_SECONDS },
  )
}
