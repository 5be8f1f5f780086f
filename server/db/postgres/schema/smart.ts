/**
 * @module The PostgreSQL tables of smart generation (server/smart): the plans it made and the
 * planning jobs.
 */
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, millis } from './columns.ts'
import { users } from './accounts.ts'

/**
 * Plans made by smart generation (server/smart). `plan` is the validated plan
 * document; `execution` records what executing it has done so far per module (JSON), so
 * a re-run after a failure resumes instead of duplicating.
 */
export const smartPlans = pgTable(
  'smart_plans',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who wrote the plan (PLAN_AUTHORS): `builtin`, `llm` (builtin when it fell back), `instrument` or `caller`. */
    planner: text('planner').notNull(),
    plan: text('plan').notNull(),
    execution: text('execution'),
    createdAt: createdAt(),
    updatedAt: millis('updated_at').notNull(),
  },
  (t) => [index('smart_plans_owner_idx').on(t.ownerId, t.createdAt)],
)

/** Planning jobs: status and progress of turning an instruction into a plan. */
export const smartJobs = pgTable(
  'smart_jobs',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    instruction: text('instruction').notNull(),
    planner: text('planner').notNull(),
    /** queued, running, succeeded, failed or cancelled. */
    status: text('status').notNull(),
    stage: text('stage').notNull(),
    percent: integer('percent').notNull().default(0),
    /** JSON array of progress messages, oldest first. */
    messages: text('messages').notNull().default('[]'),
    planId: text('plan_id').references(() => smartPlans.id, { onDelete: 'set null' }),
    /** JSON `{type, message}` when the job failed. */
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: millis('updated_at').notNull(),
    finishedAt: millis('finished_at'),
    /** The svc process running the job (random per process start); null when none runs it. */
    runner: text('runner'),
    /** When the runner last said it is alive; a job whose heartbeat is stale is taken over by another process. */
    heartbeatAt: millis('heartbeat_at'),
  },
  (t) => [index('smart_jobs_owner_idx').on(t.ownerId)],
)
