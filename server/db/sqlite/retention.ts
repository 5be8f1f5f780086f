/**
 * @module RetentionStore on SQLite (see storage/retention.ts).
 */
import { and, asc, eq, isNotNull, lt, lte, or } from 'drizzle-orm'
import type { RetentionStore } from '../storage/retention.ts'
import type { SqliteContext } from './context.ts'
import { endpoints, records, scheduledRuns } from './schema.ts'

export function sqliteRetention(db: SqliteContext): RetentionStore {
  const d = db.db
  return {
    async apps() {
      return d
        .select({
          appId: endpoints.appId,
          keepRecordsDays: endpoints.keepRecordsDays,
          keepSpamDays: endpoints.keepSpamDays,
        })
        .from(endpoints)
        .where(or(isNotNull(endpoints.keepRecordsDays), isNotNull(endpoints.keepSpamDays)))
        .all()
    },

    async expired(appId, before, spam, limit) {
      const rows = d
        .select({ id: records.id })
        .from(records)
        .where(and(eq(records.appId, appId), eq(records.spam, spam), lt(records.createdAt, before)))
        .orderBy(asc(records.seq))
        .limit(limit)
        .all()
      return rows.map((row) => row.id)
    },

    async claim(name, now, nextAt) {
      d.insert(scheduledRuns).values({ name, nextAt: now }).onConflictDoNothing().run()
      const moved = d
        .update(scheduledRuns)
        .set({ nextAt })
        .where(and(eq(scheduledRuns.name, name), lte(scheduledRuns.nextAt, now)))
        .returning({ name: scheduledRuns.name })
        .all()
      return moved.length === 1
    },
  }
}
