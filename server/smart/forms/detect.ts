/**
 * @module Whether an instruction asks for a plain form (fields that collect answers) or an
 * assessment (scored questions, levels, a report). The rule, in order:
 *
 * 1. "without scoring", "no scores", "不计分"… → a plain form, whatever else it says.
 * 2. Any sign of measuring → an assessment: an answer scale (Likert, N-point, agreement,
 *    0–10, quiz), levels, dimensions, scoring or results, an assessment noun (assessment,
 *    check, quiz, test, screening, evaluation, 测评…), aspects to rate ("feedback about taste,
 *    service and price"), or a number of questions with no fields named. For surveys, also
 *    a construct the library measures ("a survey asking how stressed people feel").
 * 3. A form kind's words (contact form, RSVP, registration, sign-up, order, booking,
 *    feedback, bug report, job application, newsletter, a survey that says what to ask) →
 *    a plain form of that kind.
 * 4. A list of fields most of which are contact details or other form fields ("a form with
 *    name, email and phone") → a plain form.
 * 5. Otherwise → an assessment, as before.
 */
import { readableText, type Analysis } from '../analyze.ts'
import { KINDS } from '../catalog/library/index.ts'
import { PLAIN_FORMS, plainFormKind, type PlainFormKind } from './kinds.ts'
import { listedFields, listedQuestions, type Phrase } from './phrases.ts'
import { findFieldWord } from './vocabulary.ts'

export interface PlainFormRead {
  /** The instruction as read: NFKC, one space between words, no control characters. */
  text: string
  kind: PlainFormKind
  /** Why it is a plain form, as a clause for the plan's notes. */
  because: string
  fields: Phrase[]
  questions: Phrase[]
}

const NO_SCORING =
  /\b(?:without|no|not|never|don'?t|do not|zero)\s+(?:any\s+)?(?:scor(?:e|es|ed|ing)|scales?|grading|points|results? pages?)\b|\bnot scored\b|\bunscored\b|\bplain form\b|\bjust (?:a )?(?:simple )?form\b|不计分|无需计分|不需要计分|不评分|无需评分|不需要评分|不打分|不需要打分|不用打分|无需打分|普通表单|简单表单/iu

/** Signs that the instruction wants something measured, each in English and Chinese. */
const MEASURING: readonly RegExp[] = [
  // An answer scale: "5-point", "Likert", "agreement scale", "0-10", "yes/no questions", "量表".
  /\b(?:likert|\d+[\s-]*point|(?:agreement|frequency|satisfaction|rating) scale|multiple[- ]choice|true\s*\/\s*false|yes\s*\/\s*no (?:scale|questions|items)|0\s*(?:-|–|to)\s*10|nps|net promoter)\b|李克特|量表|选择题|判断题|是非题|分制|[\d三四五六七]\s*点(?:李克特|计分|评分)/iu,
  // Dimensions ("3 levels" is read by analyze.ts; "skill level" is a field).
  /\b(?:dimensions?|subscales?|factors?|facets?|competenc(?:y|ies))\b|维度|分量表|因子/iu,
  // Scores and results for the respondent ("expected result" in a bug report is a field).
  /\bscor(?:e|es|ed|ing)\b|\b(?:see|show|get|gives?) (?:them |people |respondents )?(?:their |your |a )?(?:results?|reports?)\b|\bresults? pages?\b|计分|得分|分数|测评结果|结果报告/iu,
  // An assessment noun ("hotel check-in form" is a registration, "test environment" a bug report's field).
  /\b(?:assessments?|self-assessments?|quiz(?:zes)?|trivia|exams?|tests?(?!\s+(?:environment|cases?|data|accounts?|servers?|devices?|runs?|steps))|screening|screener|inventory|evaluations?|appraisal|check(?![- ](?:in|out)\b)|check-up|checkup|pulse|diagnostic)\b|测评|自评|测验|测试|评估|筛查|考试|体检/iu,
  // Aspects to rate.
  /\b(?:covering|measuring|assessing|evaluating)\b|涵盖|衡量/iu,
]

/** What a survey may ask about only as a measurement: the constructs the library scores. */
const MEASURED = [
  ...KINDS.filter((kind) => ['burnout', 'stress', 'wellbeing', 'engagement'].includes(kind.kind)).flatMap(
    (kind) => kind.keywords,
  ),
  ...['satisfaction', 'satisfied', 'usability', 'personality', 'temperament', '满意', '易用性', '性格', '人格'],
]

/** "feedback about taste, service and price": aspects to rate, not fields to fill in. */
function aspectList(original: string): boolean {
  const found = /\b(?:about|on|regarding)\s+([^.;:]+)/iu.exec(original)
  if (!found) return false
  const items = found[1].split(/\s*,\s*|\s+and\s+/).filter((item) => item && !/^\d/.test(item))
  return items.length >= 2 && items.filter((item) => findFieldWord(item.trim())).length < items.length / 2
}

/** The first words of `text` that ask for a plain form kind: specific kinds first, then the first general one named. */
function kindNamed(text: string): { kind: PlainFormKind; words: string } | null {
  let general: { kind: PlainFormKind; words: string; at: number } | null = null
  for (const kind of PLAIN_FORMS) {
    const found = kind.pattern?.exec(text)
    if (!found) continue
    if (kind.specific) return { kind, words: found[0] }
    if (!general || found.index < general.at) general = { kind, words: found[0], at: found.index }
  }
  return general
}

/**
 * Contact details and other form fields: at least two named, most of them known to the
 * vocabulary; or, in a "form", only known ones ("a form to collect email addresses").
 */
function fieldsListed(fields: Phrase[], text: string): boolean {
  const known = fields.filter((field) => findFieldWord(field.text))
  if (known.length >= 2 && known.length * 2 >= fields.length) return true
  return known.length >= 1 && known.length === fields.length && /\bform\b|表单|表格/iu.test(text)
}

/** The plain form `original` asks for, or null when it asks for an assessment. */
export function readPlainForm(original: string, analysis: Analysis): PlainFormRead | null {
  const text = readableText(original)
  const language = analysis.language
  const named = kindNamed(text)
  const fields = listedFields(text, language)
  const questions = named?.kind.kind === 'survey' || !named ? listedQuestions(text, language) : []
  const read = (kind: PlainFormKind, because: string): PlainFormRead => ({ text, kind, because, fields, questions })
  const unscored = NO_SCORING.exec(text)
  if (unscored)
    return read(
      named?.kind ?? plainFormKind(fields.length ? 'form' : 'survey'),
      `the instruction says "${unscored[0]}"`,
    )
  const measuring =
    MEASURING.some((pattern) => pattern.test(text)) ||
    analysis.levels !== null ||
    (aspectList(text) && !fieldsListed(fields, text)) ||
    (analysis.questions !== null && fields.length === 0 && questions.length === 0) ||
    (named?.kind.kind === 'survey' && MEASURED.some((keyword) => text.toLowerCase().includes(keyword)))
  if (measuring) return null
  if (named) return read(named.kind, `"${named.words}" in the instruction asks for ${named.kind.what}`)
  if (fieldsListed(fields, text))
    return read(plainFormKind('form'), 'the instruction lists fields to fill in, not something to measure')
  return null
}
