/**
 * The LLM planner against a real OpenAI-compatible server on loopback (Bun.serve, port 0)
 * that answers from a script: a valid plan, an invalid one then a repaired one, garbage,
 * errors and silence. Runs through planning jobs, as the HTTP route does.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import type { Config } from '../../server/config.ts'
import { planWithBuiltin } from '../../server/smart/builtin-planner.ts'
import { completionsUrl } from '../../server/smart/llm-planner.ts'
import { cancelJob, getJob, jobSettled, startPlanning } from '../../server/smart/jobs.ts'
import { getPlan } from '../../server/smart/plans.ts'
import type { Plan } from '../../server/contract/smart/plan.ts'
import { testContext } from '../support/context.ts'
import { makeUser } from '../support/users.ts'

const INSTRUCTION = 'a 6-question burnout check with 2 dimensions: exhaustion and cynicism'
const DRAFT = planWithBuiltin(INSTRUCTION)
const T0 = '2026-01-01T00:00:00.000Z'

interface Received {
  authorization: string | null
  body: {
    model: string
    temperature: number
    stream: boolean
    response_format: unknown
    messages: Array<{ role: string; content: string }>
  }
}

type Answer = (received: Received) => Response | Promise<Response>

/** The model's reply with `content` as the assistant message. */
const reply = (content: string): Response =>
  Response.json({
    id: 'x',
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  })

let script: Answer[] = []
let received: Received[] = []
const hanging: Array<() => void> = []

const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  async fetch(request) {
    if (new URL(request.url).pathname !== '/v1/chat/completions') return new Response('not found', { status: 404 })
    const entry: Received = {
      authorization: request.headers.get('authorization'),
      body: (await request.json()) as Received['body'],
    }
    received.push(entry)
    const answer = script.shift()
    return answer ? answer(entry) : new Response('script exhausted', { status: 500 })
  },
})
afterAll(async () => {
  for (const release of hanging) release()
  await server.stop(true)
})

/** An answer that never comes (until the test file ends). */
const silence: Answer = () => new Promise<Response>((resolve) => hanging.push(() => resolve(reply('{}'))))

async function plan(answers: Answer[], config: Partial<Config> = {}) {
  script = answers
  received = []
  const { ctx } = testContext({
    llmUrl: `http://127.0.0.1:${server.port}/v1`,
    llmModel: 'test-model',
    llmApiKey: 'sk-test',
    llmTimeoutMs: 5000,
    ...config,
  })
  const { user } = await makeUser(ctx)
  const started = await startPlanning(ctx, user.id, { instruction: INSTRUCTION })
  await jobSettled(ctx, started.jobId)
  const job = await getJob(ctx, user.id, started.jobId)
  return { ctx, userId: user.id, started, job, stored: job.planId ? await getPlan(ctx, user.id, job.planId) : null }
}

function improved(): Plan {
  const plan = structuredClone(DRAFT)
  plan.app.name = 'Burnout check for ward nurses'
  plan.notes = ['Renamed the app for the audience.']
  return plan
}

