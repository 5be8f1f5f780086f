/**
 * Planning jobs across processes: two or three contexts on ONE database, each with its own
 * storage, runner id and heartbeat timer, as separate svc processes have (PostgreSQL: one
 * database, LISTENing pools; SQLite: one database file, which is what a restart on the same
 * data dir sees). A process "dies" by stopping its runner without handing its jobs back;
 * the stale interval passes on the hand-moved clock instead of in real time. The LLM
 * planner talks to a model faked on loopback that holds each request until told and
 * notices when a request is given up.
 */
import { afterAll, afterEach, describe, expect, test } from 'bun:test'
import type { AppContext } from '../../server/core/context.ts'
import { LIMITS } from '../../server/contract/limits.ts'
import { RELEASED_MESSAGE } from '../../server/smart/job-runner.ts'
import {
  cancelJob,
  getJob,
  JOB_STALE_MS,
  listJobs,
  startPlanning,
  TAKEN_OVER_MESSAGE,
} from '../../server/smart/jobs.ts'
import { getPlan, listPlans } from '../../server/smart/plans.ts'
import { heldModel } from '../support/held-model.ts'
import { sharedDatabase, type SharedDatabase } from '../support/shared-database.ts'
import { makeUser } from '../support/users.ts'

const INSTRUCTION = 'a 6-question burnout check with 2 dimensions: exhaustion and cynicism'
const QUEUED = 'Queued for the llm planner'
const ASKING = ['Reading the instruction', 'Asking test-model for a plan']

const model = heldModel()
afterAll(() => model.stop())

let db: SharedDatabase
afterEach(async () => {
  model.answer()
  await db?.close()
})

/** A database with `count` processes configured for the fake model, and an account on it. */
async function processes(count: number) {
  model.reset()
  db = await sharedDatabase()
  const contexts: AppContext[] = []
  for (let i = 0; i < count; i++)
    contexts.push(await db.open({ llmUrl: model.url, llmModel: 'test-model', llmApiKey: null, llmTimeoutMs: 60_000 }))
  const { user } = await makeUser(contexts[0])
  return { contexts, clock: db.clock, userId: user.id }
}

/** A planning job started on `ctx`, once its model request (the test's first) is waiting. */
async function planningOn(ctx: AppContext, userId: string): Promise<string> {
  const started = await startPlanning(ctx, userId, { instruction: INSTRUCTION })
  expect(started).toEqual({ jobId: started.jobId, status: 'running', planId: null })
  await model.waiting(1)
  return started.jobId
}

