/**
 * @module The PostgreSQL storage: every module store over one pool, migrated at open under
 * an advisory lock, with change notices shared between processes through LISTEN/NOTIFY.
 */
import { auditUnits } from '../storage/audit-unit.ts'
import { guardStores } from '../availability.ts'
import type { Storage, Stores } from '../storage.ts'
import { postgresApps } from './apps.ts'
import { postgresAlerts } from './alerts.ts'
import { postgresAuth } from './auth.ts'
import { listenForAppends, unheardAppends } from './appends.ts'
import { listenForChanges, unheardChanges } from './changes.ts'
import { connectPostgres, type PgOptions } from './connection.ts'
import { pgStorageProblem } from './errors.ts'
import type { PgContext } from './context.ts'
import { postgresExperts } from './experts.ts'
import { postgresFields } from './fields.ts'
import { postgresFiles } from './files.ts'
import { postgresUnlistedKeys } from './unlisted-keys.ts'
import { migratePostgres } from './migrate.ts'
import { postgresRecords } from './records.ts'
import { postgresReports } from './reports.ts'
import { postgresScales } from './scales.ts'
import { postgresSenders } from './senders.ts'
import { postgresMembers } from './members.ts'
import { postgresAudit } from './audit.ts'
import { postgresRetention } from './retention.ts'
import { postgresGauges } from './gauges.ts'
import { postgresChallenges } from './challenges.ts'
import { postgresShare } from './share.ts'
import { postgresSmart } from './smart.ts'
import { postgresStats } from './stats.ts'
import { postgresThemes } from './themes.ts'
import { postgresUsers } from './users.ts'
import { postgresWebhooks } from './webhooks.ts'

export interface PostgresStorageOptions extends PgOptions {
  /** Skip migrating (tests open many databases made from one migrated template). */
  migrate?: boolean
  /** Listen for other processes' changes (default); a test context alone on its database need not. */
  listen?: boolean
  now?: () => number
  /** Told the tags of the migrations this start-up applied, when it applied any. */
  migrated?: (tags: string[]) => void
}

/** Connects to `url`, migrates, starts listening for other processes' changes. */
export async function openPostgresStorage(url: string, options: PostgresStorageOptions = {}): Promise<Storage> {
  const connection = connectPostgres(url, options)
  try {
    if (options.migrate !== false) {
      const applied = await migratePostgres(connection.client)
      if (applied.length > 0) options.migrated?.(applied)
    }
    const processId = crypto.randomUUID()
    const now = options.now ?? Date.now
    const changes =
      options.listen === false
        ? unheardChanges(processId, now)
        : await listenForChanges(connection.client, processId, now)
    const appends = options.listen === false ? unheardAppends() : await listenForAppends(connection.client)
    const db: PgContext = { ...connection, changes, appends, now }
    const plain: Stores = {
      users: postgresUsers(db),
      auth: postgresAuth(db),
      alerts: postgresAlerts(db),
      apps: postgresApps(db),
      fields: postgresFields(db),
      files: postgresFiles(db),
      share: postgresShare(db),
      records: postgresRecords(db),
      stats: postgresStats(db),
      scales: postgresScales(db),
      reports: postgresReports(db),
      experts: postgresExperts(db),
      themes: postgresThemes(db),
      smart: postgresSmart(db),
      webhooks: postgresWebhooks(db),
      senders: postgresSenders(db),
      members: postgresMembers(db),
      audit: postgresAudit(db),
      retention: postgresRetention(db),
      unlisted: postgresUnlistedKeys(db),
      gauges: postgresGauges(db),
      challenges: postgresChallenges(db),
    }
    // No write counter to ask here: any success after a failure counts as recovery.
    const { stores, availability } = guardStores(plain, { classify: pgStorageProblem, now })
    return {
      kind: 'postgres',
      ...stores,
      changes,
      appends,
      units: auditUnits,
      availability,
      async ping() {
        await connection.client`SELECT 1`
      },
      async close() {
        await changes.close()
        await appends.close()
        await connection.close()
      },
    }
  } catch (error) {
    await connection.close()
    throw error
  }
}
