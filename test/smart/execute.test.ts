/**
 * Executing a plan through the modules' core functions: everything is created once, a
 * failure in the middle module leaves a record to resume from, and re-running never
 * duplicates fields, scales, pages, sections or comments.
 */
import { describe, expect, test } from 'bun:test'
import { deleteApp } from '../../server/core/apps/apps.ts'
import { listApps } from '../../server/core/apps/list.ts'
import { appUrls } from '../../server/core/apps/urls.ts'
import { getTheme } from '../../server/core/connect/connect.ts'
import { AppError } from '../../server/contract/errors.ts'
import { getExpert } from '../../server/core/expert/expert.ts'
import { listFields } from '../../server/core/fields/fields.ts'
import { listReportPages } from '../../server/core/reports/pages.ts'
import { listScales } from '../../server/core/scales/scales.ts'
import { getShare } from '../../server/core/share/settings.ts'
import { planWithBuiltin } from '../../server/smart/builtin-planner.ts'
import { executePlan } from '../../server/smart/execute.ts'
import { STEPS, type Step } from '../../server/smart/execution.ts'
import { getPlan, savePlan, updatePlan } from '../../server/smart/plans.ts'
import { testContext } from '../support/context.ts'
import { makeUser } from '../support/users.ts'

const INSTRUCTION = 'a 6-question burnout check with 2 dimensions: exhaustion and cynicism, 3 levels, publish it'

async function setup() {
  const { ctx, clock } = testContext()
  const { user } = await makeUser(ctx)
  const plan = planWithBuiltin(INSTRUCTION)
  const planId = await savePlan(ctx, user.id, 'builtin', plan)
  return { ctx, clock, userId: user.id, plan, planId }
}

type Setup = Awaited<ReturnType<typeof setup>>

/** Everything the app holds, in a comparable form. */
async function appState({ ctx, userId }: Setup, appId: string) {
  return {
    fields: (await listFields(ctx, userId, appId)).map((field) => [field.name, field.type, field.label, field.options]),
    scales: (await listScales(ctx, userId, appId)).scales.map((scale) => [
      scale.key,
      scale.items.length,
      scale.levels.map((level) => level.key),
    ]),
    pages: (await listReportPages(ctx, userId, appId)).pages.map((page) => [
      page.title,
      page.sections.map((section) => section.type),
    ]),
    comments: (await getExpert(ctx, userId, appId)).comments
      .map((comment) => `${comment.scale}/${comment.level}`)
      .sort(),
    expert: (await getExpert(ctx, userId, appId)).name,
    theme: (await getTheme(ctx, userId, appId)).primaryColor,
    published: (await getShare(ctx, userId, appId)).published,
    reads: (await getShare(ctx, userId, appId)).reads,
  }
}

/** What the plan says the app should hold. */
function planState({ plan }: Setup): Awaited<ReturnType<typeof appState>> {
  return {
    fields: plan.form.fields.map((field) => [field.name, field.type, field.label, field.options]),
    scales: plan.scale.scales.map((scale) => [scale.key, scale.items!.length, scale.levels!.map((level) => level.key)]),
    pages: plan.report.pages.map((page) => [page.title, page.sections.map((section) => section.type)]),
    comments: plan.expert.commentary.map((comment) => `${comment.scale}/${comment.level}`).sort(),
    expert: plan.expert.profile.name!,
    theme: plan.connect.theme.primaryColor!,
    published: true,
    // Records are the owner's: a smart-built app is published with reads off (rule 16).
    reads: 'off',
  }
}