describe('a process that dies while planning', () => {
  test('its job is taken over by another process once the heartbeat is stale, and planned there', async () => {
    const {
      contexts: [a, b],
      clock,
      userId,
    } = await processes(2)
    const jobId = await planningOn(a, userId)
    // The job is readable from the other process while it runs on the first.
    expect(await getJob(b, userId, jobId)).toMatchObject({
      status: 'running',
      progress: { stage: 'asking the model', percent: 30, messages: [QUEUED, ...ASKING] },
    })
    expect(await b.storage.smart.job(jobId)).toMatchObject({ runner: a.jobs.id, heartbeatAt: clock.now() })

    // A is killed: its work stops, its row stays as it was.
    await a.jobs.stop({ release: false })
    expect(await model.aborted()).toBe(1)
    expect(await b.storage.smart.job(jobId)).toMatchObject({ status: 'running', runner: a.jobs.id })

    clock.advance(JOB_STALE_MS)
    expect(await getJob(b, userId, jobId)).toMatchObject({
      status: 'running',
      progress: { messages: [QUEUED, ...ASKING] },
    })
    expect(b.jobs.isRunning(jobId)).toBe(false)

    clock.advance(1)
    const taken = await getJob(b, userId, jobId)
    expect(taken).toMatchObject({
      status: 'running',
      progress: { stage: 'queued', percent: 0, messages: [QUEUED, ...ASKING, TAKEN_OVER_MESSAGE] },
    })
    expect(b.jobs.isRunning(jobId)).toBe(true)
    expect(await b.storage.smart.job(jobId)).toMatchObject({ runner: b.jobs.id, heartbeatAt: clock.now() })

    await model.waiting(2)
    model.answer()
    await b.jobs.settled(jobId)
    const done = await getJob(b, userId, jobId)
    expect(done).toMatchObject({ status: 'succeeded', progress: { stage: 'done', percent: 100 } })
    expect(done.progress.messages).toEqual([
      QUEUED,
      ...ASKING,
      TAKEN_OVER_MESSAGE,
      ...ASKING,
      'Saving the plan',
      `Plan ${done.planId} is ready: 6 questions, 2 dimension(s)`,
    ])
    expect((await getPlan(b, userId, done.planId!)).planner).toBe('llm')
    expect((await listPlans(b, userId)).map((plan) => plan.id)).toEqual([done.planId!])
  })

  test('while its runner beats, no other process takes a job over, however long it runs', async () => {
    const {
      contexts: [a, b],
      clock,
      userId,
    } = await processes(2)
    const jobId = await planningOn(a, userId)
    for (let beat = 0; beat < 3; beat++) {
      clock.advance(JOB_STALE_MS + 1)
      await a.jobs.beat()
      expect(await getJob(b, userId, jobId)).toMatchObject({
        status: 'running',
        progress: { messages: [QUEUED, ...ASKING] },
      })
      expect(b.jobs.isRunning(jobId)).toBe(false)
    }
    expect(await b.storage.smart.job(jobId)).toMatchObject({ runner: a.jobs.id, heartbeatAt: clock.now() })
    model.answer()
    await a.jobs.settled(jobId)
    expect(await getJob(b, userId, jobId)).toMatchObject({ status: 'succeeded' })
  })

  test('of processes reading a stale job at once, exactly one takes it over', async () => {
    const {
      contexts: [a, b, c],
      clock,
      userId,
    } = await processes(3)
    const jobId = await planningOn(a, userId)
    await a.jobs.stop({ release: false })
    clock.advance(JOB_STALE_MS + 1)
    const [fromB, fromC, listedB, listedC] = await Promise.all([
      getJob(b, userId, jobId),
      getJob(c, userId, jobId),
      listJobs(b, userId),
      listJobs(c, userId),
    ])
    for (const job of [fromB, fromC, listedB[0], listedC[0]]) expect(job.status).toBe('running')
    const runners = [b, c].filter((ctx) => ctx.jobs.isRunning(jobId))
    expect(runners.length).toBe(1)
    const [winner] = runners
    expect(await winner.storage.smart.job(jobId)).toMatchObject({ runner: winner.jobs.id })
    await model.waiting(2)
    model.answer()
    await winner.jobs.settled(jobId)
    const done = await getJob(b, userId, jobId)
    expect(done.progress.messages.filter((message) => message === TAKEN_OVER_MESSAGE).length).toBe(1)
    expect((await listPlans(c, userId)).map((plan) => plan.id)).toEqual([done.planId!])
  })

  test('a process that was only paused loses the job it did not beat for, and cannot write into it', async () => {
    const {
      contexts: [a, b],
      clock,
      userId,
    } = await processes(2)
    const jobId = await planningOn(a, userId)
    clock.advance(JOB_STALE_MS + 1)
    await getJob(b, userId, jobId)
    expect(b.jobs.isRunning(jobId)).toBe(true)
    // A wakes up: its model answers first, but its writes are fenced on its runner id.
    await model.waiting(2)
    model.answer()
    await Promise.all([a.jobs.settled(jobId), b.jobs.settled(jobId)])
    expect(a.jobs.isRunning(jobId)).toBe(false)
    const done = await getJob(a, userId, jobId)
    expect(done.status).toBe('succeeded')
    expect(done.progress.messages).toEqual([
      QUEUED,
      ...ASKING,
      TAKEN_OVER_MESSAGE,
      ...ASKING,
      'Saving the plan',
      `Plan ${done.planId} is ready: 6 questions, 2 dimension(s)`,
    ])
    expect((await listPlans(a, userId)).map((plan) => plan.id)).toEqual([done.planId!])
  })

  test('after a restart on the same database the new process takes the job over', async () => {
    const {
      contexts: [a],
      clock,
      userId,
    } = await processes(1)
    const jobId = await planningOn(a, userId)
    await a.jobs.stop({ release: false })
    await a.storage.close()
    clock.advance(JOB_STALE_MS + 1)
    const restarted = await db.open({
      llmUrl: model.url,
      llmModel: 'test-model',
      llmApiKey: null,
      llmTimeoutMs: 60_000,
    })
    expect(await getJob(restarted, userId, jobId)).toMatchObject({
      status: 'running',
      progress: { messages: [QUEUED, ...ASKING, TAKEN_OVER_MESSAGE] },
    })
    await model.waiting(2)
    model.answer()
    await restarted.jobs.settled(jobId)
    expect(await getJob(restarted, userId, jobId)).toMatchObject({ status: 'succeeded', planId: expect.any(String) })
  })

  test('a process without the model configured takes an LLM job over with the built-in planner, saying why', async () => {
    const {
      contexts: [a],
      clock,
      userId,
    } = await processes(1)
    const jobId = await planningOn(a, userId)
    await a.jobs.stop({ release: false })
    clock.advance(JOB_STALE_MS + 1)
    const plain = await db.open()
    const done = await getJob(plain, userId, jobId)
    await plain.jobs.settled(jobId)
    const after = await getJob(plain, userId, jobId)
    expect(done.status).toBe('running')
    expect(after).toMatchObject({ status: 'succeeded', planner: 'llm' })
    const reason = 'the server process that took the job over has no SVC_LLM_URL and SVC_LLM_MODEL'
    expect(after.progress.messages.slice(3, 6)).toEqual([
      TAKEN_OVER_MESSAGE,
      'Reading the instruction',
      `LLM planner failed (${reason}); using the built-in plan`,
    ])
    const stored = await getPlan(plain, userId, after.planId!)
    expect(stored.planner).toBe('builtin')
    expect(stored.plan.notes[0]).toBe(
      `The LLM planner (not configured) failed: ${reason}. This plan is the built-in planner's instead.`,
    )
  })
})

