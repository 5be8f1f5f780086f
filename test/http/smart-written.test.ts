/**
 * Plans not made by the server's planner job: a complete plan the caller wrote
 * (POST /smart/plans/import, what `smart generate --plan-file` and svc_generate {plan}
 * send), the model-free draft an agent's model improves (POST /smart/drafts), and an
 * instruction naming a validated instrument, followed to the report that cites it.
 */
import { describe, expect, test } from 'bun:test'
import { planWithBuiltin } from '../../server/smart/builtin-planner.ts'
import { PHQ_9 } from '../../server/smart/catalog/instruments/phq-9.ts'
import { draftPlan } from '../../server/smart/planners.ts'
import { testApp } from '../support/http.ts'
import { makeUser } from '../support/users.ts'
import { invalid, type ErrorEnvelope } from '../support/call.ts'

const T0 = '2026-01-01T00:00:00.000Z'

async function setup() {
  const t = testApp()
  return { ...t, owner: await makeUser(t.ctx) }
}

describe('POST /api/v3/smart/plans/import', () => {
  test('stores a valid plan as written, by the caller', async () => {
    const s = await setup()
    const plan = planWithBuiltin('a 4-question stress check with 1 dimension')
    plan.app.name = 'Our own stress check'
    plan.notes = ['Written by hand.']
    const saved = await s.call('plans.import', { body: { plan } }, { token: s.owner.token })
    expect(saved.status).toBe(200)
    const id = saved.body.data.id
    expect(saved.body).toEqual({
      code: 200,
      data: { id, planner: 'caller', plan, execution: null, createdAt: T0, updatedAt: T0 },
    })
    expect((await s.call('plans.get', { params: { id } }, { token: s.owner.token })).body).toEqual(saved.body)
    const list = await s.call('plans.list', {}, { token: s.owner.token })
    expect(list.body.data.plans).toEqual([
      {
        id,
        planner: 'caller',
        name: 'Our own stress check',
        language: 'en',
        questions: 4,
        dimensions: 1,
        appId: null,
        createdAt: T0,
        updatedAt: T0,
      },
    ])
  })

  test('refuses an invalid plan with a 422 listing every problem by path, and stores nothing', async () => {
    const s = await setup()
    const plan = planWithBuiltin('a 4-question stress check with 1 dimension')
    plan.scale.scales[0].levels![0].min = 1.5
    plan.report.pages[0].sections.push({ type: 'score', scale: 'nope' })
    const refused = await s.call('plans.import', { body: { plan } }, { token: s.owner.token })
    expect(refused.status).toBe(422)
    expect(refused.body as ErrorEnvelope).toEqual({
      code: 422,
      error: {
        type: 'validation',
        message: 'The plan is not valid: 2 problems; fix them and save again',
        details: {
          problems: [
            {
              path: 'scale.scales.0.levels',
              message: 'gap from 1 to 1.5: the lowest possible score is 1, below level "low"',
            },
            { path: 'report.pages.0.sections.2.scale', message: 'names no scale of the plan: "nope"' },
          ],
        },
      },
    })
    expect((await s.call('plans.list', {}, { token: s.owner.token })).body.data.plans).toEqual([])
  })

  test.each([
    ['no plan', {}, [{ path: 'plan', message: 'is required' }]],
    [
      'a plan that is not an object',
      { plan: 'x' },
      [
        {
          path: 'plan',
          message:
            'must be a plan object (version, language, instruction, app, form, scale, report, expert, connect, share, notes)',
        },
      ],
    ],
    [
      'an unknown property',
      { plan: {}, planner: 'builtin' },
      [{ path: '', message: 'unknown properties "planner"; allowed: plan' }],
    ],
  ])('%s is a 422 listing the problem', async (_name, body, problems) => {
    const s = await setup()
    const response = await s.call('plans.import', { body: invalid(body) }, { token: s.owner.token })
    expect([response.status, response.body.error?.type, response.body.error?.details]).toEqual([
      422,
      'validation',
      { problems },
    ])
  })

  test('needs authentication', async () => {
    const s = await setup()
    const response = await s.call('plans.import', { body: { plan: {} } })
    expect(response.status).toBe(401)
  })
})

