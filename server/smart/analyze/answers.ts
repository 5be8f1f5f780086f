/**
 * @module The answers an instruction asks for (an N-point scale, 0 to 10, yes/no, a quiz)
 * and the kind of assessment its words and dimensions point at.
 */
import { findDimension, KINDS } from '../catalog/library/index.ts'
import type { AnswerScale, AssessmentKind } from '../catalog/library/types.ts'
import { EN_NUMBER, firstNumber } from './numbers.ts'

/** The answer wording of a Likert scale. */
export type Anchors = Extract<AnswerScale, { kind: 'likert' }>['anchors']

/** The answer scale asked for, with `anchors` defaulting to agreement; null when none is named. */
export function answerScale(text: string): AnswerScale | null {
  const points = firstNumber(text, [
    new RegExp(`\\b(${EN_NUMBER})[\\s-]*point\\b`),
    /([\d三四五六七])\s*(?:点|级|分制)\s*(?:李克特|量表|计分|评分)?/u,
    /likert\s*\(?\s*(\d)/,
    /李克特\s*(\d)/,
  ])
  if (/\bnps\b|net promoter|\b0\s*(?:-|–|to|~)\s*10\b|zero to ten|0\s*(?:到|至|~|-)\s*10\s*分?/.test(text))
    return { kind: 'rating', min: 0, max: 10 }
  if (
    /\byes\s*\/\s*no\b|\byes[- ]or[- ]no\b|\btrue\s*\/\s*false\b|\btrue[- ]or[- ]false\b|是否题|是\/否|是非题|判断题|对错/.test(
      text,
    )
  )
    return { kind: 'yesno' }
  if (
    /\bquiz|\btrivia\b|\bexam\b(?!\s+(?:anxiety|stress|nerves|pressure))|multiple[- ]choice|correct answers?|knowledge (?:test|check)|test (?:your|their) knowledge|测验|选择题|考试|答题|知识测试|知识竞赛/.test(
      text,
    )
  )
    return { kind: 'quiz' }
  const anchors = anchorsOf(text) ?? 'agreement'
  if (points !== null) return { kind: 'likert', points, anchors }
  if (/likert|李克特/.test(text) || anchorsOf(text) !== null) return { kind: 'likert', points: 5, anchors }
  return null
}

/** The answer wording asked for: "frequency scale", "how often", "agreement", "satisfaction scale", "频率", "同意", "满意度量表". */
export function anchorsOf(text: string): Anchors | null {
  if (/frequency|how often|频率|频次/.test(text)) return 'frequency'
  if (
    /satisfaction (?:scale|rating)|(?:point|likert)[\s-]+satisfaction|\bdissatisfied\b|满意度量表|满意程度/.test(text)
  )
    return 'satisfaction'
  if (/\bagree|agreement|同意/.test(text)) return 'agreement'
  return null
}

/** The assessment kind whose keywords and dimensions the instruction matches best ("general" for none; a quiz scale is a quiz). */
export function kindOf(text: string, scale: AnswerScale | null, dimensions: string[]): AssessmentKind {
  if (scale?.kind === 'quiz') return 'quiz'
  let best: { kind: AssessmentKind; score: number } = { kind: 'general', score: 0 }
  for (const kind of KINDS) {
    const keywordHits = kind.keywords.filter((keyword) => text.includes(keyword)).length
    const dimensionHits = dimensions.filter((name) => findDimension(name, kind)?.kind === kind).length
    // The words of the instruction count more than what its dimension names happen to match.
    const score = 2 * keywordHits + dimensionHits
    if (score > best.score) best = { kind: kind.kind, score }
  }
  return best.kind
}
