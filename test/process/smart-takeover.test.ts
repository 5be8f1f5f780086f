/**
 * A real server process (`bun server/main.ts`) killed with SIGKILL while it plans with a
 * slow LLM planner: its job row still says running, and another process on the same
 * database (a context in this test, its clock past the stale interval of the dead
 * process's last heartbeat) takes the job over and plans it. On SQLite this is a restart on
 * the same data dir; on PostgreSQL any other process of the deployment.
 */
import { afterAll, expect, test } from 'bun:test'
import { ManualClock } from '../../server/core/clock.ts'
import { getJob, JOB_STALE_MS, TAKEN_OVER_MESSAGE } from '../../server/smart/jobs.ts'
import { listPlans } from '../../server/smart/plans.ts'
import { heldModel } from '../support/held-model.ts'
import { spawnServer, type ServerProcess } from '../support/process.ts'
import { sharedDatabase, type SharedDatabase } from '../support/shared-database.ts'
import { makeUser } from '../support/users.ts'
import { callServer } from '../support/call.ts'

const model = heldModel()
let db: SharedDatabase | undefined
let server: ServerProcess | undefined
afterAll(async () => {
  server?.proc.kill('SIGKILL')
  model.answer()
  await db?.close()
  model.stop()
})

test('a job whose server process was killed is taken over by another process and planned there', async () => {
  db = await sharedDatabase()
  const llm = { llmUrl: model.url, llmModel: 'test-model', llmApiKey: null, llmTimeoutMs: 60_000 }
  const setup = await db.open(llm)
  const { user, token } = await makeUser(setup)

  server = await spawnServer({ ...db.env, SVC_LLM_URL: model.url, SVC_LLM_MODEL: 'test-model', SVC_RATE_LIMIT: 'off' })
  const response = await callServer(
    server.url,
    'plans.create',
    { body: { instruction: 'a 6-question burnout check with 2 dimensions: exhaustion and cynicism' } },
    { token },
  )
  const started = response.body.data
  expect(started.status).toBe('running')
  await model.waiting(1)

  server.proc.kill('SIGKILL')
  await server.proc.exited
  const left = (await setup.storage.smart.job(started.jobId))!
  expect(left).toMatchObject({ status: 'running', stage: 'asking the model' })
  expect(left.runner).not.toBeNull()
  expect(left.runner).not.toBe(setup.jobs.id)

  // Another process whose clock is past the stale interval of the dead process's last heartbeat.
  const other = await db.open(llm, new ManualClock(left.heartbeatAt! + JOB_STALE_MS + 1))
  const taken = await getJob(other, user.id, started.jobId)
  expect(taken).toMatchObject({ status: 'running', progress: { stage: 'queued', percent: 0 } })
  expect(taken.progress.messages.at(-1)).toBe(TAKEN_OVER_MESSAGE)
  expect(await other.storage.smart.job(started.jobId)).toMatchObject({ runner: other.jobs.id })

  await model.waiting(2)
  model.answer()
  await other.jobs.settled(started.jobId)
  const done = await getJob(other, user.id, started.jobId)
  expect(done.status).toBe('succeeded')
  expect((await listPlans(other, user.id)).map((plan) => plan.id)).toEqual([done.planId!])
})
