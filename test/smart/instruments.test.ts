/**
 * The library of validated instruments: every data file checked (published item counts per
 * dimension, reversed keys naming the dimension's own items, answer scales and cut-offs
 * tiling the whole possible score range with no gap or overlap, citation and licence),
 * worked scoring examples against the published rules, the matcher on English and Chinese
 * instructions, and the plan an instrument becomes.
 */
import { describe, expect, test } from 'bun:test'
import { scoreScale, scoringItem, type ScoringScale } from '../../server/contract/scoring/score.ts'
import { planWithBuiltin } from '../../server/smart/builtin-planner.ts'
import { checkPlan, planScaleRange } from '../../server/contract/smart/check-plan.ts'
import { INSTRUMENTS, instrumentById, type Instrument } from '../../server/smart/catalog/instruments/index.ts'
import { instrumentPlan } from '../../server/smart/catalog/instruments/instrument-plan.ts'
import { matchInstruments } from '../../server/smart/catalog/instruments/match.ts'
import { draftPlan } from '../../server/smart/planners.ts'
import type { Plan } from '../../server/contract/smart/plan.ts'

/** Published facts per instrument: items per dimension, the reversed items, the possible score range of every dimension. */
const PUBLISHED: Record<
  string,
  { items: Record<string, number>; reversed: Record<string, number[]>; range: [number, number] }
> = {
  'phq-9': { items: { depression: 9 }, reversed: { depression: [] }, range: [0, 27] },
  'gad-7': { items: { anxiety: 7 }, reversed: { anxiety: [] }, range: [0, 21] },
  'who-5': { items: { wellbeing: 5 }, reversed: { wellbeing: [] }, range: [0, 100] },
  cbi: {
    items: { personal: 6, work: 7, client: 6 },
    reversed: { personal: [], work: [13], client: [] },
    range: [0, 100],
  },
  sus: { items: { usability: 10 }, reversed: { usability: [2, 4, 6, 8, 10] }, range: [0, 100] },
  nps: { items: { recommend: 1 }, reversed: { recommend: [] }, range: [0, 10] },
  'ipip-big-five-50': {
    items: { extraversion: 10, agreeableness: 10, conscientiousness: 10, 'emotional-stability': 10, intellect: 10 },
    // Positions (1-based) in the published 50-item order of the minus-keyed items.
    reversed: {
      extraversion: [6, 16, 26, 36, 46],
      agreeableness: [2, 12, 22, 32],
      conscientiousness: [8, 18, 28, 38],
      'emotional-stability': [4, 14, 24, 29, 34, 39, 44, 49],
      intellect: [10, 20, 30],
    },
    range: [10, 50],
  },
  'ipip-achievement-striving': {
    items: { 'achievement-striving': 10 },
    reversed: { 'achievement-striving': [8, 9, 10] },
    range: [10, 50],
  },
  'ipip-self-efficacy': {
    items: { 'self-efficacy': 10 },
    reversed: { 'self-efficacy': [7, 8, 9, 10] },
    range: [10, 50],
  },
  'ipip-self-discipline': {
    items: { 'self-discipline': 10 },
    reversed: { 'self-discipline': [6, 7, 8, 9, 10] },
    range: [10, 50],
  },
  'ipip-assertiveness': {
    items: { assertiveness: 10 },
    reversed: { assertiveness: [6, 7, 8, 9, 10] },
    range: [10, 50],
  },
}

const planOf = (instrument: Instrument, instruction = instrument.shortName): Plan =>
  instrumentPlan(
    [{ instrument, matched: instrument.shortName, at: 0, how: 'names' }],
    instruction,
    planWithBuiltin(instruction),
  )

test('the library holds the instruments the issue asks for, each once', () => {
  expect(INSTRUMENTS.map((i) => i.id)).toEqual(Object.keys(PUBLISHED))
  expect(new Set(INSTRUMENTS.flatMap((i) => i.items.map((item) => item.key))).size).toBe(
    INSTRUMENTS.reduce((n, i) => n + i.items.length, 0),
  )
})