describe('executePlan', () => {
  test('builds the whole app through the modules and lists what each created', async () => {
    const s = await setup()
    const result = await executePlan(s.ctx, s.userId, s.planId)
    expect(result).toEqual({
      planId: s.planId,
      appId: result.appId,
      appCreated: true,
      modules: [
        { module: 'form', status: 'done', created: ['q1', 'q2', 'q3', 'q4', 'q5', 'q6'], existing: [] },
        { module: 'scale', status: 'done', created: ['exhaustion', 'cynicism'], existing: [] },
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
            'comment exhaustion/low',
            'comment exhaustion/moderate',
            'comment exhaustion/high',
            'comment cynicism/low',
            'comment cynicism/moderate',
            'comment cynicism/high',
          ],
          existing: [],
        },
        { module: 'connect', status: 'done', created: ['theme'], existing: [] },
        { module: 'share', status: 'done', created: ['published'], existing: [] },
      ],
      urls: await appUrls(s.ctx, s.userId, result.appId),
    })
    expect(result.urls.fillIn).toStartWith('http://localhost:8787/f/')
    expect(
      (await listApps(s.ctx, s.userId)).apps.map((app) => [app.id, app.name, app.fieldCount, app.published]),
    ).toEqual([[result.appId, 'Burnout check', 6, true]])
    expect(await appState(s, result.appId)).toEqual(planState(s))
    expect((await getPlan(s.ctx, s.userId, s.planId)).execution).toEqual({
      appId: result.appId,
      modules: Object.fromEntries(
        result.modules.map((m) => [
          m.module,
          { status: 'done', created: m.created, existing: m.existing, at: '2026-01-01T00:00:00.000Z' },
        ]),
      ),
    })
  })

  test('resumes after a failure in the middle module without duplicating anything', async () => {
    const s = await setup()
    // The report step adds its first page and then fails, like a crash half-way through.
    const failingReport: Step = async (ctx, userId, appId, plan) => {
      await STEPS.report(ctx, userId, appId, {
        ...plan,
        report: { pages: [{ title: plan.report.pages[0].title, sections: plan.report.pages[0].sections.slice(0, 2) }] },
      })
      throw new AppError('validation', 'injected failure', { problems: [] })
    }
    let failure: unknown
    try {
      await executePlan(s.ctx, s.userId, s.planId, {}, { ...STEPS, report: failingReport })
    } catch (error) {
      failure = error
    }
    const stored = (await getPlan(s.ctx, s.userId, s.planId)).execution!
    const appId = stored.appId!
    expect(failure).toBeInstanceOf(AppError)
    expect({
      status: (failure as AppError).status,
      type: (failure as AppError).type,
      message: (failure as AppError).message,
      details: (failure as AppError).details,
    }).toEqual({
      status: 422,
      type: 'validation',
      message:
        'Executing the plan stopped at the report module: injected failure. Fix the plan (PUT the plan) or the app, then execute again: finished modules are not repeated',
      details: { module: 'report', appId, cause: { problems: [] }, completed: ['form', 'scale'] },
    })
    expect(
      Object.entries(stored.modules).map(([module, outcome]) => [module, outcome!.status, outcome!.error ?? null]),
    ).toEqual([
      ['form', 'done', null],
      ['scale', 'done', null],
      ['report', 'failed', 'injected failure'],
    ])
    expect((await listReportPages(s.ctx, s.userId, appId)).pages.map((page) => page.sections.length)).toEqual([2])

    s.clock.advance(1000)
    const resumed = await executePlan(s.ctx, s.userId, s.planId)
    expect(resumed.appId).toBe(appId)
    expect(resumed.appCreated).toBe(false)
    expect(resumed.modules.map((m) => [m.module, m.status, m.created.length])).toEqual([
      ['form', 'skipped', 0],
      ['scale', 'skipped', 0],
      ['report', 'done', 5],
      ['expert', 'done', 7],
      ['connect', 'done', 1],
      ['share', 'done', 1],
    ])
    expect(resumed.modules[2]).toEqual({
      module: 'report',
      status: 'done',
      created: [
        'page 1 "Results" section 3 (score)',
        'page 1 "Results" section 4 (score)',
        'page 2 "What your results mean"',
        'page 2 "What your results mean" section 1 (expert)',
        'page 2 "What your results mean" section 2 (closing)',
      ],
      existing: ['page 1 "Results"'],
    })
    expect(await appState(s, appId)).toEqual(planState(s))
    expect((await listApps(s.ctx, s.userId)).apps.length).toBe(1)

    // A third run changes nothing; naming a module runs it again, finding everything there.
    const again = await executePlan(s.ctx, s.userId, s.planId)
    expect(again.modules.map((m) => m.status)).toEqual([
      'skipped',
      'skipped',
      'skipped',
      'skipped',
      'skipped',
      'skipped',
    ])
    const formOnly = await executePlan(s.ctx, s.userId, s.planId, { module: 'form' })
    expect(formOnly.modules).toEqual([
      { module: 'form', status: 'done', created: [], existing: ['q1', 'q2', 'q3', 'q4', 'q5', 'q6'] },
    ])
    const shareOnly = await executePlan(s.ctx, s.userId, s.planId, { module: 'share' })
    expect(shareOnly.modules).toEqual([{ module: 'share', status: 'done', created: [], existing: ['published'] }])
    expect(await appState(s, appId)).toEqual(planState(s))
  })

  test('after an edit, executing again adds what the edit added to the same app', async () => {
    const s = await setup()
    const first = await executePlan(s.ctx, s.userId, s.planId)
    const edited = structuredClone(s.plan)
    edited.form.fields.push({ name: 'comment', type: 'text', label: 'Anything else?', options: null, required: false })
    edited.connect.theme.primaryColor = '#0f766e'
    await updatePlan(s.ctx, s.userId, s.planId, edited)
    expect((await getPlan(s.ctx, s.userId, s.planId)).execution).toEqual({ appId: first.appId, modules: {} })
    const second = await executePlan(s.ctx, s.userId, s.planId)
    expect(second.appId).toBe(first.appId)
    expect(second.modules.map((m) => [m.module, m.created.length, m.existing.length])).toEqual([
      ['form', 1, 6],
      ['scale', 0, 2],
      ['report', 0, 2],
      ['expert', 1, 6],
      ['connect', 1, 0],
      ['share', 0, 1],
    ])
    expect((await listFields(s.ctx, s.userId, first.appId)).map((field) => field.name)).toEqual([
      'q1',
      'q2',
      'q3',
      'q4',
      'q5',
      'q6',
      'comment',
    ])
    expect((await getTheme(s.ctx, s.userId, first.appId)).primaryColor).toBe('#0f766e')
  })

  test('makes a new app when the one from an earlier run was deleted', async () => {
    const s = await setup()
    const first = await executePlan(s.ctx, s.userId, s.planId)
    await deleteApp(s.ctx, s.userId, first.appId)
    const second = await executePlan(s.ctx, s.userId, s.planId)
    expect(second.appId).not.toBe(first.appId)
    expect(second.appCreated).toBe(true)
    expect(second.modules.map((m) => m.status)).toEqual(['done', 'done', 'done', 'done', 'done', 'done'])
    expect(await appState(s, second.appId)).toEqual(planState(s))
  })

  test("another account's plan is not found", async () => {
    const s = await setup()
    const { user: other } = await makeUser(s.ctx)
    await expect(executePlan(s.ctx, other.id, s.planId)).rejects.toThrow(new AppError('not_found', 'Plan not found'))
  })

  test('an unknown module is a 422', async () => {
    const s = await setup()
    await expect(executePlan(s.ctx, s.userId, s.planId, { module: 'fields' as 'form' })).rejects.toThrow(
      'module: must be one of form, scale, report, expert, connect, share',
    )
  })
})
