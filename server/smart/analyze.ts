/**
 * @module Reads an instruction the way the built-in planner needs it: language, kind of
 * assessment, audience, topic, numbers of questions, dimensions and levels, named
 * dimensions, answer scale, styling words and whether to publish. Pure and deterministic;
 * everything not found is null, so the planner can pick a default and say so. Each reading
 * lives in analyze/; this file puts them together.
 */
import { QUIZ_BANKS } from './catalog/library/quiz-banks.ts'
import type { AnswerScale, AssessmentKind, QuizBank } from './catalog/library/types.ts'
import type { PlanLanguage } from '../contract/smart/plan.ts'
import { anchorsOf, answerScale, kindOf, type Anchors } from './analyze/answers.ts'
import { namedDimensions, subjectDimensions } from './analyze/lists.ts'
import { audienceOf, titleOf, topicOf } from './analyze/names.ts'
import { DIMENSION_COUNT_PATTERNS, firstNumber, LEVEL_PATTERNS, QUESTION_PATTERNS } from './analyze/numbers.ts'
import { styleOf, type StyleWords } from './analyze/style.ts'

export interface Analysis {
  language: PlanLanguage
  kind: AssessmentKind
  /** The quiz bank matching the topic (quizzes only). */
  quizBank: QuizBank | null
  audience: string | null
  topic: string | null
  questions: number | null
  dimensionCount: number | null
  dimensions: string[]
  /** The answer scale, with `likert.anchors` left to the kind when only "N-point" was said. */
  answerScale: AnswerScale | null
  /** The answer wording the instruction asks for ("frequency scale", "同意"), or null. */
  anchors: Anchors | null
  /** The app's title as the instruction words it ("Employee engagement pulse"), or null. */
  title: string | null
  levels: number | null
  style: StyleWords
  publish: boolean
}

/** Chinese when at least a few Han characters appear and they outnumber Latin words. */
export function detectLanguage(text: string): PlanLanguage {
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0
  const words = text.match(/[A-Za-z]{2,}/g)?.length ?? 0
  return han >= 2 && han >= words ? 'zh' : 'en'
}

/**
 * The instruction as the planner reads it: NFKC (full-width "：" is ":"), one space between
 * words, and no control characters, which no name or label may hold.
 */
export const readableText = (instruction: string): string =>
  instruction
    .normalize('NFKC')
    .replace(/[\p{Cc}\u2028\u2029\s]+/gu, ' ')
    .trim()

/** Everything the built-in planner reads from `instruction`. */
export function analyzeInstruction(instruction: string): Analysis {
  const original = readableText(instruction)
  const text = original.toLowerCase()
  const language = detectLanguage(original)
  const title = titleOf(original, language)
  const listed = namedDimensions(original, language)
  const dimensions = listed.length ? listed : subjectDimensions(title?.subject, language)
  const scale = answerScale(text)
  const kind = kindOf(text, scale, dimensions)
  const quizBank =
    kind === 'quiz'
      ? (QUIZ_BANKS.find((bank) => bank.keywords.some((keyword) => text.includes(keyword))) ?? null)
      : null
  const dimensionCount = firstNumber(text, DIMENSION_COUNT_PATTERNS)
  return {
    language,
    kind,
    quizBank,
    audience: audienceOf(original, language),
    topic: topicOf(original, language, title?.subject),
    questions: firstNumber(text, QUESTION_PATTERNS),
    dimensionCount: dimensionCount ?? (dimensions.length ? dimensions.length : null),
    dimensions,
    answerScale: scale,
    anchors: scale?.kind === 'likert' ? anchorsOf(text) : null,
    title: title?.title ?? null,
    levels: firstNumber(text, LEVEL_PATTERNS),
    style: styleOf(text),
    publish:
      /\bpublish|\bgo live\b|发布|上线/u.test(text) &&
      !/\b(?:don'?t|do not|not|without|never)\s+publish|不要发布|不发布|先不发布|暂不发布/u.test(text),
  }
}
