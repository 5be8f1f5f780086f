/**
 * @module The storage of the audit log (core/audit): the interface core calls
 * (sqlite/audit.ts, postgres/audit.ts) and its row types. Entries are appended, never
 * changed; the retention job deletes the old ones in batches. An entry about a change is
 * written by the store that commits the change, inside its transaction (audit-unit.ts).
 */

/** One entry as stored; `before`/`after` are JSON text. */
export interface AuditRow {
  id: string
  at: number
  accountId: string | null
  appId: string | null
  actorId: string | null
  actorEmail: string | null
  via: string
  address: string
  action: string
  target: string | null
  before: string | null
  after: string | null
}

/** Which entries a page holds, newest first. */
export interface AuditQuery {
  /** Entries about this app; with `accountId` too, only both. */
  appId?: string
  /** Entries of this account (its actions and its failed log-ins). */
  accountId?: string
  /** An actor's user id or e-mail address (e-mail compared without case). */
  actor?: string
  /** One action, or every action starting so (`prefix: true`). */
  action?: { value: string; prefix: boolean }
  since?: number
  until?: number
  /** The last entry of the page before (at, id): this page starts after it. */
  after: { at: number; id: string } | null
  limit: number
}

export interface AuditStore {
  /** Appends one entry on its own (events that change nothing: log-ins, exports, a token's new address). */
  append(row: AuditRow): Promise<void>
  /** A page of entries, newest first (`at`, then `id`, both descending). */
  list(query: AuditQuery): Promise<AuditRow[]>
  /** Deletes up to `limit` entries older than `before`; returns how many. */
  prune(before: number, limit: number): Promise<number>
}