describe.each(INSTRUMENTS.map((instrument) => [instrument.id, instrument] as const))('%s', (id, instrument) => {
  const published = PUBLISHED[id]

  test('item counts per dimension are the published ones, and every item belongs to a dimension and an answer scale', () => {
    expect(instrument.items.length).toBe(instrument.publishedItemCount)
    const counts = Object.fromEntries(
      instrument.dimensions.map((d) => [d.key, instrument.items.filter((item) => item.dimension === d.key).length]),
    )
    expect(counts).toEqual(published.items)
    for (const item of instrument.items) {
      expect(Object.keys(instrument.answerScales)).toContain(item.answers)
      expect(item.text.trim()).toBe(item.text)
      expect(item.text.length).toBeGreaterThan(0)
    }
    expect(new Set(instrument.items.map((item) => item.key)).size).toBe(instrument.items.length)
  })

  test('reversed keys name items of their own dimension, exactly the published ones', () => {
    for (const dimension of instrument.dimensions) {
      const own = instrument.items.filter((item) => item.dimension === dimension.key).map((item) => item.key)
      for (const key of dimension.reversed) expect(own).toContain(key)
      const positions = dimension.reversed.map((key) => instrument.items.findIndex((item) => item.key === key) + 1)
      expect(positions).toEqual(published.reversed[dimension.key])
    }
  })

  test('answer scales have distinct labels and values', () => {
    for (const answers of Object.values(instrument.answerScales)) {
      expect(new Set(answers.map((a) => a.label)).size).toBe(answers.length)
      expect(new Set(answers.map((a) => a.value)).size).toBe(answers.length)
    }
  })

  test('cut-offs tile the whole possible score range of every dimension, with no gap or overlap', () => {
    const plan = planOf(instrument)
    for (const dimension of instrument.dimensions) {
      const scale = plan.scale.scales.find((s) => s.key === dimension.key)!
      expect(planScaleRange(scale, plan.form.fields)).toEqual({ min: published.range[0], max: published.range[1] })
      const bands = dimension.bands
      expect(bands[0].min).toBe(published.range[0])
      expect(bands.at(-1)!.max).toBe(published.range[1])
      for (let i = 0; i < bands.length; i++) {
        expect(bands[i].min).toBeLessThan(bands[i].max)
        if (i > 0) expect(bands[i].min).toBe(bands[i - 1].max)
        expect(bands[i].meaning.length).toBeGreaterThan(0)
        expect(bands[i].advice.length).toBeGreaterThan(0)
      }
      expect(new Set(bands.map((b) => b.key)).size).toBe(bands.length)
    }
  })

  test('citation, licence and scoring rule are present, and the plan it becomes is valid and cites them on the report', () => {
    expect(instrument.citation).toMatch(/\d{4}/)
    expect(instrument.licence.length).toBeGreaterThan(10)
    expect(instrument.scoring.length).toBeGreaterThan(10)
    const plan = planOf(instrument)
    expect(checkPlan(plan).problems).toEqual([])
    const closing = plan.report.pages.flatMap((page) => page.sections).filter((section) => section.type === 'closing')
    expect(closing.at(-1)).toEqual({
      type: 'closing',
      title: 'About this questionnaire',
      text: expect.stringContaining(`Source: ${instrument.citation}\n\nLicence: ${instrument.licence}`),
    })
    expect(plan.form.fields.map((f) => f.label)).toEqual(instrument.items.map((item) => item.text))
    expect(plan.form.fields.every((f) => f.type === 'choice' && f.required)).toBe(true)
  })
})

/** A plan scale as the scoring code takes it. */
function scoring(plan: Plan, key: string): ScoringScale {
  const scale = plan.scale.scales.find((s) => s.key === key)!
  return {
    key,
    name: scale.name,
    method: scale.method,
    items: scale.items!.map((item) =>
      scoringItem({
        field: item.field,
        type: 'choice',
        weight: item.weight,
        reverse: item.reverse,
        scores: item.scores!,
        min: null,
        max: null,
      }),
    ),
    levels: scale.levels!.map((level) => ({ ...level, interpretation: level.interpretation ?? '' })),
  }
}

const answerAll = (instrument: Instrument, pick: (labels: string[], key: string) => string) =>
  Object.fromEntries(
    instrument.items.map((item) => [
      item.key,
      pick(
        instrument.answerScales[item.answers].map((a) => a.label),
        item.key,
      ),
    ]),
  )