describe('a process that shuts down while planning', () => {
  test('hands its job back, and the next process to read it resumes it at once', async () => {
    const {
      contexts: [a],
      userId,
    } = await processes(1)
    const jobId = await planningOn(a, userId)
    await a.shutdown()
    expect(await model.aborted()).toBe(1)
    expect(await a.storage.smart.job(jobId)).toMatchObject({
      status: 'queued',
      stage: 'queued',
      percent: 0,
      runner: null,
      heartbeatAt: null,
    })
    await a.storage.close()

    const next = await db.open({ llmUrl: model.url, llmModel: 'test-model', llmApiKey: null, llmTimeoutMs: 60_000 })
    // No stale interval to wait for: nobody runs a handed-back job.
    expect(await getJob(next, userId, jobId)).toMatchObject({
      status: 'running',
      progress: { messages: [QUEUED, ...ASKING, RELEASED_MESSAGE, TAKEN_OVER_MESSAGE] },
    })
    await model.waiting(2)
    model.answer()
    await next.jobs.settled(jobId)
    expect(await getJob(next, userId, jobId)).toMatchObject({ status: 'succeeded', planId: expect.any(String) })
  })
})

describe('cancelling from another process', () => {
  test("stops the job on its runner at the runner's next heartbeat", async () => {
    const {
      contexts: [a, b],
      userId,
    } = await processes(2)
    const jobId = await planningOn(a, userId)
    const cancelled = await cancelJob(b, userId, jobId)
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      planId: null,
      progress: { stage: 'cancelled', percent: 30, messages: [QUEUED, ...ASKING, 'Cancelled'] },
    })
    // A hears of it on its next beat, not before.
    expect(a.jobs.isRunning(jobId)).toBe(true)
    await a.jobs.beat()
    await a.jobs.settled(jobId)
    expect(a.jobs.isRunning(jobId)).toBe(false)
    expect(await model.aborted()).toBe(1)
    expect(await getJob(a, userId, jobId)).toEqual(cancelled)
    await expect(cancelJob(a, userId, jobId)).rejects.toThrow('The job has already been cancelled; nothing to cancel')
    expect(await listPlans(a, userId)).toEqual([])
  })

  test('the heartbeat timer carries the cancel across on its own', async () => {
    const {
      contexts: [a, b],
      userId,
    } = await processes(2)
    const jobId = await planningOn(a, userId)
    const started = Date.now()
    await cancelJob(b, userId, jobId)
    await a.jobs.settled(jobId)
    expect(Date.now() - started).toBeLessThan(LIMITS.jobHeartbeatMs + 1000)
    expect(await model.aborted()).toBe(1)
  })

  test('a cancel that lands before the runner writes its plan leaves no plan', async () => {
    const {
      contexts: [a, b],
      userId,
    } = await processes(2)
    const jobId = await planningOn(a, userId)
    await cancelJob(b, userId, jobId)
    // The model answers before A beats: A's next write finds the job cancelled and stops.
    model.answer()
    await a.jobs.settled(jobId)
    expect(await getJob(b, userId, jobId)).toMatchObject({
      status: 'cancelled',
      planId: null,
      progress: { messages: [QUEUED, ...ASKING, 'Cancelled'] },
    })
    expect(await listPlans(b, userId)).toEqual([])
  })
})
