/**
 * Planning jobs: the built-in planner finishes before startPlanning returns, and a job an
 * earlier process left running is reported as failed instead of running for ever.
 */
import { expect, test } from 'bun:test'
import { smartJobs } from '../../../server/db/sqlite/schema.ts'
import { getJob, startPlanning } from '../../../server/core/smart/jobs.ts'
import { getPlan } from '../../../server/core/smart/plans.ts'
import { planWithBuiltin } from '../../../server/core/smart/builtin-planner.ts'
import { testContext } from '../../support/context.ts'
import { makeUser } from '../../support/users.ts'

test('the built-in planner finishes before startPlanning returns', async () => {
  const { ctx } = testContext()
  const { user } = await makeUser(ctx)
  const started = await startPlanning(ctx, user.id, { instruction: '  一个关于睡眠质量的测评，8道题  ' })
  expect(started.status).toBe('succeeded')
  const plan = await getPlan(ctx, user.id, started.planId!)
  // The instruction is stored trimmed, as the schema reads it.
  expect(plan.plan).toEqual(planWithBuiltin('一个关于睡眠质量的测评，8道题'))
  expect(plan.plan.language).toBe('zh')
})

test('a job left running by an earlier process is reported as failed', async () => {
  const { ctx, clock } = testContext()
  const { user } = await makeUser(ctx)
  const now = clock.now()
  ctx.store.db
    .insert(smartJobs)
    .values({ id: 'job-1', ownerId: user.id, instruction: 'x', planner: 'llm', status: 'running', stage: 'asking the model', percent: 30, messages: '["Queued for the llm planner"]', createdAt: now, updatedAt: now })
    .run()
  clock.advance(5000)
  expect(await getJob(ctx, user.id, 'job-1')).toEqual({
    id: 'job-1',
    status: 'failed',
    planner: 'llm',
    progress: { stage: 'failed', percent: 30, messages: ['Queued for the llm planner', 'Interrupted by a server restart'] },
    planId: null,
    error: { type: 'internal', message: 'The server restarted while planning; start the job again' },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:05.000Z',
    finishedAt: '2026-01-01T00:00:05.000Z',
  })
})
