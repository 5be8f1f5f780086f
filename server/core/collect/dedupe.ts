/**
 * @module Duplicate posts (share settings `dedupeSeconds`, `dedupeJson`): the same data
 * posted again by the same client within the window is answered like the first post, with
 * its record's id, and stored once (a double click, a browser's retry). The key is the
 * client key (core/client-key.ts) and a hash of the data with its object keys sorted, not
 * the raw body; it is kept in the Idempotency-Key store (idempotency.ts), whose claim
 * inside the commit's transaction already answers a replay with the first ids, and on
 * PostgreSQL its primary key decides between two processes. A request that sends its own
 * Idempotency-Key is deduplicated by that key instead.
 */
import { createHash } from 'node:crypto'
import type { IdempotencyClaim } from '../../db/storage/records.ts'
import { clientKey } from '../client-key.ts'

/** A duplicate window to claim: the key of the client and data, and how long it holds. */
export interface DedupeKey {
  dedupe: string
  windowMs: number
}

/**
 * Where dedupe keys live in the key store: a prefix no Idempotency-Key can have (those are
 * printable ASCII), so the two never meet.
 */
const PREFIX = '\u00b7dedupe '

/** The data as JSON with every object's keys sorted (JSON nesting is bounded by LIMITS.maxDepth). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
    return `{${entries.join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/** The duplicate window of a post of `data` by the client at `address`; null when it is off. */
export function dedupeKey(address: string | null, data: unknown, seconds: number): DedupeKey | null {
  if (seconds <= 0) return null
  const hash = createHash('sha256')
    .update(`${address === null ? '' : clientKey(address)}\n${canonicalJson(data)}`)
    .digest('base64url')
  return { dedupe: hash, windowMs: seconds * 1000 }
}

/** The store's claim for a duplicate window at `now`: one within the window replays, an older one is replaced. */
export const dedupeClaim = (key: DedupeKey, now: number): IdempotencyClaim => ({
  key: `${PREFIX}${key.dedupe}`,
  fingerprint: key.dedupe,
  notBefore: now - key.windowMs + 1,
})
