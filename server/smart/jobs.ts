/**
 * @module Planning jobs. Planning can take minutes with a language model, so it runs as a
 * job: the row in smart_jobs holds status and progress (stage, percent, messages) for
 * GET /smart/jobs/:id, and names the process running it (`runner`) and when that process
 * last said it is alive (`heartbeat_at`, see job-runner.ts). Any process can read or cancel
 * a job: cancelling just ends the row, and the runner, here or elsewhere, aborts on its next
 * write or heartbeat. A process that reads an unfinished job nobody runs any more (handed
 * back at shutdown, or whose heartbeat is LIMITS.jobStaleBeats beats old: its process was
 * killed) takes it over and plans again from the start; planning writes its plan only at
 * the end, and a job yields one plan at most.
 */
import type { AppContext } from '../core/context.ts'
import type { JobRow, JobStep } from '../db/storage/smart.ts'
import { parseInput } from '../contract/apps/input.ts'
import { AppError, notFound } from '../contract/errors.ts'
import { newId } from '../core/ids.ts'
import { LIMITS } from '../contract/limits.ts'
import { choosePlanner, planSize, runPlanner } from './planners.ts'
import { newPlanRow } from './plans.ts'
import {
  startPlanningSchema,
  type JobStatus,
  type PlannerName,
  type StartPlanningInput,
} from '../contract/smart/schemas.ts'
import type { Job, PlanningStarted } from '../contract/api/smart.ts'

export { JOB_STATUSES, type JobStatus } from '../contract/smart/schemas.ts'
/** A job as GET /smart/jobs/:id answers it: the contract's shape. */
export type { Job, PlanningStarted }

/** Appended to a job when a process takes it over. */
export const TAKEN_OVER_MESSAGE =
  'Taken over: the server process running this job stopped; planning again from the start'

/** A heartbeat older than this says the job's process is gone. */
export const JOB_STALE_MS = LIMITS.jobHeartbeatMs * LIMITS.jobStaleBeats

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString())
const FINISHED: readonly string[] = ['succeeded', 'failed', 'cancelled'] satisfies JobStatus[]

function toJob(row: JobRow): Job {
  return {
    id: row.id,
    status: row.status as JobStatus,
    planner: row.planner as PlannerName,
    progress: { stage: row.stage, percent: row.percent, messages: JSON.parse(row.messages) as string[] },
    planId: row.planId,
    error: row.error === null ? null : (JSON.parse(row.error) as Job['error']),
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
    finishedAt: iso(row.finishedAt),
  }
}

/** Plans job `job` in this process (its row names this runner); resolves when it has settled. */
function launch(ctx: AppContext, job: JobRow): Promise<void> {
  return ctx.jobs.run(job.id, (signal) => plan(ctx, job, signal))
}

async function plan(ctx: AppContext, job: JobRow, signal: AbortSignal): Promise<void> {
  const runner = ctx.jobs.id
  // Every write is fenced on this runner: one that does not land means the job is no longer ours.
  const lost = (landed: boolean) => {
    if (!landed) ctx.jobs.abort(job.id)
  }
  const advance = async (stage: string, percent: number, message: string) => {
    if (signal.aborted) return
    try {
      lost(await ctx.storage.smart.advanceJob(job.id, runner, { stage, percent, message }, ctx.clock.now()))
    } catch (error) {
      // Progress is for people watching; planning goes on, and its end is written (or fails) on its own.
      ctx.log.warn('could not store the progress of a smart planning job', {
        jobId: job.id,
        error: error instanceof Error ? error.message : String(error),
      })
    }
  }
  try {
    const { plan, madeBy } = await runPlanner(ctx.config, job.planner as PlannerName, job.instruction, signal, advance)
    if (signal.aborted) return
    await advance('saving', 90, 'Saving the plan')
    if (signal.aborted) return
    const row = newPlanRow(ctx, job.ownerId, madeBy, plan)
    const done: JobStep = {
      stage: 'done',
      percent: 100,
      message: `Plan ${row.id} is ready: ${planSize(plan)}`,
    }
    lost(await ctx.storage.smart.succeedJob(job.id, runner, row, done, ctx.clock.now()))
  } catch (error) {
    if (signal.aborted) return
    const appError = error instanceof AppError ? error : null
    if (!appError)
      ctx.log.error('smart planning job failed', {
        jobId: job.id,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      })
    const reported = appError
      ? { type: appError.type, message: appError.message }
      : { type: 'internal', message: 'Planning failed unexpectedly; the server log has details' }
    lost(
      await ctx.storage.smart.failJob(
        job.id,
        runner,
        { stage: 'failed', message: `Failed: ${reported.message}`, error: JSON.stringify(reported) },
        ctx.clock.now(),
      ),
    )
  }
}

