/**
 * Planning jobs: the built-in planner finishes before startPlanning returns; a job that no
 * live process runs (its heartbeat stale, or handed back with no runner) is taken over by
 * the process that reads it and planned again, while a job whose heartbeat is fresh is left
 * alone. (Two processes on one database: takeover.test.ts.)
 */
import { expect, test } from 'bun:test'
import type { JobRow } from '../../server/db/storage/smart.ts'
import { LIMITS } from '../../server/contract/limits.ts'
import {
  cancelJob,
  getJob,
  JOB_STALE_MS,
  listJobs,
  startPlanning,
  TAKEN_OVER_MESSAGE,
} from '../../server/smart/jobs.ts'
import { getPlan, listPlans } from '../../server/smart/plans.ts'
import { planWithBuiltin } from '../../server/smart/builtin-planner.ts'
import { testContext } from '../support/context.ts'
import { makeUser } from '../support/users.ts'

const T0 = Date.UTC(2026, 0, 1)

test('the built-in planner finishes before startPlanning returns', async () => {
  const { ctx } = testContext()
  const { user } = await makeUser(ctx)
  const started = await startPlanning(ctx, user.id, { instruction: '  一个关于睡眠质量的测评，8道题  ' })
  expect(started.status).toBe('succeeded')
  const plan = await getPlan(ctx, user.id, started.planId!)
  // The instruction is stored trimmed, as the schema reads it.
  expect(plan.plan).toEqual(planWithBuiltin('一个关于睡眠质量的测评，8道题'))
  expect(plan.plan.language).toBe('zh')
  // Its row names this process as the runner, with the heartbeat of its start.
  expect(await ctx.storage.smart.job(started.jobId)).toMatchObject({
    status: 'succeeded',
    runner: ctx.jobs.id,
    heartbeatAt: T0,
  })
  expect(ctx.jobs.isRunning(started.jobId)).toBe(false)
})

test('the stale interval is three heartbeats', () => {
  expect(LIMITS.jobHeartbeatMs).toBe(2000)
  expect(JOB_STALE_MS).toBe(6000)
})

/** A job row as a process that is gone left it: running, last heartbeat at T0. */
function orphan(ownerId: string, changes: Partial<JobRow> = {}): JobRow {
  return {
    id: 'job-1',
    ownerId,
    instruction: 'a 4-question sleep check',
    planner: 'builtin',
    status: 'running',
    stage: 'analysing',
    percent: 10,
    messages: JSON.stringify(['Queued for the builtin planner', 'Reading the instruction']),
    planId: null,
    error: null,
    createdAt: T0,
    updatedAt: T0,
    finishedAt: null,
    runner: 'a-process-that-was-killed',
    heartbeatAt: T0,
    ...changes,
  }
}

test('a job whose runner stopped beating is taken over by the process that reads it and planned again', async () => {
  const { ctx, clock } = testContext()
  const { user } = await makeUser(ctx)
  await ctx.storage.smart.insertJob(orphan(user.id))

  // Three beats missed exactly is not yet stale.
  clock.advance(JOB_STALE_MS)
  expect(await getJob(ctx, user.id, 'job-1')).toMatchObject({
    status: 'running',
    progress: { stage: 'analysing', percent: 10 },
  })
  expect(await ctx.storage.smart.job('job-1')).toMatchObject({ runner: 'a-process-that-was-killed', heartbeatAt: T0 })

  clock.advance(1)
  const job = await getJob(ctx, user.id, 'job-1')
  const at = new Date(T0 + JOB_STALE_MS + 1).toISOString()
  expect(job).toEqual({
    id: 'job-1',
    status: 'succeeded',
    planner: 'builtin',
    progress: {
      stage: 'done',
      percent: 100,
      messages: [
        'Queued for the builtin planner',
        'Reading the instruction',
        TAKEN_OVER_MESSAGE,
        'Reading the instruction',
        'Built-in plan: 4 questions, 1 dimension(s)',
        'Saving the plan',
        `Plan ${job.planId} is ready: 4 questions, 1 dimension(s)`,
      ],
    },
    planId: expect.any(String),
    error: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: at,
    finishedAt: at,
  })
  expect(await ctx.storage.smart.job('job-1')).toMatchObject({
    runner: ctx.jobs.id,
    heartbeatAt: T0 + JOB_STALE_MS + 1,
  })
  expect((await getPlan(ctx, user.id, job.planId!)).plan).toEqual(planWithBuiltin('a 4-question sleep check'))
  expect((await listPlans(ctx, user.id)).length).toBe(1)
})

test('a job handed back with no runner is taken over at once, also by listing jobs', async () => {
  const { ctx } = testContext()
  const { user } = await makeUser(ctx)
  await ctx.storage.smart.insertJob(
    orphan(user.id, { status: 'queued', stage: 'queued', percent: 0, runner: null, heartbeatAt: null }),
  )
  const [job] = await listJobs(ctx, user.id)
  expect(job).toMatchObject({ id: 'job-1', status: 'succeeded', planId: expect.any(String) })
  expect(job.progress.messages.slice(1, 3)).toEqual(['Reading the instruction', TAKEN_OVER_MESSAGE])
})

test("another account's job is not found, and is not taken over", async () => {
  const { ctx, clock } = testContext()
  const { user } = await makeUser(ctx)
  const { user: other } = await makeUser(ctx)
  await ctx.storage.smart.insertJob(orphan(user.id))
  clock.advance(JOB_STALE_MS + 1)
  await expect(getJob(ctx, other.id, 'job-1')).rejects.toThrow('Job not found')
  await expect(cancelJob(ctx, other.id, 'job-1')).rejects.toThrow('Job not found')
  expect(await listJobs(ctx, other.id)).toEqual([])
  expect(await ctx.storage.smart.job('job-1')).toMatchObject({ status: 'running', runner: 'a-process-that-was-killed' })
})

test('cancelling a job nobody runs any more ends it without planning it again', async () => {
  const { ctx, clock } = testContext()
  const { user } = await makeUser(ctx)
  await ctx.storage.smart.insertJob(orphan(user.id))
  clock.advance(JOB_STALE_MS + 1)
  const cancelled = await cancelJob(ctx, user.id, 'job-1')
  expect(cancelled).toMatchObject({
    status: 'cancelled',
    planId: null,
    progress: {
      stage: 'cancelled',
      percent: 10,
      messages: ['Queued for the builtin planner', 'Reading the instruction', 'Cancelled'],
    },
  })
  expect(await getJob(ctx, user.id, 'job-1')).toEqual(cancelled)
  expect(await listPlans(ctx, user.id)).toEqual([])
})
