/**
 * @module The SQLite storage: every module store over one open database file (or
 * `:memory:`), with in-process change notices, guarded for a full disk (availability.ts).
 */
import { auditUnits } from '../storage/audit-unit.ts'
import { guardStores } from '../availability.ts'
import type { Storage, Stores } from '../storage.ts'
import { localAppendFeed } from '../storage/appends.ts'
import { localChangeFeed } from '../storage/changes.ts'
import { sqliteApps } from './apps.ts'
import { sqliteAlerts } from './alerts.ts'
import { sqliteAuth } from './auth.ts'
import type { Store } from './connection.ts'
import type { SqliteContext } from './context.ts'
import { sqliteExperts } from './experts.ts'
import { sqliteFields } from './fields.ts'
import { sqliteFiles } from './files.ts'
import { sqliteUnlistedKeys } from './unlisted-keys.ts'
import { sqliteRecords } from './records.ts'
import { sqliteReports } from './reports.ts'
import { sqliteScales } from './scales.ts'
import { sqliteSenders } from './senders.ts'
import { sqliteMembers } from './members.ts'
import { sqliteAudit } from './audit.ts'
import { sqliteChallenges } from './challenges.ts'
import { sqliteRetention } from './retention.ts'
import { sqliteGauges } from './gauges.ts'
import { sqliteShare } from './share.ts'
import { sqliteSmart } from './smart.ts'
import { sqliteStats } from './stats.ts'
import { sqliteThemes } from './themes.ts'
import { sqliteStorageProblem } from './unavailable.ts'
import { sqliteUsers } from './users.ts'
import { sqliteWebhooks } from './webhooks.ts'

/** The storage over an opened and migrated `store`; `now` stamps rows the stores date themselves. */
export function sqliteStorage(store: Store, now: () => number = Date.now): Storage {
  const db: SqliteContext = { ...store, changes: localChangeFeed(), appends: localAppendFeed(), now }
  const plain: Stores = {
    users: sqliteUsers(db),
    auth: sqliteAuth(db),
    alerts: sqliteAlerts(db),
    apps: sqliteApps(db),
    fields: sqliteFields(db),
    files: sqliteFiles(db),
    share: sqliteShare(db),
    records: sqliteRecords(db),
    stats: sqliteStats(db),
    scales: sqliteScales(db),
    reports: sqliteReports(db),
    experts: sqliteExperts(db),
    themes: sqliteThemes(db),
    smart: sqliteSmart(db),
    webhooks: sqliteWebhooks(db),
    senders: sqliteSenders(db),
    members: sqliteMembers(db),
    audit: sqliteAudit(db),
    retention: sqliteRetention(db),
    unlisted: sqliteUnlistedKeys(db),
    gauges: sqliteGauges(db),
    challenges: sqliteChallenges(db),
  }
  const writes = store.sqlite.prepare<{ n: number }, []>('SELECT total_changes() AS n')
  const { stores, availability } = guardStores(plain, {
    classify: sqliteStorageProblem,
    writes: () => writes.get()!.n,
    lasting: () => store.wal.failure?.message ?? null,
    now,
  })
  return {
    kind: 'sqlite',
    ...stores,
    changes: db.changes,
    appends: db.appends,
    units: auditUnits,
    availability,
    async ping() {
      store.sqlite.query('SELECT 1').get()
    },
    async close() {
      store.close()
      // Settles once the checkpoint thread has closed its connection too: whichever closed last
      // has checkpointed the WAL into the database file, so the file alone is the database and
      // nothing holds it open (a restore, a copy, the next start may go ahead).
      await store.checkpoints.stopped()
    },
  }
}
