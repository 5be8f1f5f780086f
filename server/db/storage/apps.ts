/**
 * @module The storage of apps and the app list view: the interface core calls
 * (implemented in sqlite/apps.ts and postgres/apps.ts) and its plain row types.
 */
import type { Role } from '../../contract/access/roles.ts'
import type { ReadAccess } from '../../contract/share/reads.ts'
import type { NewEndpoint } from './share.ts'

export interface AppRow {
  id: string
  ownerId: string
  name: string
  description: string
  createdAt: number
  updatedAt: number
}

/** An app with what its list entry shows: counters, publication, reads and field count. */
export interface AppListRow {
  app: AppRow
  fieldCount: number
  /** Non-spam records. */
  kept: number
  spam: number
  lastAt: number | null
  published: boolean
  reads: ReadAccess
  /** The role of the user the row was read for: `owner`, a member's role, or null for none. */
  role: Role | null
}

/** Where a page of the app list starts and how long it is. */
export interface AppPage {
  limit: number
  /** The position of the previous page's last app; null for the first page. */
  after: { createdAt: number; id: string } | null
  /** Only these apps (an access token limited to them); null or left out: every one. */
  only?: readonly string[] | null
}

export interface AppStore {
  /**
   * Creates the app with its endpoint row (columns not given take the schema's defaults)
   * and its counters row (all zero), in one transaction.
   */
  create(input: { app: AppRow; endpoint: NewEndpoint }): Promise<void>
  /** The app's row and `userId`'s role in it (its owner, or a member), in one query; null when they have none. */
  access(appId: string, userId: string): Promise<{ app: AppRow; role: Role } | null>
  byId(appId: string): Promise<AppRow | null>
  /**
   * Up to `page.limit` apps `userId` owns or is a member of, as listed for them, newest
   * first (ties: newest id first), after `page.after` (the last app of the previous page)
   * when given: a key range on (created_at, id), never an OFFSET.
   */
  list(userId: string, page: AppPage): Promise<AppListRow[]>
  /** One app as listed for `userId` (its `role` null when they have none). */
  listed(appId: string, userId: string): Promise<AppListRow | null>
  /** Renames and/or re-describes; announces `app`. False when the app is gone. */
  update(appId: string, changes: { name?: string; description?: string }, updatedAt: number): Promise<boolean>
  /**
   * Deletes the app; foreign keys cascade to its fields, endpoint, records, counters and
   * assessment rows. Announces `deleted`. False when there was no such app.
   */
  delete(appId: string): Promise<boolean>
}

/** The role text a list row read: `owner`, a member's role, or null. */
export const roleOf = (role: string | null | undefined): Role | null => (role ? (role as Role) : null)

/** An app row joined with the caller's member row: the owner is `owner` whatever the join says; no role: no access. */
export function accessOf(
  row: { app: AppRow; role: string | null } | undefined,
  userId: string,
): { app: AppRow; role: Role } | null {
  if (!row) return null
  if (row.app.ownerId === userId) return { app: row.app, role: 'owner' }
  return row.role ? { app: row.app, role: row.role as Role } : null
}
