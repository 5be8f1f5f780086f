/**
 * /api/v3/smart over real HTTP handling (app.handle): planning jobs, plan storage, edits,
 * validation, execution, and ownership — whole bodies and exact statuses.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { planWithBuiltin } from '../../server/smart/builtin-planner.ts'
import { testApp, type TestResponse } from '../support/http.ts'
import { makeUser } from '../support/users.ts'
import { invalid, type ErrorEnvelope } from '../support/call.ts'

const INSTRUCTION = 'a 4-question wellbeing check with 2 dimensions, green, publish it'
const T0 = '2026-01-01T00:00:00.000Z'

async function setup() {
  const t = testApp()
  const owner = await makeUser(t.ctx)
  const other = await makeUser(t.ctx)
  const started = await t.call('plans.create', { body: { instruction: INSTRUCTION } }, { token: owner.token })
  return {
    ...t,
    owner,
    other,
    started,
    jobId: started.body.data.jobId as string,
    planId: started.body.data.planId as string,
  }
}

describe('smart plans and jobs', () => {
  test('POST /plans plans with the built-in planner at once; the job and plan can be read back', async () => {
    const s = await setup()
    expect(s.started.status).toBe(200)
    expect(s.started.body).toEqual({ code: 200, data: { jobId: s.jobId, status: 'succeeded', planId: s.planId } })

    const job = await s.call('smart.job', { params: { id: s.jobId } }, { token: s.owner.token })
    expect(job.status).toBe(200)
    expect(job.body).toEqual({
      code: 200,
      data: {
        id: s.jobId,
        status: 'succeeded',
        planner: 'builtin',
        progress: {
          stage: 'done',
          percent: 100,
          messages: [
            'Queued for the builtin planner',
            'Reading the instruction',
            'Built-in plan: 4 questions, 2 dimension(s)',
            'Saving the plan',
            `Plan ${s.planId} is ready: 4 questions, 2 dimension(s)`,
          ],
        },
        planId: s.planId,
        error: null,
        createdAt: T0,
        updatedAt: T0,
        finishedAt: T0,
      },
    })

    const plan = await s.call('plans.get', { params: { id: s.planId } }, { token: s.owner.token })
    expect(plan.status).toBe(200)
    expect(plan.body).toEqual({
      code: 200,
      data: {
        id: s.planId,
        planner: 'builtin',
        plan: planWithBuiltin(INSTRUCTION),
        execution: null,
        createdAt: T0,
        updatedAt: T0,
      },
    })

    const list = await s.call('plans.list', {}, { token: s.owner.token })
    expect(list.body).toEqual({
      code: 200,
      data: {
        plans: [
          {
            id: s.planId,
            planner: 'builtin',
            name: 'Wellbeing check',
            language: 'en',
            questions: 4,
            dimensions: 2,
            appId: null,
            createdAt: T0,
            updatedAt: T0,
          },
        ],
      },
    })
    expect((await s.call('plans.list', {}, { token: s.other.token })).body).toEqual({
      code: 200,
      data: { plans: [] },
    })
  })

  test('PUT /plans/:id saves a valid edit and refuses an invalid one with every problem', async () => {
    const s = await setup()
    const plan = planWithBuiltin(INSTRUCTION)
    plan.app.name = 'Team wellbeing'
    s.clock.advance(60_000)
    const saved = await s.call('plans.replace', { params: { id: s.planId }, body: plan }, { token: s.owner.token })
    expect(saved.status).toBe(200)
    expect(saved.body).toEqual({
      code: 200,
      data: {
        id: s.planId,
        planner: 'builtin',
        plan,
        execution: null,
        createdAt: T0,
        updatedAt: '2026-01-01T00:01:00.000Z',
      },
    })

    const broken = structuredClone(plan)
    broken.scale.scales[0].items![0].field = 'nope'
    broken.expert.commentary[0].level = 'missing'
    const refused = await s.call('plans.replace', { params: { id: s.planId }, body: broken }, { token: s.owner.token })
    expect(refused.status).toBe(422)
    expect(refused.body as ErrorEnvelope).toEqual({
      code: 422,
      error: {
        type: 'validation',
        message: 'The plan is not valid: 2 problems; fix them and save again',
        details: {
          problems: [
            { path: 'scale.scales.0.items.0.field', message: 'names no form field: "nope"' },
            {
              path: 'expert.commentary.0.level',
              message: `scale "${plan.scale.scales[0].key}" has no level "missing"`,
            },
          ],
        },
      },
    })
    const after = await s.call('plans.get', { params: { id: s.planId } }, { token: s.owner.token })
    expect(after.body.data.plan).toEqual(plan)

    const garbled = await s.call(
      'plans.replace',
      { params: { id: s.planId } },
      { token: s.owner.token, raw: '{"version":', headers: { 'content-type': 'application/json' } },
    )
    expect(garbled.status).toBe(400)
    expect(garbled.body.error?.type).toBe('bad_json')
  })

  test('POST /plans/:id/validate checks the stored plan or a given one without saving', async () => {
    const s = await setup()
    const stored = await s.call('plans.validate', { params: { id: s.planId } }, { token: s.owner.token })
    expect(stored.status).toBe(200)
    expect(stored.body).toEqual({ code: 200, data: { valid: true, problems: [] } })

    const plan = planWithBuiltin(INSTRUCTION)
    plan.scale.scales[0].levels![0].min = 1.5
    const given = await s.call('plans.validate', { params: { id: s.planId }, body: { plan } }, { token: s.owner.token })
    expect(given.body).toEqual({
      code: 200,
      data: {
        valid: false,
        problems: [
          {
            path: 'scale.scales.0.levels',
            message: 'gap from 1 to 1.5: the lowest possible score is 1, below level "low"',
          },
        ],
      },
    })
    const unchanged = await s.call('plans.get', { params: { id: s.planId } }, { token: s.owner.token })
    expect(unchanged.body.data.plan).toEqual(planWithBuiltin(INSTRUCTION))
  })

  test('POST /plans/:id/execute builds the app and re-running creates nothing new', async () => {
    const s = await setup()
    const executed = await s.call('plans.execute', { params: { id: s.planId } }, { token: s.owner.token })
    expect(executed.status).toBe(200)
    const appId = executed.body.data.appId as string
    const urls = await s.call('apps.urls', { params: { id: appId } }, { token: s.owner.token })
    expect(executed.body).toEqual({
      code: 200,
      data: {
        planId: s.planId,
        appId,
        appCreated: true,
        modules: [
          { module: 'form', status: 'done', created: ['q1', 'q2', 'q3', 'q4'], existing: [] },
          { module: 'scale', status: 'done', created: ['emotional', 'vitality'], existing: [] },
          {
            module: 'report',
            status: 'done',
            created: [
              'page 1 "Results"',
              'page 1 "Results" section 1 (intro)',
              'page 1 "Results" section 2 (chart)',
              'page 1 "Results" section 3 (score)',
              'page 1 "Results" section 4 (score)',
              'page 2 "What your results mean"',
              'page 2 "What your results mean" section 1 (expert)',
              'page 2 "What your results mean" section 2 (closing)',
            ],
            existing: [],
          },
          {
            module: 'expert',
            status: 'done',
            created: [
              'profile',
              'comment emotional/low',
              'comment emotional/moderate',
              'comment emotional/high',
              'comment vitality/low',
              'comment vitality/moderate',
              'comment vitality/high',
            ],
            existing: [],
          },
          { module: 'connect', status: 'done', created: ['theme'], existing: [] },
          { module: 'share', status: 'done', created: ['published'], existing: [] },
        ],
        urls: urls.body.data,
      },
    })
    expect(urls.body.data.fillIn).toStartWith('http://localhost:8787/f/')
    const app = await s.call('apps.get', { params: { id: appId } }, { token: s.owner.token })
    expect([app.body.data.name, app.body.data.fieldCount, app.body.data.published]).toEqual([
      'Wellbeing check',
      4,
      true,
    ])
    // Published, but the respondents' answers stay the owner's: reads off, no warning, the fill-in token reads nothing.
    const share = (await s.call('share.get', { params: { id: appId } }, { token: s.owner.token })).body.data
    expect([share.reads, Object.hasOwn(share, 'warnings')]).toEqual(['off', false])
    const token = urls.body.data.fillIn!.split('/f/')[1]
    expect((await s.call('reads.query', { params: { token } })).status).toBe(403)
    expect((await s.call('reads.summary', { params: { token } })).status).toBe(403)

    const again = await s.call(
      'plans.execute',
      { params: { id: s.planId }, body: { module: 'form' } },
      { token: s.owner.token },
    )
    expect(again.body.data.modules).toEqual([
      { module: 'form', status: 'done', created: [], existing: ['q1', 'q2', 'q3', 'q4'] },
    ])
    expect(again.body.data.appCreated).toBe(false)
    const fields = await s.call('fields.list', { params: { id: appId } }, { token: s.owner.token })
    expect(fields.body.data.fields.map((field: { name: string }) => field.name)).toEqual(['q1', 'q2', 'q3', 'q4'])
    const list = await s.call('plans.list', {}, { token: s.owner.token })
    expect(list.body.data.plans[0].appId).toBe(appId)
  })

  test('DELETE /jobs/:id on a finished job is a 409', async () => {
    const s = await setup()
    const response = await s.call('smart.cancelJob', { params: { id: s.jobId } }, { token: s.owner.token })
    expect(response.status).toBe(409)
    expect(response.body as ErrorEnvelope).toEqual({
      code: 409,
      error: { type: 'conflict', message: 'The job has already succeeded; nothing to cancel' },
    })
  })

  test("another account's plans and jobs are 404, exactly like missing ones", async () => {
    const s = await setup()
    const plan = planWithBuiltin(INSTRUCTION)
    const asOther = { token: s.other.token }
    const MISSING = '01a20196-0000-7000-8000-000000000000'
    const calls: Array<[string, () => Promise<TestResponse>, string]> = [
      ['plans.get', () => s.call('plans.get', { params: { id: s.planId } }, asOther), 'Plan not found'],
      [
        'plans.replace',
        () => s.call('plans.replace', { params: { id: s.planId }, body: plan }, asOther),
        'Plan not found',
      ],
      [
        'plans.validate',
        () => s.call('plans.validate', { params: { id: s.planId }, body: {} }, asOther),
        'Plan not found',
      ],
      [
        'plans.execute',
        () => s.call('plans.execute', { params: { id: s.planId }, body: {} }, asOther),
        'Plan not found',
      ],
      ['smart.job', () => s.call('smart.job', { params: { id: s.jobId } }, asOther), 'Job not found'],
      ['smart.cancelJob', () => s.call('smart.cancelJob', { params: { id: s.jobId } }, asOther), 'Job not found'],
      ['plans.get (missing)', () => s.call('plans.get', { params: { id: MISSING } }, asOther), 'Plan not found'],
      ['smart.job (missing)', () => s.call('smart.job', { params: { id: 'nope' } }, asOther), 'Job not found'],
    ]
    for (const [name, call, message] of calls) {
      const response = await call()
      expect([name, response.status, response.body]).toEqual([
        name,
        404,
        { code: 404, error: { type: 'not_found', message } },
      ])
    }
    const still = await s.call('plans.get', { params: { id: s.planId } }, { token: s.owner.token })
    expect(still.body.data.plan).toEqual(plan)
  })

  test('every route needs authentication', async () => {
    const s = await setup()
    const calls: Array<[string, () => Promise<TestResponse<Partial<ErrorEnvelope>>>]> = [
      ['plans.create', () => s.call('plans.create', { body: { instruction: 'x' } })],
      ['plans.list', () => s.call('plans.list')],
      ['plans.get', () => s.call('plans.get', { params: { id: s.planId } })],
      ['smart.job', () => s.call('smart.job', { params: { id: s.jobId } })],
    ]
    for (const [name, call] of calls) {
      const response = await call()
      expect([name, response.status, response.body.error?.type]).toEqual([name, 401, 'unauthorized'])
    }
  })

  const badStarts: Array<[string, unknown, Array<{ path: string; message: string }>]> = [
    ['no instruction', {}, [{ path: 'instruction', message: 'is required' }]],
    [
      'an empty instruction',
      { instruction: '  ' },
      [
        {
          path: 'instruction',
          message:
            'cannot be empty: describe the form or assessment, e.g. "a contact form with name, email and message" or "a 10-question wellbeing check with 2 dimensions"',
        },
      ],
    ],
    [
      'an unknown planner',
      { instruction: 'x', planner: 'gpt' },
      [{ path: 'planner', message: 'must be one of builtin, llm' }],
    ],
    [
      'an unknown property',
      { instruction: 'x', lang: 'en' },
      [{ path: '', message: 'unknown properties "lang"; allowed: instruction, planner' }],
    ],
    [
      'the LLM planner without configuration',
      { instruction: 'x', planner: 'llm' },
      [{ path: 'planner', message: 'the LLM planner is not configured (SVC_LLM_URL, SVC_LLM_MODEL)' }],
    ],
  ]

  test.each(badStarts)('POST /plans with %s is a 422 listing the problem', async (_name, body, problems) => {
    const s = await setup()
    const response = await s.call('plans.create', { body: invalid(body) }, { token: s.owner.token })
    expect(response.status).toBe(422)
    expect(response.body.error?.type).toBe('validation')
    expect(response.body.error?.details).toEqual({ problems })
  })

  test('POST /plans/:id/execute with an unknown module is a 422', async () => {
    const s = await setup()
    const response = await s.call(
      'plans.execute',
      { params: { id: s.planId }, body: { module: invalid('fields') } },
      { token: s.owner.token },
    )
    expect(response.status).toBe(422)
    expect(response.body.error?.details).toEqual({
      problems: [{ path: 'module', message: 'must be one of form, scale, report, expert, connect, share' }],
    })
  })
})

describe('smart plans and jobs with the LLM planner', () => {
  // A model server that takes the request and never answers, so the job stays running.
  let requests = 0
  const release: Array<() => void> = []
  const model = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: () => {
      requests++
      return new Promise<Response>((resolve) => release.push(() => resolve(new Response('{}'))))
    },
  })
  afterAll(async () => {
    for (const done of release) done()
    await model.stop(true)
  })

  test('a running job reports its progress and DELETE cancels it', async () => {
    const t = testApp({
      llmUrl: `http://127.0.0.1:${model.port}/v1`,
      llmModel: 'slow-model',
      llmApiKey: null,
      llmTimeoutMs: 60_000,
    })
    const { token } = await makeUser(t.ctx)
    const started = await t.call('plans.create', { body: { instruction: INSTRUCTION } }, { token })
    const jobId = started.body.data.jobId as string
    expect(started.body).toEqual({ code: 200, data: { jobId, status: 'running', planId: null } })
    while (requests === 0) await new Promise((resolve) => setImmediate(resolve))

    const running = await t.call('smart.job', { params: { id: jobId } }, { token })
    const job = {
      id: jobId,
      status: 'running',
      planner: 'llm',
      progress: {
        stage: 'asking the model',
        percent: 30,
        messages: ['Queued for the llm planner', 'Reading the instruction', 'Asking slow-model for a plan'],
      },
      planId: null,
      error: null,
      createdAt: T0,
      updatedAt: T0,
      finishedAt: null,
    }
    expect(running.body as unknown).toEqual({ code: 200, data: job })

    const cancelled = await t.call('smart.cancelJob', { params: { id: jobId } }, { token })
    expect(cancelled.status).toBe(200)
    expect(cancelled.body as unknown).toEqual({
      code: 200,
      data: {
        ...job,
        status: 'cancelled',
        progress: { ...job.progress, stage: 'cancelled', messages: [...job.progress.messages, 'Cancelled'] },
        finishedAt: T0,
      },
    })
    expect((await t.call('plans.list', {}, { token })).body).toEqual({ code: 200, data: { plans: [] } })
  })
})
