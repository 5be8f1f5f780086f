/**
 * @module The SQLite table of periodic jobs that every process may run but one should: a
 * row per job with when it is next due; a process that moves `next_at` on (one UPDATE, only
 * while due) is the one that runs it this time.
 */
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'

export const scheduledRuns = sqliteTable('scheduled_runs', {
  name: text('name').primaryKey(),
  /** When the job is next due (epoch ms). */
  nextAt: integer('next_at').notNull(),
})