/**
 * Starts planning `input.instruction` as a job run by this process. The built-in planner
 * finishes before this returns (it takes milliseconds), so `planId` is set at once; the LLM
 * planner runs on.
 */
export async function startPlanning(
  ctx: AppContext,
  userId: string,
  input: StartPlanningInput,
): Promise<PlanningStarted> {
  const { instruction, planner: wanted } = parseInput(startPlanningSchema, input)
  const planner = choosePlanner(ctx.config, wanted)
  const now = ctx.clock.now()
  const row: JobRow = {
    id: newId(),
    ownerId: userId,
    instruction,
    planner,
    // Held by this process from the first moment, so no other process sees it unclaimed.
    status: 'running',
    stage: 'queued',
    percent: 0,
    messages: JSON.stringify([`Queued for the ${planner} planner`]),
    planId: null,
    error: null,
    createdAt: now,
    updatedAt: now,
    finishedAt: null,
    runner: ctx.jobs.id,
    heartbeatAt: now,
  }
  await ctx.storage.smart.insertJob(row)
  const done = launch(ctx, row)
  if (planner !== 'builtin') return { jobId: row.id, status: 'running', planId: null }
  await done
  const after = (await ctx.storage.smart.job(row.id)) ?? row
  return { jobId: row.id, status: after.status as JobStatus, planId: after.planId }
}

/**
 * `row` as it stands once this process has looked after it: an unfinished job that no live
 * process runs is claimed (of processes claiming at once, one wins) and planned again here.
 */
async function current(ctx: AppContext, row: JobRow): Promise<JobRow> {
  if (FINISHED.includes(row.status) || ctx.jobs.isRunning(row.id)) return row
  const now = ctx.clock.now()
  const staleBefore = now - JOB_STALE_MS
  if (row.runner !== null && row.heartbeatAt !== null && row.heartbeatAt >= staleBefore) return row
  const claimed = await ctx.storage.smart.claimJob(row.id, ctx.jobs.id, staleBefore, TAKEN_OVER_MESSAGE, now)
  if (!claimed) return (await ctx.storage.smart.job(row.id)) ?? row
  ctx.log.info('took over a smart planning job', { jobId: row.id, from: row.runner })
  const done = launch(ctx, claimed)
  if (claimed.planner !== 'builtin') return claimed
  await done
  return (await ctx.storage.smart.job(row.id)) ?? claimed
}

/** Status and progress of one of `userId`'s jobs (taking it over when its process is gone). */
export async function getJob(ctx: AppContext, userId: string, jobId: string): Promise<Job> {
  const row = await ctx.storage.smart.jobOf(userId, jobId)
  if (!row) throw notFound('Job')
  return toJob(await current(ctx, row))
}

/** `userId`'s jobs, newest first (taking over those whose process is gone). */
export async function listJobs(ctx: AppContext, userId: string): Promise<Job[]> {
  const rows = await ctx.storage.smart.jobsOf(userId)
  return Promise.all(rows.map(async (row) => toJob(await current(ctx, row))))
}

/** Cancels a queued or running job, wherever it runs; 409 when it has already finished. */
export async function cancelJob(ctx: AppContext, userId: string, jobId: string): Promise<Job> {
  const result = await ctx.storage.smart.cancelJob(userId, jobId, 'Cancelled', ctx.clock.now())
  if (!result.ok) {
    if (!result.row) throw notFound('Job')
    const status = result.row.status
    throw new AppError(
      'conflict',
      `The job has already ${status === 'succeeded' ? 'succeeded' : status === 'failed' ? 'failed' : 'been cancelled'}; nothing to cancel`,
    )
  }
  // Here at once; a process elsewhere notices on its next write or heartbeat.
  ctx.jobs.abort(jobId)
  return toJob(result.row)
}

/** Resolves when job `jobId` of this process has finished (at once when it is not running here). */
export async function jobSettled(ctx: AppContext, jobId: string): Promise<void> {
  await ctx.jobs.settled(jobId)
}
