/**
 * @module The PostgreSQL table of periodic jobs that every process may run but one should: a
 * row per job with when it is next due; a process that moves `next_at` on (one UPDATE, only
 * while due) is the one that runs it this time.
 */
import { pgTable, text } from 'drizzle-orm/pg-core'
import { millis } from './columns.ts'

export const scheduledRuns = pgTable('scheduled_runs', {
  name: text('name').primaryKey(),
  /** When the job is next due (epoch ms). */
  nextAt: millis('next_at').notNull(),
})
