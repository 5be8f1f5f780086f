/**
 * @module Which clients gave a summary value, so the public summary counts people rather than
 * records (k-anonymity, public-values.ts): each tracked value and each field keeps the tags of
 * the first `LIMITS.summaryDistinctClients` distinct clients that gave it. A tag is six hex
 * digits of SHA-256 over the app id and the client key (address; /64 for IPv6), so the stored
 * aggregates hold no address and one client's tag differs between apps; the owner's own
 * submissions (access token) are the one client `owner`.
 *
 * Memory: at most 10 tags of 6 characters per tracked value (200 per field) and per field, so
 * ≈ 18 KB per field at worst. The set only grows: a delete or an edit leaves it as it was (the
 * record counts still fall, and a value needs both), and records the aggregates re-read from
 * storage (replay after a restart, a spam flip, an edit, a recount) carry no client, so they
 * add none: the public summary then shows less, never more.
 */
import { createHash } from 'node:crypto'
import { LIMITS } from '../../contract/limits.ts'

/** The tag of the owner's submissions. */
export const OWNER_CLIENT = 'owner'

/** The tag of client `key` in app `appId` (null: the owner). */
export const clientTag = (appId: string, key: string | null): string =>
  key === null ? OWNER_CLIENT : createHash('sha256').update(`${appId}\n${key}`).digest('hex').slice(0, 6)

/** Adds `tag` (null: unknown, nothing added) to `tags` while it has room. */
export function addClient(tags: string[], tag: string | null): void {
  if (tag !== null && tags.length < LIMITS.summaryDistinctClients && !tags.includes(tag)) tags.push(tag)
}

/** The tags of `a` and `b`, within the bound. */
export function mergeClients(a: readonly string[], b: readonly string[]): string[] {
  const merged = [...a]
  for (const tag of b) addClient(merged, tag)
  return merged
}

/** Clients in `tags` other than `caller` (the reader of the public summary). */
export const othersThan = (tags: readonly string[] | undefined, caller: string | null): number =>
  tags ? tags.length - (caller !== null && tags.includes(caller) ? 1 : 0) : 0

/**
 * How many clients besides the reader must have given a value for the public summary to show
 * it at `minRespondents`: all of them up to the bound (less one place, the reader's own).
 */
export const clientsNeeded = (minRespondents: number): number =>
  Math.min(minRespondents, LIMITS.summaryDistinctClients - 1)
