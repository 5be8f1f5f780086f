/**
 * @module Answer options of the built-in planner's answer scales, in both languages, with
 * the score of each option.
 */
import type { AnswerScale, Bilingual } from './types.ts'

const AGREEMENT: Record<number, Bilingual[]> = {
  3: [
    { en: 'Disagree', zh: '不同意' },
    { en: 'Neutral', zh: '中立' },
    { en: 'Agree', zh: '同意' },
  ],
  4: [
    { en: 'Strongly disagree', zh: '非常不同意' },
    { en: 'Disagree', zh: '不同意' },
    { en: 'Agree', zh: '同意' },
    { en: 'Strongly agree', zh: '非常同意' },
  ],
  5: [
    { en: 'Strongly disagree', zh: '非常不同意' },
    { en: 'Disagree', zh: '不同意' },
    { en: 'Neither agree nor disagree', zh: '一般' },
    { en: 'Agree', zh: '同意' },
    { en: 'Strongly agree', zh: '非常同意' },
  ],
  6: [
    { en: 'Strongly disagree', zh: '非常不同意' },
    { en: 'Disagree', zh: '不同意' },
    { en: 'Slightly disagree', zh: '有点不同意' },
    { en: 'Slightly agree', zh: '有点同意' },
    { en: 'Agree', zh: '同意' },
    { en: 'Strongly agree', zh: '非常同意' },
  ],
  7: [
    { en: 'Strongly disagree', zh: '非常不同意' },
    { en: 'Disagree', zh: '不同意' },
    { en: 'Slightly disagree', zh: '有点不同意' },
    { en: 'Neither agree nor disagree', zh: '一般' },
    { en: 'Slightly agree', zh: '有点同意' },
    { en: 'Agree', zh: '同意' },
    { en: 'Strongly agree', zh: '非常同意' },
  ],
}

const FREQUENCY: Record<number, Bilingual[]> = {
  3: [
    { en: 'Never', zh: '从不' },
    { en: 'Sometimes', zh: '有时' },
    { en: 'Often', zh: '经常' },
  ],
  4: [
    { en: 'Never', zh: '从不' },
    { en: 'Sometimes', zh: '有时' },
    { en: 'Often', zh: '经常' },
    { en: 'Always', zh: '总是' },
  ],
  5: [
    { en: 'Never', zh: '从不' },
    { en: 'Rarely', zh: '很少' },
    { en: 'Sometimes', zh: '有时' },
    { en: 'Often', zh: '经常' },
    { en: 'Always', zh: '总是' },
  ],
  6: [
    { en: 'Never', zh: '从不' },
    { en: 'Almost never', zh: '几乎从不' },
    { en: 'Sometimes', zh: '有时' },
    { en: 'Fairly often', zh: '比较经常' },
    { en: 'Very often', zh: '非常频繁' },
    { en: 'Always', zh: '总是' },
  ],
  7: [
    { en: 'Never', zh: '从不' },
    { en: 'Almost never', zh: '几乎从不' },
    { en: 'Rarely', zh: '很少' },
    { en: 'Sometimes', zh: '有时' },
    { en: 'Often', zh: '经常' },
    { en: 'Very often', zh: '非常频繁' },
    { en: 'Always', zh: '总是' },
  ],
}

const SATISFACTION: Record<number, Bilingual[]> = {
  3: [
    { en: 'Dissatisfied', zh: '不满意' },
    { en: 'Neutral', zh: '一般' },
    { en: 'Satisfied', zh: '满意' },
  ],
  4: [
    { en: 'Very dissatisfied', zh: '非常不满意' },
    { en: 'Dissatisfied', zh: '不满意' },
    { en: 'Satisfied', zh: '满意' },
    { en: 'Very satisfied', zh: '非常满意' },
  ],
  5: [
    { en: 'Very dissatisfied', zh: '非常不满意' },
    { en: 'Dissatisfied', zh: '不满意' },
    { en: 'Neither satisfied nor dissatisfied', zh: '一般' },
    { en: 'Satisfied', zh: '满意' },
    { en: 'Very satisfied', zh: '非常满意' },
  ],
  6: [
    { en: 'Very dissatisfied', zh: '非常不满意' },
    { en: 'Dissatisfied', zh: '不满意' },
    { en: 'Slightly dissatisfied', zh: '有点不满意' },
    { en: 'Slightly satisfied', zh: '有点满意' },
    { en: 'Satisfied', zh: '满意' },
    { en: 'Very satisfied', zh: '非常满意' },
  ],
  7: [
    { en: 'Very dissatisfied', zh: '非常不满意' },
    { en: 'Dissatisfied', zh: '不满意' },
    { en: 'Slightly dissatisfied', zh: '有点不满意' },
    { en: 'Neither satisfied nor dissatisfied', zh: '一般' },
    { en: 'Slightly satisfied', zh: '有点满意' },
    { en: 'Satisfied', zh: '满意' },
    { en: 'Very satisfied', zh: '非常满意' },
  ],
}

const ANCHORS = { agreement: AGREEMENT, frequency: FREQUENCY, satisfaction: SATISFACTION } as const

/** Likert points the library has wording for. */
export const LIKERT_POINTS = { min: 3, max: 7 } as const

export interface AnswerOption {
  label: Bilingual
  score: number
}

/** The options of an answer scale with their scores (1…n for Likert, 1/0 for yes/no). */
export function answerOptions(scale: Exclude<AnswerScale, { kind: 'quiz' }>): AnswerOption[] {
  switch (scale.kind) {
    case 'likert': {
      const labels = ANCHORS[scale.anchors][scale.points]
      return labels.map((label, index) => ({ label, score: index + 1 }))
    }
    case 'yesno':
      return [
        { label: { en: 'Yes', zh: '是' }, score: 1 },
        { label: { en: 'No', zh: '否' }, score: 0 },
      ]
    case 'rating': {
      const options: AnswerOption[] = []
      for (let value = scale.min; value <= scale.max; value++)
        options.push({ label: { en: String(value), zh: String(value) }, score: value })
      return options
    }
  }
}
