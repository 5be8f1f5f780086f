/**
 * @module RetentionStore on PostgreSQL (see storage/retention.ts). The claim is one UPDATE
 * of the job's row while it is due: of several processes asking at once, one moves it on.
 */
import { and, asc, eq, isNotNull, lt, lte, or } from 'drizzle-orm'
import type { RetentionStore } from '../storage/retention.ts'
import type { PgContext } from './context.ts'
import { endpoints, records, scheduledRuns } from './schema.ts'

export function postgresRetention(db: PgContext): RetentionStore {
  const pg = db.db
  return {
    async apps() {
      return pg
        .select({
          appId: endpoints.appId,
          keepRecordsDays: endpoints.keepRecordsDays,
          keepSpamDays: endpoints.keepSpamDays,
        })
        .from(endpoints)
        .where(or(isNotNull(endpoints.keepRecordsDays), isNotNull(endpoints.keepSpamDays)))
    },

    async expired(appId, before, spam, limit) {
      const rows = await pg
        .select({ id: records.id })
        .from(records)
        .where(and(eq(records.appId, appId), eq(records.spam, spam), lt(records.createdAt, before)))
        .orderBy(asc(records.seq))
        .limit(limit)
      return rows.map((row) => row.id)
    },

    async claim(name, now, nextAt) {
      await pg.insert(scheduledRuns).values({ name, nextAt: now }).onConflictDoNothing()
      const moved = await pg
        .update(scheduledRuns)
        .set({ nextAt })
        .where(and(eq(scheduledRuns.name, name), lte(scheduledRuns.nextAt, now)))
        .returning({ name: scheduledRuns.name })
      return moved.length === 1
    },
  }
}
