/**
 * @module The storage boundary: the one async interface through which the domain core
 * reads and writes, with two implementations, SQLite (server/db/sqlite/, the default) and
 * PostgreSQL (server/db/postgres/, with DATABASE_URL). Each module store's methods are
 * whole units of work with plain inputs and results (storage/<module>.ts); core never sees
 * SQL, a driver or a transaction object.
 */
import type { AlertStore } from './storage/alerts.ts'
import type { AuditStore } from './storage/audit.ts'
import type { ChallengeStore } from './storage/challenges.ts'
import type { RetentionStore } from './storage/retention.ts'
import type { GaugeStore } from './storage/gauges.ts'
import type { AuditUnits } from './storage/audit-unit.ts'
import type { AppendFeed } from './storage/appends.ts'
import type { AppStore } from './storage/apps.ts'
import type { AuthStore } from './storage/auth.ts'
import type { ChangeFeed } from './storage/changes.ts'
import type { ExpertStore } from './storage/experts.ts'
import type { FieldStore } from './storage/fields.ts'
import type { FileStore } from './storage/files.ts'
import type { RecordStore } from './storage/records.ts'
import type { ReportStore } from './storage/reports.ts'
import type { ScaleStore } from './storage/scales.ts'
import type { SenderStore } from './storage/senders.ts'
import type { MemberStore } from './storage/members.ts'
import type { ShareStore } from './storage/share.ts'
import type { SmartStore } from './storage/smart.ts'
import type { StatsStore } from './storage/stats.ts'
import type { ThemeStore } from './storage/themes.ts'
import type { UnlistedKeyStore } from './storage/unlisted-keys.ts'
import type { UserStore } from './storage/users.ts'
import type { WebhookStore } from './storage/webhooks.ts'

export type StorageKind = 'sqlite' | 'postgres'

/** The module stores, one per part of the domain. */
export interface Stores {
  users: UserStore
  auth: AuthStore
  alerts: AlertStore
  apps: AppStore
  fields: FieldStore
  files: FileStore
  share: ShareStore
  records: RecordStore
  stats: StatsStore
  scales: ScaleStore
  reports: ReportStore
  experts: ExpertStore
  themes: ThemeStore
  smart: SmartStore
  webhooks: WebhookStore
  senders: SenderStore
  members: MemberStore
  audit: AuditStore
  retention: RetentionStore
  unlisted: UnlistedKeyStore
  gauges: GaugeStore
  challenges: ChallengeStore
}

/** Whether the database can write now (kept by the guard in availability.ts). */
export interface Availability {
  /** Why the database cannot write now, or null when it can. */
  readonly problem: string | null
  /** Since when (epoch ms) `problem` holds; null when available. */
  readonly since: number | null
  /** Store calls so far that failed because the storage could not write. */
  readonly failures: number
  /** Calls `listener` with each change: the new problem, or null once writes get through again. */
  subscribe(listener: (problem: string | null) => void): () => void
}

export interface Storage extends Stores {
  readonly kind: StorageKind
  /** Every committed change to an app, from this process and (PostgreSQL) the others. */
  readonly changes: ChangeFeed
  /** The audit log's unit of work (one request): who and what its change's entry says (storage/audit-unit.ts). */
  readonly units: AuditUnits
  /** Every commit of records, as the app and its newest `serial` (storage/appends.ts): wake-ups for the live streams. */
  readonly appends: AppendFeed
  /**
   * Whether the database can write (availability.ts). A store method failing because the
   * storage cannot write (disk full, I/O error) rejects with an error carrying the reason
   * as `unavailable` (StorageUnavailableError).
   */
  readonly availability: Availability
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>
  /** Finishes pending work and closes the connection(s). */
  close(): Promise<void>
}