describe('POST /api/v3/smart/drafts', () => {
  test('answers the model-free plan without storing it', async () => {
    const s = await setup()
    const instruction = 'a 6-question burnout check for nurses with two dimensions: exhaustion, cynicism'
    const response = await s.call('smart.draft', { body: { instruction } }, { token: s.owner.token })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ code: 200, data: { plan: planWithBuiltin(instruction), madeBy: 'builtin' } })
    const instrument = await s.call('smart.draft', { body: { instruction: 'PHQ-9' } }, { token: s.owner.token })
    expect(instrument.body).toEqual({ code: 200, data: draftPlan('PHQ-9') })
    expect(instrument.body.data.madeBy).toBe('instrument')
    expect((await s.call('plans.list', {}, { token: s.owner.token })).body.data.plans).toEqual([])
  })

  test('an empty instruction is a 422', async () => {
    const s = await setup()
    const response = await s.call('smart.draft', { body: { instruction: ' ' } }, { token: s.owner.token })
    expect([response.status, response.body.error?.details]).toEqual([
      422,
      {
        problems: [
          {
            path: 'instruction',
            message:
              'cannot be empty: describe the form or assessment, e.g. "a contact form with name, email and message" or "a 10-question wellbeing check with 2 dimensions"',
          },
        ],
      },
    ])
  })
})

describe('an instruction naming a validated instrument', () => {
  test('is planned from the instrument, built, and its report cites the source', async () => {
    const s = await setup()
    const instruction = 'a PHQ-9 depression screening for our clinic, 10 questions'
    const started = await s.call('plans.create', { body: { instruction } }, { token: s.owner.token })
    const planId = started.body.data.planId!
    expect(started.body).toEqual({
      code: 200,
      data: { jobId: expect.any(String), status: 'succeeded', planId: expect.any(String) },
    })
    const job = await s.call('smart.job', { params: { id: started.body.data.jobId } }, { token: s.owner.token })
    expect(job.body.data.progress.messages).toEqual([
      'Queued for the builtin planner',
      'Reading the instruction',
      'Validated instrument: Patient Health Questionnaire (PHQ-9), 9 published questions',
      'Saving the plan',
      `Plan ${planId} is ready: 9 questions, 1 dimension(s)`,
    ])
    const stored = await s.call('plans.get', { params: { id: planId } }, { token: s.owner.token })
    expect(stored.body.data).toMatchObject({ planner: 'instrument', plan: draftPlan(instruction).plan })
    expect(stored.body.data.plan.notes[1]).toBe(
      'Asked for 10 questions: PHQ-9 has 9 as published, and changing the count would make the published scoring and cut-offs invalid, so all 9 are kept.',
    )

    const built = await s.call('plans.execute', { params: { id: planId } }, { token: s.owner.token })
    const appId = built.body.data.appId
    const answers = Object.fromEntries(
      PHQ_9.items.map((item, index) => [item.key, index < 6 ? 'More than half the days' : 'Not at all']),
    )
    const preview = await s.call(
      'reports.preview',
      { params: { id: appId }, body: { data: answers, format: 'html' } },
      { token: s.owner.token },
    )
    expect(preview.status).toBe(200)
    expect(preview.body.data.scores).toEqual({ depression: { score: 12, level: 'moderate', levelLabel: 'Moderate' } })
    const html: string = preview.body.data.content
    expect(html).toContain('<h2>About this questionnaire</h2>')
    expect(html).toContain(
      'Source: Kroenke K, Spitzer RL, Williams JBW. The PHQ-9: validity of a brief depression severity measure. Journal of General Internal Medicine. 2001;16(9):606–613.',
    )
    expect(html).toContain(
      'Licence: PHQ screeners © Pfizer Inc.; no permission is required to reproduce, translate, display or distribute them.',
    )
    expect(html).toContain('A score of 10–14: moderate depressive symptoms.')
    expect(html).not.toContain('planner')
  })
})