describe('scoring follows the published rules', () => {
  test.each([
    ['phq-9', 'depression', (labels: string[]) => labels[3], { score: 27, level: 'severe', levelLabel: 'Severe' }],
    [
      'phq-9',
      'depression',
      (labels: string[], key: string) =>
        ['phq9_1', 'phq9_2', 'phq9_3', 'phq9_4', 'phq9_5'].includes(key) ? labels[2] : labels[0],
      { score: 10, level: 'moderate', levelLabel: 'Moderate' },
    ],
    ['gad-7', 'anxiety', (labels: string[]) => labels[1], { score: 7, level: 'mild', levelLabel: 'Mild' }],
    // WHO-5: "Most of the time" (4) on all five → raw 20 × 4 = 80.
    [
      'who-5',
      'wellbeing',
      (labels: string[]) => labels[1],
      { score: 80, level: 'good', levelLabel: 'Good well-being' },
    ],
    // Raw 7 (≤ 7 → ≤ 28): likely depression.
    [
      'who-5',
      'wellbeing',
      (labels: string[], key: string) =>
        key === 'who5_1' ? labels[2] : key === 'who5_2' ? labels[2] : key === 'who5_3' ? labels[4] : labels[5],
      { score: 28, level: 'likely-depression', levelLabel: 'Very low well-being' },
    ],
    // SUS: "Strongly agree" throughout → odd items 4 each, even items 0 each → 20 × 2.5 = 50.
    ['sus', 'usability', (labels: string[]) => labels[4], { score: 50, level: 'marginal', levelLabel: 'Marginal' }],
    // SUS: the ideal answers (agree with odd, disagree with even) → 100.
    [
      'sus',
      'usability',
      (labels: string[], key: string) => (Number(key.split('_')[1]) % 2 ? labels[4] : labels[0]),
      { score: 100, level: 'acceptable', levelLabel: 'Acceptable' },
    ],
    // CBI work: "always"/"to a very high degree" on all seven; the reversed leisure item then counts 0 → 600 / 7.
    ['cbi', 'work', (labels: string[]) => labels[0], { score: 85.7143, level: 'high', levelLabel: 'High burnout' }],
    ['cbi', 'personal', (labels: string[]) => labels[2], { score: 50, level: 'high', levelLabel: 'High burnout' }],
    ['nps', 'recommend', () => '8', { score: 8, level: 'passive', levelLabel: 'Passive' }],
    // IPIP extraversion: "Very Accurate" throughout → plus-keyed 5 × 5, minus-keyed 1 × 5 → 30.
    [
      'ipip-big-five-50',
      'extraversion',
      (labels: string[]) => labels[4],
      { score: 30, level: 'middle', levelLabel: 'Middle' },
    ],
    // Achievement-Striving: "Very Accurate" on the seven plus-keyed items, "Very Inaccurate" on the three minus-keyed → 50.
    [
      'ipip-achievement-striving',
      'achievement-striving',
      (labels: string[], key: string) => (Number(key.split('_')[2]) <= 7 ? labels[4] : labels[0]),
      { score: 50, level: 'high', levelLabel: 'Higher' },
    ],
  ])('%s %s', (id, key, pick, expected) => {
    const instrument = instrumentById(id)!
    expect(scoreScale(scoring(planOf(instrument), key), answerAll(instrument, pick))).toEqual(expected)
  })
})

describe('matching instructions', () => {
  test.each([
    ['a PHQ-9 for my patients', ['phq-9']],
    ['phq9 depression questionnaire', ['phq-9']],
    ['a depression screening for students', ['phq-9']],
    ['抑郁筛查', ['phq-9']],
    ['GAD-7 anxiety check', ['gad-7']],
    ['焦虑自评', ['gad-7']],
    ['an anxiety screening, then the PHQ-9', ['gad-7', 'phq-9']],
    ['WHO-5 wellbeing index', ['who-5']],
    ['Copenhagen Burnout Inventory for nurses', ['cbi']],
    ['a burnout inventory for teachers', ['cbi']],
    ['SUS for our checkout flow', ['sus']],
    ['a usability scale for the new dashboard', ['sus']],
    ['a net promoter score survey for our coffee shop', ['nps']],
    ['NPS', ['nps']],
    ['big five personality test', ['ipip-big-five-50']],
    ['大五人格测试', ['ipip-big-five-50']],
    ['an achievement motivation questionnaire for the sales team', ['ipip-achievement-striving']],
    ['IPIP Achievement-Striving', ['ipip-achievement-striving']],
    ['self-efficacy at work', ['ipip-self-efficacy']],
    ['a procrastination check for students', ['ipip-self-discipline']],
    ['自律测评', ['ipip-self-discipline']],
    ['assertiveness for new managers', ['ipip-assertiveness']],
  ])('%j → %j', (instruction, ids) => {
    expect(matchInstruments(instruction).map((m) => m.instrument.id)).toEqual(ids)
  })

  test.each([
    'a 6-question burnout check for nurses with two dimensions: exhaustion, cynicism; calm blue',
    'employee engagement pulse, 10 questions, dimensions: recognition, growth, workload',
    'a 10-question quiz about anxiety disorders for psychology students',
    '焦虑知识测验，10道题',
    'a customer satisfaction survey for a coffee shop with 6 questions about taste, service and price',
    'an 8-item sleep quality questionnaire for university students, 4-point frequency scale',
    'a wellbeing check for staff',
    'a focus check for students',
  ])('%j names no instrument', (instruction) => {
    expect(matchInstruments(instruction)).toEqual([])
  })
})