describe('LLM planner', () => {
  test('the completions URL accepts a base URL or the full route', () => {
    expect(completionsUrl('http://127.0.0.1:11434/v1')).toBe('http://127.0.0.1:11434/v1/chat/completions')
    expect(completionsUrl('http://127.0.0.1:11434/v1/')).toBe('http://127.0.0.1:11434/v1/chat/completions')
    expect(completionsUrl('http://host/v1/chat/completions')).toBe('http://host/v1/chat/completions')
  })

  test('a valid plan on the first answer is stored as the model wrote it', async () => {
    const { started, job, stored } = await plan([() => reply(JSON.stringify(improved()))])
    expect(started).toEqual({ jobId: job.id, status: 'running', planId: null })
    expect(job).toEqual({
      id: job.id,
      status: 'succeeded',
      planner: 'llm',
      progress: {
        stage: 'done',
        percent: 100,
        messages: [
          'Queued for the llm planner',
          'Reading the instruction',
          'Asking test-model for a plan',
          'Saving the plan',
          `Plan ${job.planId} is ready: 6 questions, 2 dimension(s)`,
        ],
      },
      planId: job.planId,
      error: null,
      createdAt: T0,
      updatedAt: T0,
      finishedAt: T0,
    })
    expect(stored!.planner).toBe('llm')
    expect(stored!.plan).toEqual({
      ...improved(),
      notes: [
        "Planned by the LLM planner (test-model), starting from the built-in planner's draft.",
        'Renamed the app for the audience.',
      ],
    })
    expect(received.length).toBe(1)
    const [request] = received
    expect(request.authorization).toBe('Bearer sk-test')
    expect({ ...request.body, messages: request.body.messages.map((m) => m.role) }).toEqual({
      model: 'test-model',
      temperature: 0,
      stream: false,
      response_format: { type: 'json_object' },
      messages: ['system', 'user'],
    })
    expect(request.body.messages[0].content).toContain('"additionalProperties":false')
    expect(request.body.messages[1].content).toContain(INSTRUCTION)
    expect(request.body.messages[1].content).toContain(JSON.stringify(DRAFT))
  })

  test('an invalid plan is sent back with its problems and the repaired one is used', async () => {
    const broken = improved()
    broken.scale.scales[0].levels![1].min = 2.5
    const fenced = `\`\`\`json\n${JSON.stringify(improved())}\n\`\`\``
    const { job, stored } = await plan([() => reply(JSON.stringify(broken)), () => reply(fenced)])
    expect(job.status).toBe('succeeded')
    expect(job.progress.messages).toEqual([
      'Queued for the llm planner',
      'Reading the instruction',
      'Asking test-model for a plan',
      "The model's plan had 1 problem(s); asking it to fix them",
      'Saving the plan',
      `Plan ${job.planId} is ready: 6 questions, 2 dimension(s)`,
    ])
    expect(stored!.plan.app.name).toBe('Burnout check for ward nurses')
    const repair = received[1].body.messages
    expect(repair.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user'])
    expect(repair[2].content).toBe(JSON.stringify(broken))
    expect(repair[3].content).toBe(
      'The plan is invalid:\n- scale.scales.0.levels: gap from 2.33 to 2.5: scores between "low" and "moderate" have no level\n' +
        'Fix every problem and answer with the whole corrected plan as JSON.',
    )
  })

  const fallbacks: Array<[string, Answer[], Partial<Config>, string]> = [
    [
      'still invalid after one repair',
      [() => reply('not json'), () => reply('{"version":1}')],
      {},
      'the model\'s plan was still invalid after one repair (9 problem(s), first: language: Invalid option: expected one of "en"|"zh")',
    ],
    [
      'an HTTP error',
      [() => new Response('model not loaded', { status: 503 })],
      {},
      'the model server answered HTTP 503: model not loaded',
    ],
    [
      'no message content',
      [() => Response.json({ choices: [] })],
      {},
      'the model server sent no message content (is it an OpenAI-compatible chat-completions endpoint?)',
    ],
    ['the time limit', [silence], { llmTimeoutMs: 200 }, 'the model did not finish within 0.2 s (SVC_LLM_TIMEOUT)'],
  ]

  test.each(fallbacks)('falls back to the built-in plan on %s, saying why', async (_name, answers, config, reason) => {
    const { job, stored } = await plan(answers, config)
    expect(job.status).toBe('succeeded')
    expect(job.progress.messages.slice(-3)).toEqual([
      `LLM planner failed (${reason}); using the built-in plan`,
      'Saving the plan',
      `Plan ${job.planId} is ready: 6 questions, 2 dimension(s)`,
    ])
    expect(stored!.planner).toBe('builtin')
    expect(stored!.plan).toEqual({
      ...DRAFT,
      notes: [
        `The LLM planner (test-model) failed: ${reason}. This plan is the built-in planner's instead.`,
        ...DRAFT.notes,
      ],
    })
  })

  test('an unreachable server falls back too', async () => {
    const { job, stored } = await plan([], { llmUrl: 'http://127.0.0.1:1/v1' })
    expect(job.status).toBe('succeeded')
    expect(stored!.plan.notes[0]).toStartWith(
      'The LLM planner (test-model) failed: the model server could not be reached: ',
    )
  })

  test('cancelling a running job stops it without a plan', async () => {
    script = [silence]
    received = []
    const { ctx } = testContext({
      llmUrl: `http://127.0.0.1:${server.port}/v1`,
      llmModel: 'test-model',
      llmApiKey: null,
      llmTimeoutMs: 60_000,
    })
    const { user } = await makeUser(ctx)
    const started = await startPlanning(ctx, user.id, { instruction: INSTRUCTION })
    while (received.length === 0) await new Promise((resolve) => setImmediate(resolve))
    expect(received[0].authorization).toBeNull()
    const cancelled = await cancelJob(ctx, user.id, started.jobId)
    await jobSettled(ctx, started.jobId)
    expect(cancelled).toEqual({
      id: started.jobId,
      status: 'cancelled',
      planner: 'llm',
      progress: {
        stage: 'cancelled',
        percent: 30,
        messages: [
          'Queued for the llm planner',
          'Reading the instruction',
          'Asking test-model for a plan',
          'Cancelled',
        ],
      },
      planId: null,
      error: null,
      createdAt: T0,
      updatedAt: T0,
      finishedAt: T0,
    })
    expect(await getJob(ctx, user.id, started.jobId)).toEqual(cancelled)
    await expect(cancelJob(ctx, user.id, started.jobId)).rejects.toThrow(
      'The job has already been cancelled; nothing to cancel',
    )
  })
})
