/**
 * @module SmartStore on PostgreSQL (see storage/smart.ts). Every job write is one
 * conditional UPDATE: the row lock orders concurrent writers and each re-checks its WHERE on
 * the row as the previous one left it (READ COMMITTED), so of two processes claiming a stale
 * job one wins, and a runner's write after a cancel finds the job gone. A message is
 * appended inside the UPDATE (jsonb `||`), so no writer loses another's.
 */
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import { UNFINISHED_JOB_STATUSES, type CancelResult, type JobRow, type SmartStore } from '../storage/smart.ts'
import type { PgContext } from './context.ts'
import { smartJobs, smartPlans } from './schema.ts'

const unfinished = inArray(smartJobs.status, [...UNFINISHED_JOB_STATUSES])
const appended = (message: string) => sql`(${smartJobs.messages}::jsonb || to_jsonb(${message}::text))::text`
/** The job, while `runner` holds it and it has not finished. */
const heldBy = (jobId: string, runner: string) => and(eq(smartJobs.id, jobId), eq(smartJobs.runner, runner), unfinished)

/** The smart store over the PostgreSQL pool. */
export function postgresSmart(db: PgContext): SmartStore {
  // Long: the store's methods, each short, over one pool.
  const pg = db.db
  const first = <T>(rows: T[]): T | null => rows[0] ?? null

  return {
    async insertPlan(row) {
      await pg.insert(smartPlans).values(row)
    },
    planOf: async (ownerId, planId) =>
      first(
        await pg
          .select()
          .from(smartPlans)
          .where(and(eq(smartPlans.id, planId), eq(smartPlans.ownerId, ownerId))),
      ),
    plansOf: async (ownerId) =>
      await pg
        .select()
        .from(smartPlans)
        .where(eq(smartPlans.ownerId, ownerId))
        .orderBy(desc(smartPlans.createdAt), desc(smartPlans.id)),
    replacePlan(ownerId, planId, plan, execution, now) {
      return pg.transaction(async (tx) => {
        const row = first(
          await tx
            .select()
            .from(smartPlans)
            .where(and(eq(smartPlans.id, planId), eq(smartPlans.ownerId, ownerId)))
            .for('update'),
        )
        if (!row) return null
        return first(
          await tx
            .update(smartPlans)
            .set({ plan, execution: execution(row.execution), updatedAt: now })
            .where(eq(smartPlans.id, planId))
            .returning(),
        )
      })
    },
    async saveExecution(planId, execution, now) {
      await pg.update(smartPlans).set({ execution, updatedAt: now }).where(eq(smartPlans.id, planId))
    },

    async insertJob(row) {
      await pg.insert(smartJobs).values(row)
    },
    job: async (jobId) => first(await pg.select().from(smartJobs).where(eq(smartJobs.id, jobId))),
    jobOf: async (ownerId, jobId) =>
      first(
        await pg
          .select()
          .from(smartJobs)
          .where(and(eq(smartJobs.id, jobId), eq(smartJobs.ownerId, ownerId))),
      ),
    jobsOf: async (ownerId) =>
      await pg
        .select()
        .from(smartJobs)
        .where(eq(smartJobs.ownerId, ownerId))
        .orderBy(desc(smartJobs.createdAt), desc(smartJobs.id)),
    async advanceJob(jobId, runner, step, now) {
      const rows = await pg
        .update(smartJobs)
        .set({ stage: step.stage, percent: step.percent, messages: appended(step.message), updatedAt: now })
        .where(heldBy(jobId, runner))
        .returning({ id: smartJobs.id })
      return rows.length > 0
    },
    async failJob(jobId, runner, failure, now) {
      const rows = await pg
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
      return rows.length > 0
    },
    succeedJob(jobId, runner, plan, step, now) {
      return pg.transaction(async (tx) => {
        // Locks the job row: a cancel or a claim waits for this unit, or this unit sees theirs.
        const held = await tx.select({ id: smartJobs.id }).from(smartJobs).where(heldBy(jobId, runner)).for('update')
        if (held.length === 0) return false
        await tx.insert(smartPlans).values(plan)
        await tx
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
        return true
      })
    },
    async cancelJob(ownerId, jobId, message, now): Promise<CancelResult> {
      const row = first(
        await pg
          .update(smartJobs)
          .set({
            status: 'cancelled',
            stage: 'cancelled',
            messages: appended(message),
            finishedAt: now,
            updatedAt: now,
          })
          .where(and(eq(smartJobs.id, jobId), eq(smartJobs.ownerId, ownerId), unfinished))
          .returning(),
      )
      if (row) return { ok: true, row }
      return {
        ok: false,
        row: first(
          await pg
            .select()
            .from(smartJobs)
            .where(and(eq(smartJobs.id, jobId), eq(smartJobs.ownerId, ownerId))),
        ),
      }
    },
    async claimJob(jobId, runner, staleBefore, message, now): Promise<JobRow | null> {
      return first(
        await pg
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
          .returning(),
      )
    },
    async beat(runner, jobIds, now) {
      if (jobIds.length === 0) return []
      const rows = await pg
        .update(smartJobs)
        .set({ heartbeatAt: now })
        .where(and(inArray(smartJobs.id, jobIds), eq(smartJobs.runner, runner), unfinished))
        .returning({ id: smartJobs.id })
      return rows.map((row) => row.id)
    },
    async releaseJobs(runner, message, now) {
      const rows = await pg
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
      return rows.length
    },
  }
}
