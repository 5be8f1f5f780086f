/** @module GaugeStore on PostgreSQL (see storage/gauges.ts): one query for the figures. */
import { asc } from 'drizzle-orm'
import type { GaugeStore } from '../storage/gauges.ts'
import type { PgContext } from './context.ts'
import { rawRun } from './raw-run.ts'
import { appStats } from './schema.ts'

interface GaugeRow {
  outbox: string
  files: string
  file_bytes: string
  database_bytes: string
}

export function postgresGauges(db: PgContext): GaugeStore {
  const run = rawRun(db.client)
  return {
    async read() {
      const [row] = await run<GaugeRow>(
        `SELECT (SELECT count(*) FROM webhook_outbox) + (SELECT count(*) FROM webhook_deliveries WHERE status = 'pending') AS outbox,
                (SELECT count(*) FROM files) AS files,
                (SELECT coalesce(sum(size), 0) FROM files) AS file_bytes,
                pg_database_size(current_database()) AS database_bytes`,
      )
      return {
        outboxDepth: Number(row.outbox),
        files: Number(row.files),
        fileBytes: Number(row.file_bytes),
        databaseBytes: Number(row.database_bytes),
      }
    },

    async perApp(limit) {
      return db.db
        .select({ appId: appStats.appId, records: appStats.kept, spam: appStats.spam })
        .from(appStats)
        .orderBy(asc(appStats.appId))
        .limit(limit)
    },
  }
}
