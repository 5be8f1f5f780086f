/**
 * @module The storage of apps and the app list view: the interface core calls
 * (implemented in sqlite/apps.ts and postgres/apps.ts) and its plain row types.
 */
import type { ReadAccess } from '../../core/share/reads.ts'
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
}

export interface AppStore {
  /**
   * Creates the app with its endpoint row (columns not given take the schema's defaults)
   * and its counters row (all zero), in one transaction.
   */
  create(input: { app: AppRow; endpoint: NewEndpoint }): Promise<void>
  /** The app's row when `ownerId` owns it. */
  owned(appId: string, ownerId: string): Promise<AppRow | null>
  byId(appId: string): Promise<AppRow | null>
  /** The apps of `ownerId` as listed, newest first (ties: newest id first). */
  list(ownerId: string): Promise<AppListRow[]>
  /** One app as listed. */
  listed(appId: string): Promise<AppListRow | null>
  /** Renames and/or re-describes; announces `app`. False when the app is gone. */
  update(appId: string, changes: { name?: string; description?: string }, updatedAt: number): Promise<boolean>
  /**
   * Deletes the app; foreign keys cascade to its fields, endpoint, records, counters and
   * assessment rows. Announces `deleted`. False when there was no such app.
   */
  delete(appId: string): Promise<boolean>
}
