/**
 * @module Field type `nps`: the Net Promoter Score question, a whole number from 0 ("not at
 * all likely") to 10 ("extremely likely"), stored as a number. Forms show the eleven points
 * as radio buttons in a row; the summary counts each point and gives the score (the share of
 * promoters, 9–10, minus that of detractors, 0–6: core/stats/points.ts); a scale
 * scores the point itself.
 */
import { coercePoint, pointProblem, pointScoring, pointsFrom } from './number.ts'
import { defineFieldType, oneText, type PointScale } from './spec.ts'

const POINTS = pointsFrom(0, 10)
const points: PointScale = { of: () => POINTS, nps: true }

/** The words at the two ends of the scale, as NPS surveys label them. */
const END_WORDS: Record<number, string> = { 0: '0 (not at all likely)', 10: '10 (extremely likely)' }

export const nps = defineFieldType({
  name: 'nps',
  label: 'Net Promoter Score',
  description: 'a whole number from 0 (not at all likely) to 10 (extremely likely), as a number',
  hasOptions: false,
  check: (value) => pointProblem(value, 0, 10),
  form: { keepsEmpty: false, multiple: false, coerce: coercePoint, texts: oneText },
  respondent: { missing: 'Select a score from 0 to 10', invalid: 'Select a score from 0 to 10' },
  example: () => 9,
  previewAnswer: () => 7,
  control: {
    kind: 'choices',
    multiple: false,
    inline: true,
    choices: () => POINTS.map((n) => ({ value: String(n), label: END_WORDS[n] ?? String(n) })),
  },
  summary: 'numbers',
  identifying: false,
  scoring: pointScoring(points),
  points,
})
