/**
 * @module Planning jobs. Planning can take minutes with a language model, so it runs as a
 * job: the row in smart_jobs holds status and progress (stage, percent, messages) for
 * GET /smart/jobs/:id; the running work lives in this process, keyed by context, with an
 * AbortController for cancelling. A job left queued or running by an earlier process (a
 * restart) is reported as failed the next time it is read.
 */
import { and, eq } from 'drizzle-orm'
import type { AppContext } from '../../context.ts'
import { smartJobs } from '../../db/sqlite/schema.ts'
import { parseInput } from '../apps/input.ts'
import { AppError, notFound } from '../errors.ts'
import { newId } from '../ids.ts'
import { choosePlanner, runPlanner } from './planners.ts'
import { savePlan } from './plans.ts'
import { startPlanningSchema, type PlannerName, type StartPlanningInput } from './schemas.ts'

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const
export type JobStatus = (typeof JOB_STATUSES)[number]

export interface Job {
  id: string
  status: JobStatus
  planner: PlannerName
  progress: { stage: string; percent: number; messages: string[] }
  planId: string | null
  error: { type: string; message: string } | null
  createdAt: string
  updatedAt: string
  finishedAt: string | null
}

type JobRow = typeof smartJobs.$inferSelect

interface Running {
  controller: AbortController
  done: Promise<void>
}

const runningByContext = new WeakMap<AppContext, Map<string, Running>>()

function running(ctx: AppContext): Map<string, Running> {
  let map = runningByContext.get(ctx)
  if (!map) {
    map = new Map()
    runningByContext.set(ctx, map)
    // Cancel what is still running so shutdown does not wait for a slow model.
    ctx.onShutdown(async () => {
      for (const job of map!.values()) job.controller.abort()
      await Promise.allSettled([...map!.values()].map((job) => job.done))
    })
  }
  return map
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString())
const FINISHED: readonly JobStatus[] = ['succeeded', 'failed', 'cancelled']

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

function readRow(ctx: AppContext, jobId: string): JobRow | undefined {
  return ctx.store.db.select().from(smartJobs).where(eq(smartJobs.id, jobId)).get()
}

function update(ctx: AppContext, jobId: string, changes: Partial<JobRow>): void {
  ctx.store.db.update(smartJobs).set({ ...changes, updatedAt: ctx.clock.now() }).where(eq(smartJobs.id, jobId)).run()
}

function addMessage(ctx: AppContext, jobId: string, stage: string, percent: number, message: string): void {
  const row = readRow(ctx, jobId)
  if (!row || FINISHED.includes(row.status as JobStatus)) return
  const messages = [...(JSON.parse(row.messages) as string[]), message]
  update(ctx, jobId, { stage, percent, messages: JSON.stringify(messages) })
}

function finish(ctx: AppContext, jobId: string, changes: Partial<JobRow> & { status: JobStatus }, message: string): void {
  const row = readRow(ctx, jobId)
  if (!row || FINISHED.includes(row.status as JobStatus)) return
  const messages = [...(JSON.parse(row.messages) as string[]), message]
  update(ctx, jobId, { ...changes, messages: JSON.stringify(messages), finishedAt: ctx.clock.now() })
}

async function run(ctx: AppContext, userId: string, jobId: string, planner: PlannerName, instruction: string, signal: AbortSignal): Promise<void> {
  update(ctx, jobId, { status: 'running' })
  try {
    const { plan, madeBy } = await runPlanner(ctx.config, planner, instruction, signal, (stage, percent, message) => addMessage(ctx, jobId, stage, percent, message))
    if (signal.aborted) return
    addMessage(ctx, jobId, 'saving', 90, 'Saving the plan')
    const planId = await savePlan(ctx, userId, madeBy, plan)
    finish(ctx, jobId, { status: 'succeeded', stage: 'done', percent: 100, planId }, `Plan ${planId} is ready: ${plan.form.fields.length} questions, ${plan.scale.scales.length} dimension(s)`)
  } catch (error) {
    if (signal.aborted) return
    const appError = error instanceof AppError ? error : null
    if (!appError) ctx.log.error('smart planning job failed', { jobId, error: error instanceof Error ? (error.stack ?? error.message) : String(error) })
    const reported = appError ? { type: appError.type, message: appError.message } : { type: 'internal', message: 'Planning failed unexpectedly; the server log has details' }
    finish(ctx, jobId, { status: 'failed', stage: 'failed', error: JSON.stringify(reported) }, `Failed: ${reported.message}`)
  }
}

/**
 * Starts planning `input.instruction` as a job. The built-in planner finishes before this
 * returns (it takes milliseconds), so `planId` is set at once; the LLM planner runs on.
 */
export async function startPlanning(ctx: AppContext, userId: string, input: StartPlanningInput): Promise<{ jobId: string; status: JobStatus; planId: string | null }> {
  const { instruction, planner: wanted } = parseInput(startPlanningSchema, input)
  const planner = choosePlanner(ctx.config, wanted)
  const jobId = newId()
  const now = ctx.clock.now()
  ctx.store.db
    .insert(smartJobs)
    .values({ id: jobId, ownerId: userId, instruction, planner, status: 'queued', stage: 'queued', percent: 0, messages: JSON.stringify([`Queued for the ${planner} planner`]), createdAt: now, updatedAt: now })
    .run()
  const controller = new AbortController()
  const jobs = running(ctx)
  const done = run(ctx, userId, jobId, planner, instruction, controller.signal).finally(() => jobs.delete(jobId))
  jobs.set(jobId, { controller, done })
  if (planner === 'builtin') await done
  const row = readRow(ctx, jobId)!
  return { jobId, status: row.status as JobStatus, planId: row.planId }
}

async function requireOwnedJob(ctx: AppContext, userId: string, jobId: string): Promise<JobRow> {
  const row = ctx.store.db.select().from(smartJobs).where(and(eq(smartJobs.id, jobId), eq(smartJobs.ownerId, userId))).get()
  if (!row) throw notFound('Job')
  if (!FINISHED.includes(row.status as JobStatus) && !running(ctx).has(jobId)) {
    finish(ctx, jobId, { status: 'failed', stage: 'failed', error: JSON.stringify({ type: 'internal', message: 'The server restarted while planning; start the job again' }) }, 'Interrupted by a server restart')
    return readRow(ctx, jobId)!
  }
  return row
}

/** Status and progress of one of `userId`'s jobs. */
export const getJob = async (ctx: AppContext, userId: string, jobId: string): Promise<Job> => toJob(await requireOwnedJob(ctx, userId, jobId))

/** Cancels a queued or running job; 409 when it has already finished. */
export async function cancelJob(ctx: AppContext, userId: string, jobId: string): Promise<Job> {
  const row = await requireOwnedJob(ctx, userId, jobId)
  if (FINISHED.includes(row.status as JobStatus)) {
    throw new AppError(409, 'conflict', `The job has already ${row.status === 'succeeded' ? 'succeeded' : row.status === 'failed' ? 'failed' : 'been cancelled'}; nothing to cancel`)
  }
  finish(ctx, jobId, { status: 'cancelled', stage: 'cancelled' }, 'Cancelled')
  running(ctx).get(jobId)?.controller.abort()
  return toJob(readRow(ctx, jobId)!)
}

/** Resolves when job `jobId` of this process has finished (at once when it is not running). */
export async function jobSettled(ctx: AppContext, jobId: string): Promise<void> {
  await running(ctx).get(jobId)?.done
}
