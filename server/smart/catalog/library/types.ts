/**
 * @module Shapes of the built-in planner's item library: assessment kinds, their
 * dimensions and bilingual item wording.
 */

/** Text in every language the built-in planner writes. */
export interface Bilingual {
  en: string
  zh: string
}

/**
 * Which way a dimension's score reads: higher is better (a strength), higher is worse (a
 * strain), neither (a style), a quiz result, or a customer's satisfaction with something
 * that is not theirs (the taste, the service).
 */
export type Polarity = 'higher-better' | 'higher-worse' | 'neutral' | 'mastery' | 'satisfaction'

/**
 * The kind of item wording an answer scale needs: statements to agree with, behaviours
 * and experiences to count ("How often …"), or things to be satisfied with.
 */
export type ItemFamily = 'agreement' | 'frequency' | 'satisfaction'

export interface ItemTemplate extends Bilingual {
  /** Worded against the dimension, so it is reverse-scored. */
  reverse?: boolean
}

export interface DimensionTemplate {
  /** Scale key (matches ASSESSMENT.scaleKeyPattern). */
  key: string
  name: Bilingual
  /** Lower-case words and phrases (English and Chinese) an instruction may use for it. */
  aliases: string[]
  /** Overrides the kind's polarity (e.g. efficacy in a burnout check: higher is better). */
  polarity?: Polarity
  /** Statements that read with an agreement scale (and with a frequency scale when the kind says so). */
  items: ItemTemplate[]
  /** Behaviours and experiences for a frequency scale ("How often …"). */
  frequency?: ItemTemplate[]
  /** Questions for a satisfaction scale ("How satisfied are you with …"). */
  satisfaction?: ItemTemplate[]
}

export type AnswerScale =
  | { kind: 'likert'; points: number; anchors: 'agreement' | 'frequency' | 'satisfaction' }
  | { kind: 'yesno' }
  | { kind: 'rating'; min: number; max: number }
  | { kind: 'quiz' }

export const ASSESSMENT_KINDS = [
  'wellbeing',
  'stress',
  'burnout',
  'engagement',
  'satisfaction',
  'skills',
  'personality',
  'quiz',
  'general',
] as const
export type AssessmentKind = (typeof ASSESSMENT_KINDS)[number]

export interface KindTemplate {
  kind: AssessmentKind
  /** Title used in the app name, e.g. "Burnout check". */
  title: Bilingual
  /** Lower-case words that point at this kind. */
  keywords: string[]
  polarity: Polarity
  answerScale: AnswerScale
  /** The item families the `items` of its dimensions read well with (always agreement). */
  itemsFit: ItemFamily[]
  /** The sentence that opens the report. */
  intro: Bilingual
  dimensions: DimensionTemplate[]
}

/** One quiz question with its options; `answer` is the index of the correct option. */
export interface QuizQuestion {
  question: Bilingual
  options: Bilingual[]
  answer: number
}

export interface QuizBank {
  key: string
  title: Bilingual
  keywords: string[]
  questions: QuizQuestion[]
}
