/** @module The Copenhagen Burnout Inventory (Kristensen, Borritz, Villadsen & Christensen 2005). */
import type { Band, Instrument } from './types.ts'

const frequency = (key: string, text: string, dimension: string) => ({ key, text, answers: 'frequency', dimension })
const degree = (key: string, text: string, dimension: string) => ({ key, text, answers: 'degree', dimension })

/** The cut-off the CBI literature uses: a scale score of 50 or more counts as high burnout. */
function bands(where: string): Band[] {
  return [
    {
      key: 'low',
      label: 'Low burnout',
      min: 0,
      max: 50,
      meaning: `A score below 50: ${where} burnout is not high.`,
      advice: `Your answers do not suggest high ${where} burnout. Keep protecting what gives you energy.`,
    },
    {
      key: 'high',
      label: 'High burnout',
      min: 50,
      max: 100,
      meaning: `A score of 50 or more: high ${where} burnout.`,
      advice: `Your answers suggest high ${where} burnout: a lasting state of physical and psychological exhaustion. It is worth talking about it — with your manager, occupational health, your doctor or someone you trust — and looking at what drains you.`,
    },
  ]
}

export const CBI: Instrument = {
  id: 'cbi',
  shortName: 'CBI',
  name: 'Copenhagen Burnout Inventory (CBI)',
  purpose:
    'The Copenhagen Burnout Inventory measures prolonged physical and psychological exhaustion in three areas: personal, work-related and client-related burnout.',
  instructions: 'Please answer each question as it applies to you.',
  publishedItemCount: 19,
  answerScales: {
    frequency: [
      { label: 'Always', value: 100 },
      { label: 'Often', value: 75 },
      { label: 'Sometimes', value: 50 },
      { label: 'Seldom', value: 25 },
      { label: 'Never/almost never', value: 0 },
    ],
    degree: [
      { label: 'To a very high degree', value: 100 },
      { label: 'To a high degree', value: 75 },
      { label: 'Somewhat', value: 50 },
      { label: 'To a low degree', value: 25 },
      { label: 'To a very low degree', value: 0 },
    ],
  },
  items: [
    frequency('cbi_p1', 'How often do you feel tired?', 'personal'),
    frequency('cbi_p2', 'How often are you physically exhausted?', 'personal'),
    frequency('cbi_p3', 'How often are you emotionally exhausted?', 'personal'),
    frequency('cbi_p4', 'How often do you think: "I can\'t take it anymore"?', 'personal'),
    frequency('cbi_p5', 'How often do you feel worn out?', 'personal'),
    frequency('cbi_p6', 'How often do you feel weak and susceptible to illness?', 'personal'),
    degree('cbi_w1', 'Is your work emotionally exhausting?', 'work'),
    degree('cbi_w2', 'Do you feel burnt out because of your work?', 'work'),
    degree('cbi_w3', 'Does your work frustrate you?', 'work'),
    frequency('cbi_w4', 'Do you feel worn out at the end of the working day?', 'work'),
    frequency('cbi_w5', 'Are you exhausted in the morning at the thought of another day at work?', 'work'),
    frequency('cbi_w6', 'Do you feel that every working hour is tiring for you?', 'work'),
    frequency('cbi_w7', 'Do you have enough energy for family and friends during leisure time?', 'work'),
    degree('cbi_c1', 'Do you find it hard to work with clients?', 'client'),
    degree('cbi_c2', 'Do you find it frustrating to work with clients?', 'client'),
    degree('cbi_c3', 'Does it drain your energy to work with clients?', 'client'),
    degree('cbi_c4', 'Do you feel that you give more than you get back when you work with clients?', 'client'),
    frequency('cbi_c5', 'Are you tired of working with clients?', 'client'),
    frequency(
      'cbi_c6',
      'Do you sometimes wonder how long you will be able to continue working with clients?',
      'client',
    ),
  ],
  dimensions: [
    {
      key: 'personal',
      name: 'Personal burnout',
      description: 'The mean of six items, 0 to 100: physical and psychological fatigue and exhaustion.',
      method: 'mean',
      shift: 0,
      multiplier: 1,
      reversed: [],
      bandsSource: 'published',
      higherIs: 'worse',
      bands: bands('personal'),
    },
    {
      key: 'work',
      name: 'Work-related burnout',
      description: 'The mean of seven items, 0 to 100: fatigue and exhaustion the respondent attributes to their work.',
      method: 'mean',
      shift: 0,
      multiplier: 1,
      reversed: ['cbi_w7'],
      bandsSource: 'published',
      higherIs: 'worse',
      bands: bands('work-related'),
    },
    {
      key: 'client',
      name: 'Client-related burnout',
      description:
        'The mean of six items, 0 to 100: fatigue and exhaustion the respondent attributes to working with clients.',
      method: 'mean',
      shift: 0,
      multiplier: 1,
      reversed: [],
      bandsSource: 'published',
      higherIs: 'worse',
      bands: bands('client-related'),
    },
  ],
  scoring:
    'Answers score 100, 75, 50, 25 and 0; the last work-related item is reversed. Each scale is the mean of its items (0–100). Kristensen et al. suggest scoring a scale when at least half of its items are answered; a mean of 50 or more is commonly read as high burnout.',
  mapping: [
    'CBI: three mean scales over the 19 published items (answers scored 100/75/50/25/0, "enough energy for family and friends" reversed), 0–100 each; the levels split at the commonly used cut-off of 50.',
    'CBI: every question is required here; the published rule (score a scale when at least half of its items are answered) is not expressible per scale, so respondents answer all items.',
    'CBI: "clients" is the published word; Kristensen et al. suggest replacing it with the group served (patients, students, inmates…) — edit those six questions if you do.',
  ],
  reportNote: null,
  citation:
    'Kristensen TS, Borritz M, Villadsen E, Christensen KB. The Copenhagen Burnout Inventory: a new tool for the assessment of burnout. Work & Stress. 2005;19(3):192–207.',
  licence:
    'Free to use; the CBI was developed at the Danish National Institute of Occupational Health and is in the public domain.',
  match: {
    names: [/copenhagen burnout/i, /\bcbi\b/i, /burn-?out inventory/i, /哥本哈根倦怠/],
    means: [/\bburn-?out\s+(screen|screening|inventory|questionnaire)/i, /(职业)?倦怠(量表|问卷|筛查)/],
  },
}