describe('the plan an instruction naming an instrument becomes', () => {
  test('counts, scale and levels the instruction asked for are noted, never applied', () => {
    const { plan, madeBy } = draftPlan(
      'a PHQ-9 depression screening, 12 questions, 5-point scale, 3 levels, dark green',
    )
    expect(madeBy).toBe('instrument')
    expect(plan.form.fields.length).toBe(9)
    expect(plan.notes.slice(0, 4)).toEqual([
      'Validated instrument: "PHQ-9" in the instruction names Patient Health Questionnaire (PHQ-9), so the app uses its 9 published questions, answers, scoring and cut-offs verbatim rather than generated ones.',
      'Asked for 12 questions: PHQ-9 has 9 as published, and changing the count would make the published scoring and cut-offs invalid, so all 9 are kept.',
      'Asked for a 5-point scale: PHQ-9 is answered on 4 points as published, which its scoring needs, so the published answers are kept.',
      "Asked for 3 levels: the levels are PHQ-9's published score bands (5 per dimension), so they are kept.",
    ])
    // Styling still comes from the instruction.
    expect(plan.connect.theme).toEqual(
      planWithBuiltin('a PHQ-9 depression screening, 12 questions, 5-point scale, 3 levels, dark green').connect.theme,
    )
    expect(plan.app).toEqual({
      name: 'Patient Health Questionnaire (PHQ-9)',
      description: 'Over the last 2 weeks, how often have you been bothered by any of the following problems?',
    })
  })

  test('a Chinese instruction keeps the published English items and says why', () => {
    const { plan } = draftPlan('大五人格测试，给新员工')
    expect(plan.language).toBe('en')
    expect(plan.form.fields[0].label).toBe('Am the life of the party.')
    expect(plan.notes[1]).toBe(
      'Language: the instruction is in Chinese, but svc holds no verified Chinese version of IPIP Big-Five (50 items), so the questions, answers and report are the published English ones. Replace them with a validated translation if you have one; an ad-hoc translation is no longer the validated instrument.',
    )
  })

  test('two instruments make one app; one that would pass 50 questions is left out with a note', () => {
    const both = draftPlan('PHQ-9 and GAD-7 for the clinic').plan
    expect(both.app.name).toBe('PHQ-9 and GAD-7')
    expect(both.scale.scales.map((s) => s.key)).toEqual(['depression', 'anxiety'])
    expect(both.form.fields.length).toBe(16)
    const crowded = draftPlan('big five personality plus the SUS').plan
    expect(crowded.form.fields.length).toBe(50)
    expect(crowded.notes[1]).toBe(
      '"SUS" in the instruction names System Usability Scale (SUS) too, but its 10 questions do not fit in the same app (at most 50 fields): make a second app for it.',
    )
  })

  test("an instruction naming none is the built-in planner's, unchanged", () => {
    const instruction = 'a 6-question burnout check for nurses with two dimensions: exhaustion, cynicism'
    expect(draftPlan(instruction)).toEqual({ plan: planWithBuiltin(instruction), madeBy: 'builtin' })
  })

  test('NPS says what cannot be scored per respondent', () => {
    const { plan } = draftPlan('net promoter score survey')
    expect(plan.form.fields).toEqual([
      {
        name: 'nps',
        type: 'choice',
        label:
          'How likely is it that you would recommend us to a friend or colleague? (0 = not at all likely, 10 = extremely likely)',
        options: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10'],
        required: true,
      },
    ])
    expect(plan.notes).toContain(instrumentById('nps')!.mapping[0])
  })
})
