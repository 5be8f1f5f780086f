/**
 * The built-in planner measured against a corpus of varied instructions
 * (test/fixtures/instructions.json): every plan validates, matches what the instruction
 * asked for, scores every question, tiles every level range, is in the instruction's
 * language, and — executed through the real modules — renders a report with a score and a
 * level for every dimension.
 */
import { describe, expect, test } from 'bun:test'
import corpus from '../fixtures/instructions.json'
import { previewReport } from '../../server/core/reports/preview.ts'
import { analyzeInstruction } from '../../server/smart/analyze.ts'
import { planWithBuiltin } from '../../server/smart/builtin-planner.ts'
import { checkPlan, planScaleRange } from '../../server/contract/smart/check-plan.ts'
import { executePlan } from '../../server/smart/execute.ts'
import { savePlan } from '../../server/smart/plans.ts'
import { testContext } from '../support/context.ts'
import { makeUser } from '../support/users.ts'

interface Expectation {
  language: 'en' | 'zh'
  kind?: string
  questions?: number
  dimensions?: number
  scaleKeys?: string[]
  options?: number
  levels?: number
  primaryColor?: string
  backgroundColor?: string
  layout?: string
  fontFamily?: string
  publish?: boolean
  /** true: questions come from the quiz bank; false: placeholders, with a note saying so. */
  quizBank?: boolean
}

const cases = corpus as Array<{ instruction: string; expect: Expectation }>
const HAN = /\p{Script=Han}/u

test('the corpus has at least 30 instructions in English and Chinese', () => {
  expect(cases.length).toBeGreaterThanOrEqual(30)
  expect(cases.filter((c) => c.expect.language === 'zh').length).toBeGreaterThanOrEqual(10)
  expect(cases.filter((c) => c.expect.kind === 'quiz').length).toBeGreaterThanOrEqual(4)
})

describe.each(cases)('built-in plan for "$instruction"', ({ instruction, expect: wanted }) => {
  const plan = planWithBuiltin(instruction)

  test('is valid and deterministic', () => {
    expect(checkPlan(plan).problems).toEqual([])
    expect(planWithBuiltin(instruction)).toEqual(plan)
  })

  test('matches what the instruction asked for', () => {
    const theme = plan.connect.theme
    const got = {
      language: plan.language,
      kind: analyzeInstruction(instruction).kind,
      questions: plan.form.fields.length,
      dimensions: plan.scale.scales.length,
      scaleKeys: plan.scale.scales.map((scale) => scale.key),
      options: plan.form.fields[0].options?.length,
      levels: plan.scale.scales[0].levels!.length,
      primaryColor: theme.primaryColor,
      backgroundColor: theme.backgroundColor,
      layout: theme.layout,
      fontFamily: theme.fontFamily,
      publish: plan.share.publish,
      quizBank: !plan.notes.some((note) => note.includes('placeholders')),
    }
    const picked: Record<string, unknown> = Object.fromEntries(
      Object.keys(wanted).map((key) => [key, got[key as keyof typeof got]]),
    )
    expect(picked).toEqual({ ...wanted })
  })

  test('scores every question exactly once, with a score for every option', () => {
    const scored = plan.scale.scales.flatMap((scale) => scale.items!.map((item) => item.field))
    expect([...scored].sort()).toEqual(plan.form.fields.map((field) => field.name).sort())
    for (const scale of plan.scale.scales) {
      for (const item of scale.items!) {
        const field = plan.form.fields.find((candidate) => candidate.name === item.field)!
        expect(Object.keys(item.scores!)).toEqual(field.options!)
      }
    }
  })

  test('levels tile each score range with no gaps or overlaps', () => {
    for (const scale of plan.scale.scales) {
      const range = planScaleRange(scale, plan.form.fields)!
      const levels = scale.levels!
      expect(levels[0].min).toBe(range.min)
      expect(levels[levels.length - 1].max).toBe(range.max)
      levels.forEach((level, index) => {
        expect(level.max!).toBeGreaterThan(level.min!)
        if (index > 0) expect(level.min).toBe(levels[index - 1].max)
        expect(level.interpretation!.length).toBeGreaterThan(0)
      })
      expect(
        plan.expert.commentary.filter((comment) => comment.scale === scale.key).map((comment) => comment.level),
      ).toEqual(levels.map((level) => level.key))
    }
  })

  test('is written in the language of the instruction', () => {
    const prose = [
      plan.app.name,
      ...plan.form.fields.map((field) => field.label),
      ...plan.scale.scales.flatMap((scale) => [scale.name, ...scale.levels!.map((level) => level.interpretation!)]),
    ]
    const options = plan.form.fields.flatMap((field) => field.options ?? [])
    if (wanted.language === 'zh') {
      expect(prose.filter((text) => !HAN.test(text))).toEqual([])
    } else {
      expect([...prose, ...options].filter((text) => HAN.test(text))).toEqual([])
    }
  })

  test('executes through the modules and renders a report', async () => {
    const { ctx } = testContext()
    const { user } = await makeUser(ctx)
    const planId = await savePlan(ctx, user.id, 'builtin', plan)
    const result = await executePlan(ctx, user.id, planId)
    expect(result.modules.map((m) => [m.module, m.status])).toEqual([
      ['form', 'done'],
      ['scale', 'done'],
      ['report', 'done'],
      ['expert', 'done'],
      ['connect', 'done'],
      ['share', 'done'],
    ])
    const answers = Object.fromEntries(plan.form.fields.map((field) => [field.name, field.options![0]]))
    const report = await previewReport(ctx, user.id, result.appId, { data: answers })
    expect(report.model.pages.map((page) => page.title)).toEqual(plan.report.pages.map((page) => page.title))
    const scoreBlocks = report.model.pages.flatMap((page) => page.blocks).filter((block) => block.type === 'score')
    expect(scoreBlocks.map((block) => block.score.key)).toEqual(plan.scale.scales.map((scale) => scale.key))
    for (const block of scoreBlocks) {
      expect(block.score.score).not.toBeNull()
      expect(block.score.level).not.toBeNull()
    }
  })
})
