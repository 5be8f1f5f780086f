/**
 * svc-cli smart generate with a slow planner: a real server whose LLM planner talks to an
 * OpenAI-compatible model faked on loopback, answering only when the test says so. Off a
 * terminal each stage is one line as it happens; Ctrl-C (SIGINT to the real process)
 * cancels the job on the server and exits 130.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { BUN, cliInProcess, ROOT, startTestServer, tempConfigHome } from '../support/server.ts'
import { heldModel } from '../support/held-model.ts'
import { callServer } from '../support/call.ts'

const model = heldModel()
const server = await startTestServer({ SVC_LLM_URL: model.url, SVC_LLM_MODEL: 'test-model' })
afterAll(async () => {
  await server.close()
  model.stop()
})

let env: Record<string, string>
let token: string
let userId: string
beforeAll(async () => {
  const account = await server.account()
  ;[token, userId] = [account.token, account.user.id]
  env = { SVC_URL: server.url, SVC_TOKEN: token, XDG_CONFIG_HOME: tempConfigHome() }
})
const getJob = async (id: string) =>
  (await callServer(server.url, 'smart.job', { params: { id } }, { token })).body.data

describe('a slow planner', () => {
  // Without --json: with it, stderr stays empty (no progress lines) and stdout is the one document.
  test('off a terminal each stage is printed as it happens, then the plan', async () => {
    const running = cliInProcess(
      [
        'smart',
        'generate',
        '--input',
        'a 6-question burnout check with two dimensions: exhaustion, cynicism',
        '--plan-only',
      ],
      { env },
    )
    await model.request()
    model.answer()
    const run = await running
    expect(run.code).toBe(0)
    const planId = /^Plan (\S+): .*\(en, llm planner\), 6 questions, 2 dimensions/.exec(run.stdout)![1]
    expect(run.stdout).toContain(
      "\n- Planned by the LLM planner (test-model), starting from the built-in planner's draft.\n",
    )
    expect(
      run.stderr
        .trimEnd()
        .split('\n')
        .map((line) => line.replace(/^\[\s*\d+\.\ds\] /, '')),
    ).toEqual([
      'Queued for the llm planner',
      'Reading the instruction',
      'Asking test-model for a plan',
      'Saving the plan',
      `Plan ${planId} is ready: 6 questions, 2 dimension(s)`,
    ])
  })

  test('Ctrl-C cancels the job on the server and exits 130', async () => {
    const proc = Bun.spawn([BUN, 'cli/main.ts', 'smart', 'generate', '--input', 'a wellbeing check for teachers'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
      stdin: 'ignore',
      stdout: 'pipe',
      stderr: 'pipe',
    })
    // Read stderr until the planner is waiting for the model, then press Ctrl-C.
    const reader = proc.stderr.getReader()
    const decoder = new TextDecoder()
    let stderr = ''
    while (!stderr.includes('Asking test-model for a plan\n')) {
      const { value, done } = await reader.read()
      if (done) throw new Error(`svc-cli ended early:\n${stderr}`)
      stderr += decoder.decode(value, { stream: true })
    }
    proc.kill('SIGINT')
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      stderr += decoder.decode(value, { stream: true })
    }
    expect(await proc.exited).toBe(130)
    expect(await new Response(proc.stdout).text()).toBe('')
    const jobId = /error: Interrupted; planning job (\S+) was cancelled\n$/.exec(stderr)?.[1]
    expect(jobId).toBeDefined()
    const job = await getJob(jobId!)
    expect(job).toMatchObject({ status: 'cancelled', planner: 'llm', planId: null, progress: { stage: 'cancelled' } })
    expect(job.progress.messages.at(-1)).toBe('Cancelled')
    model.answer()
  })

  test('a job cancelled elsewhere (the admin page, another terminal) ends generate with exit 1 and why', async () => {
    const running = cliInProcess(['smart', 'generate', '--input', 'a stress check for students'], { env })
    await model.request()
    const job = (await server.ctx.storage.smart.jobsOf(userId)).find((row) => row.status === 'running')!
    const status = await cliInProcess(['smart', 'status', '--job', job.id], { env })
    expect(status.code).toBe(0)
    expect(status.stdout).toStartWith(
      `job       ${job.id}\nstatus    running\nplanner   llm\nstage     asking the model (30%)\nplan      -\n`,
    )
    expect(status.stdout).toEndWith(
      `- Asking test-model for a plan\n\nStill planning: run svc-cli smart status --job ${job.id} again in a moment\n`,
    )
    const cancel = await callServer(server.url, 'smart.cancelJob', { params: { id: job.id } }, { token })
    expect(cancel.status).toBe(200)
    const run = await running
    expect(run.code).toBe(1)
    expect(run.stdout).toBe('')
    expect(run.stderr).toMatch(
      new RegExp(
        `\\] Cancelled\nerror: Planning job ${job.id} was cancelled; start again with svc-cli smart generate\n$`,
      ),
    )
    model.answer()
  })
})
