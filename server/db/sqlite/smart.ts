/**
 * @module SmartStore on SQLite (see storage/smart.ts). Each method is one statement or one
 * immediate transaction; a message is appended inside the UPDATE (`json_insert(…, '$[#]', …)`),
 * never read and written back.
 */
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import {
  UNFINISHED_JOB_STATUSES,
  type CancelResult,
  type JobRow,
  type JobStep,
  type PlanRow,
  type SmartStore,
} from '../storage/smart.ts'
import type { SqliteContext } from './context.ts'
import { inImmediateTransaction } from './immediate.ts'
import { smartJobs, smartPlans } from './schema.ts'

const unfinished = inArray(smartJobs.status, [...UNFINISHED_JOB_STATUSES])
const appended = (message: string) => sql`json_insert(${smartJobs.messages}, '$[#]', ${message})`
/** The job, while `runner` holds it and it has not finished. */
const heldBy = (jobId: string, runner: string) => and(eq(smartJobs.id, jobId), eq(smartJobs.runner, runner), unfinished)

/** The smart store over the open SQLite database. */
export function sqliteSmart(db: SqliteContext): SmartStore {
  // Long: the store's methods, each short, over one database.
  const store = db.db
  const planOf = (ownerId: string, planId: string): PlanRow | null =>
    store
      .select()
      .from(smartPlans)
      .where(and(eq(smartPlans.id, planId), eq(smartPlans.ownerId, ownerId)))
      .get() ?? null
  const job = (jobId: string): JobRow | null =>
    store.select().from(smartJobs).where(eq(smartJobs.id, jobId)).get() ?? null

  return {
    async insertPlan(row) {
      store.insert(smartPlans).values(row).run()
    },
    planOf: async (ownerId, planId) => planOf(ownerId, planId),
    plansOf: async (ownerId) =>
      store
        .select()
        .from(smartPlans)
        .where(eq(smartPlans.ownerId, ownerId))
        .orderBy(desc(smartPlans.createdAt), desc(smartPlans.id))
        .all(),
    async replacePlan(ownerId, planId, plan, execution, now) {
      return inImmediateTransaction(db, () => {
        const row = planOf(ownerId, planId)
        if (!row) return null
        return (
          store
            .update(smartPlans)
            .set({ plan, execution: execution(row.execution), updatedAt: now })
            .where(eq(smartPlans.id, planId))
            .returning()
            .get() ?? null
        )
      })
    },
    async saveExecution(planId, execution, now) {
      store.update(smartPlans).set({ execution, updatedAt: now }).where(eq(smartPlans.id, planId)).run()
    },

    async insertJob(row) {
      store.insert(smartJobs).values(row).run()
    },
    job: async (jobId) => job(jobId),
    jobOf: async (ownerId, jobId) =>
      store
        .select()
        .from(smartJobs)
        .where(and(eq(smartJobs.id, jobId), eq(smartJobs.ownerId, ownerId)))
        .get() ?? null,
    jobsOf: async (ownerId) =>
      store
        .select()
        .from(smartJobs)
        .where(eq(smartJobs.ownerId, ownerId))
        .orderBy(desc(smartJobs.createdAt), desc(smartJobs.id))
        .all(),
    async advanceJob(jobId, runner, step: JobStep, now) {
      const changed = store
        .update(smartJobs)
        .set({ stage: step.stage, percent: step.percent, messages: appended(step.message), updatedAt: now })
        .where(heldBy(jobId, runner))
        .returning({ id: smartJobs.id })
        .all()
      return changed.length > 0
    },
    async failJob(jobId, runner, failure, now) {
      const changed = store
        .update(smartJobs)
        .set({
          status: 'failed',
          stage: failure.stage,
          messages: appended(failure.message),
          error: failure.error,
          finishedAt: now,
          updatedAt: now,
        })
        .where(heldBy(jobId, runner))
        .returning({ id: smartJobs.id })
        .all()
      return changed.length > 0
    },
    async succeedJob(jobId, runner, plan, step, now) {
      return inImmediateTransaction(db, () => {
        if (!store.select({ id: smartJobs.id }).from(smartJobs).where(heldBy(jobId, runner)).get()) return false
        store.insert(smartPlans).values(plan).run()
        store
          .update(smartJobs)
          .set({
            status: 'succeeded',
            stage: step.stage,
            percent: step.percent,
            messages: appended(step.message),
            planId: plan.id,
            finishedAt: now,
            updatedAt: now,
          })
          .where(eq(smartJobs.id, jobId))
          .run()
        return true
      })
    },
    async cancelJob(ownerId, jobId, message, now): Promise<CancelResult> {
      const row = store
        .update(smartJobs)
        .set({ status: 'cancelled', stage: 'cancelled', messages: appended(message), finishedAt: now, updatedAt: now })
        .where(and(eq(smartJobs.id, jobId), eq(smartJobs.ownerId, ownerId), unfinished))
        .returning()
        .get()
      if (row) return { ok: true, row }
      return {
        ok: false,
        row:
          store
            .select()
            .from(smartJobs)
            .where(and(eq(smartJobs.id, jobId), eq(smartJobs.ownerId, ownerId)))
            .get() ?? null,
      }
    },
    async claimJob(jobId, runner, staleBefore, message, now) {
      return (
        store
          .update(smartJobs)
          .set({
            runner,
            heartbeatAt: now,
            status: 'running',
            stage: 'queued',
            percent: 0,
            messages: appended(message),
            updatedAt: now,
          })
          .where(
            and(
              eq(smartJobs.id, jobId),
              unfinished,
              or(isNull(smartJobs.runner), isNull(smartJobs.heartbeatAt), lt(smartJobs.heartbeatAt, staleBefore)),
            ),
          )
          .returning()
          .get() ?? null
      )
    },
    async beat(runner, jobIds, now) {
      if (jobIds.length === 0) return []
      const rows = store
        .update(smartJobs)
        .set({ heartbeatAt: now })
        .where(and(inArray(smartJobs.id, jobIds), eq(smartJobs.runner, runner), unfinished))
        .returning({ id: smartJobs.id })
        .all()
      return rows.map((row) => row.id)
    },
    async releaseJobs(runner, message, now) {
      const changed = store
        .update(smartJobs)
        .set({
          status: 'queued',
          stage: 'queued',
          percent: 0,
          runner: null,
          heartbeatAt: null,
          messages: appended(message),
          updatedAt: now,
        })
        .where(and(eq(smartJobs.runner, runner), unfinished))
        .returning({ id: smartJobs.id })
        .all()
      return changed.length
    },
  }
}
