/**
 * @module `Idempotency-Key` on the ingest paths (IETF draft-ietf-httpapi-idempotency-key-header):
 * a client that lost the answer to a submission retries with the same key and gets the
 * first answer's ids instead of a duplicate. The key is stored per endpoint with the
 * records' ids in the transaction that commits them (storage `commitGroup`), kept for
 * `LIMITS.idempotencyKeyTtlMs`, and pruned by the record writer now and then.
 */
import { createHash } from 'node:crypto'
import type { IdempotencyClaim, NewRecord } from '../../db/storage/records.ts'
import { AppError } from '../../contract/errors.ts'
import { LIMITS } from '../../contract/limits.ts'

/** The request header, as ?help names it. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key'

/** Expired keys are deleted at most this often. */
const PRUNE_EVERY_MS = 60 * 60 * 1000

/** The creation time of the oldest key still in force at `now` (one kept `idempotencyKeyTtlMs` is gone). */
const oldestKept = (now: number) => now - LIMITS.idempotencyKeyTtlMs + 1

/** The key sent in the header, checked: null when none; 400 when it is empty, too long or not printable ASCII. */
export function idempotencyKey(header: string | null): string | null {
  if (header === null) return null
  const key = header.trim()
  if (key.length === 0 || key.length > LIMITS.maxIdempotencyKeyLength || !/^[\x20-\x7e]+$/.test(key)) {
    throw new AppError(
      'bad_request',
      `${IDEMPOTENCY_HEADER} must be 1 to ${LIMITS.maxIdempotencyKeyLength} printable ASCII characters (a UUID is a good key)`,
    )
  }
  return key
}

/** What a job claims for `key`: the fingerprint of its records, and the oldest stored key still in force at `now`. */
export function idempotencyClaim(key: string, records: readonly NewRecord[], now: number): IdempotencyClaim {
  const hash = createHash('sha256')
  for (const record of records) hash.update(`${record.spam ? 1 : 0}\n${record.data}\n${record.meta}\n`)
  return { key, fingerprint: hash.digest('base64url'), notBefore: oldestKept(now) }
}

/** 422 for a key that was used for other records. */
export const keyReused = () =>
  new AppError(
    'idempotency_key_reused',
    `This ${IDEMPOTENCY_HEADER} was used within the last 24 hours for a different submission; send a new key for new records`,
  )

/** Deletes expired keys at most once an hour (call after each commit that stored keys); `prune` does the deleting. */
export function keyPruner(
  now: () => number,
  prune: (before: number) => Promise<unknown>,
): () => Promise<unknown> | null {
  let last = Number.NEGATIVE_INFINITY
  return () => {
    const at = now()
    if (at - last < PRUNE_EVERY_MS) return null
    last = at
    return prune(oldestKept(at))
  }
}
