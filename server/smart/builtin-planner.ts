/**
 * @module The built-in planner: instruction → plan with no external service, in
 * milliseconds, deterministically. A plain form (contact, RSVP, order…) is planned by
 * forms/; for an assessment it reads the instruction (analyze.ts), picks dimensions
 * (dimensions.ts), writes questions from the item library, scores every option, tiles the
 * score range with levels, and adds a report, expert commentary, a theme and notes on
 * every default it chose. The result is checked like any plan; a failure is a bug.
 */
import { LIMITS } from '../contract/limits.ts'
import { analyzeInstruction, type Analysis } from './analyze.ts'
import { planScaleRange, requireValidPlan } from '../contract/smart/check-plan.ts'
import { chooseDimensions, type ChosenDimension } from './dimensions.ts'
import { answerOptions, LIKERT_POINTS } from './catalog/library/anchors.ts'
import { genericItem, inSentence, placeholderQuestion } from './catalog/library/generic.ts'
import { KINDS } from './catalog/library/index.ts'
import { bandOf, interpretation, LEVEL_COUNTS, levelNames } from './catalog/library/levels.ts'
import { NPS_QUESTION } from './catalog/library/kinds-work.ts'
import type { AnswerScale, Bilingual, ItemFamily, QuizQuestion } from './catalog/library/types.ts'
import { splitRange } from './levels.ts'
import type { Plan, PlanField, PlanLanguage, PlanScale } from '../contract/smart/plan.ts'
import { expertFor, reportFor } from './report-plan.ts'
import { themeFor } from './theme.ts'
import { languageNote, publishNote } from './notes.ts'
import { readPlainForm } from './forms/detect.ts'
import { plainFormPlan } from './forms/form-plan.ts'

const DEFAULT_LEVELS = 3

type ChoiceScale = Exclude<AnswerScale, { kind: 'quiz' }>

/** The answer scale to use, with notes on defaults and corrections. */
function chooseAnswerScale(analysis: Analysis, notes: string[]): AnswerScale {
  if (analysis.kind === 'quiz') return { kind: 'quiz' }
  const kindDefault = KINDS.find((kind) => kind.kind === analysis.kind)?.answerScale ?? {
    kind: 'likert',
    points: 5,
    anchors: 'agreement',
  }
  const stated = analysis.answerScale
  if (!stated || stated.kind === 'quiz') {
    notes.push(`No answer scale given: used a ${describeScale(kindDefault)}.`)
    return kindDefault
  }
  if (stated.kind !== 'likert') return stated
  const points = Math.min(LIKERT_POINTS.max, Math.max(LIKERT_POINTS.min, stated.points))
  if (points !== stated.points)
    notes.push(
      `A ${stated.points}-point scale is not supported: used ${points} points, the nearest the built-in planner has wording for.`,
    )
  // "5-point scale" alone keeps the kind's usual wording (how often for burnout, agreement elsewhere).
  const anchors = analysis.anchors ?? (kindDefault.kind === 'likert' ? kindDefault.anchors : 'agreement')
  if (!analysis.anchors)
    notes.push(`No answer wording given for the ${points}-point scale: used ${ANCHOR_WORDS[anchors]}.`)
  return { kind: 'likert', points, anchors }
}

const ANCHOR_WORDS = {
  agreement: 'agreement (strongly disagree … strongly agree)',
  frequency: 'frequency (never … always)',
  satisfaction: 'satisfaction (very dissatisfied … very satisfied)',
} as const

/** The item family an answer scale needs. */
function familyOf(scale: ChoiceScale): ItemFamily {
  if (scale.kind === 'likert') return scale.anchors
  return scale.kind === 'rating' ? 'satisfaction' : 'agreement'
}

function describeScale(scale: AnswerScale): string {
  switch (scale.kind) {
    case 'likert':
      return `${scale.points}-point ${ANCHOR_WORDS[scale.anchors]} scale`
    case 'yesno':
      return 'yes/no scale'
    case 'rating':
      return `${scale.min}–${scale.max} rating scale`
    case 'quiz':
      return 'multiple-choice quiz with one correct answer per question'
  }
}

interface Question {
  label: Bilingual
  options: Array<{ label: Bilingual; score: number }>
  reverse: boolean
}

function quizQuestions(analysis: Analysis, dimension: ChosenDimension, offset: number, notes: string[]): Question[] {
  const bank = analysis.quizBank
  const topic: Bilingual = { en: analysis.topic ?? dimension.name.en, zh: analysis.topic ?? dimension.name.zh }
  const questions: Question[] = []
  for (let i = 0; i < dimension.questions; i++) {
    const index = offset + i
    const source: QuizQuestion =
      bank && index < bank.questions.length ? bank.questions[index] : placeholderQuestion(topic, index)
    questions.push({
      label: source.question,
      options: source.options.map((label, option) => ({ label, score: option === source.answer ? 1 : 0 })),
      reverse: false,
    })
  }
  const placeholders = questions.filter((q) => q.label.en.includes('(replace')).length
  if (placeholders)
    notes.push(
      `${placeholders} quiz question${placeholders === 1 ? '' : 's'} on "${dimension.name.en}" are placeholders: the built-in planner does not invent facts; write the questions and mark the correct option (it scores 1, the others 0).`,
    )
  return questions
}

function surveyQuestions(
  analysis: Analysis,
  dimension: ChosenDimension,
  scale: ChoiceScale,
  first: boolean,
  notes: string[],
): Question[] {
  const options = answerOptions(scale)
  const family = familyOf(scale)
  const bank = dimension.bank[family] ?? []
  const direction =
    dimension.polarity === 'higher-worse' ? 'strain' : dimension.polarity === 'neutral' ? 'style' : 'strength'
  const questions: Question[] = []
  const isNps = first && scale.kind === 'rating' && analysis.kind === 'satisfaction'
  for (let i = 0; i < dimension.questions; i++) {
    if (isNps && i === 0) {
      questions.push({ label: NPS_QUESTION, options, reverse: false })
      continue
    }
    const offset = isNps ? i - 1 : i
    const item =
      offset < bank.length ? bank[offset] : genericItem(dimension.name, offset - bank.length, family, direction)
    questions.push({ label: { en: item.en, zh: item.zh }, options, reverse: item.reverse ?? false })
  }
  const name = dimension.name.en
  const general = Math.max(0, dimension.questions - (isNps ? 1 : 0) - bank.length)
  if (dimension.source)
    notes.push(
      `"${name}": questions from the library's item bank for "${dimension.source}"; the name is kept as you wrote it.`,
    )
  if (general > 0) {
    notes.push(
      bank.length
        ? `"${name}": ${bank.length} question${bank.length === 1 ? '' : 's'} from the item bank, ${general} in general wording about it; read them and adjust them to your setting.`
        : `"${name}" is not in the item library: its ${general} question${general === 1 ? '' : 's'} use general wording about it; read them and adjust them to your setting.`,
    )
  }
  return questions
}

function levelCount(analysis: Analysis, notes: string[]): number {
  if (analysis.levels === null) {
    notes.push(
      `No number of levels given: used ${DEFAULT_LEVELS} per dimension, splitting the score range into equal parts.`,
    )
    return DEFAULT_LEVELS
  }
  const count = Math.min(LEVEL_COUNTS.max, Math.max(LEVEL_COUNTS.min, analysis.levels))
  if (count !== analysis.levels)
    notes.push(`Asked for ${analysis.levels} levels: used ${count}, the nearest the built-in planner writes.`)
  return count
}

function buildScale(
  dimension: ChosenDimension,
  fields: PlanField[],
  questions: Question[],
  scale: AnswerScale,
  levels: number,
  language: PlanLanguage,
): PlanScale {
  const method = scale.kind === 'likert' || scale.kind === 'rating' ? 'mean' : 'sum'
  const name = dimension.name[language]
  const items = questions.map((question, index) => ({
    field: fields[index].name,
    weight: 1,
    reverse: question.reverse,
    scores: Object.fromEntries(question.options.map((option) => [option.label[language], option.score])),
  }))
  const range = planScaleRange({ method, items }, fields)!
  const names = levelNames(levels, dimension.polarity)
  const inText = language === 'en' ? inSentence(name) : name
  const ranges = splitRange(range, levels, method === 'sum')
  const description =
    language === 'zh'
      ? `${name}：${items.length} 道题，${method === 'mean' ? '取平均分' : '计总分'}，范围 ${range.min}–${range.max}。`
      : `${name}: ${items.length} question${items.length === 1 ? '' : 's'}, ${method === 'mean' ? 'the mean of the answers' : 'the total'}, from ${range.min} to ${range.max}.`
  return {
    key: dimension.key,
    name,
    description,
    method,
    items,
    levels: ranges.map((bounds, index) => ({
      key: names[index].key,
      label: names[index].label[language],
      ...bounds,
      interpretation: interpretation(dimension.polarity, bandOf(index, levels), language, inText),
    })),
  }
}

function appName(analysis: Analysis, notes: string[]): Bilingual {
  if (analysis.title) return { en: analysis.title, zh: analysis.title }
  const kind = KINDS.find((k) => k.kind === analysis.kind)
  const title: Bilingual =
    analysis.kind === 'quiz'
      ? (analysis.quizBank?.title ?? {
          en: `${capitalize(analysis.topic ?? 'Knowledge')} quiz`,
          zh: `${analysis.topic ?? '知识'}测验`,
        })
      : (kind?.title ?? {
          en: `${capitalize(analysis.topic ?? 'Self')} assessment`,
          zh: `${analysis.topic ?? '自我'}测评`,
        })
  const audience = analysis.audience
  const name = {
    en: audience ? `${title.en} for ${audience}` : title.en,
    zh: audience ? `${audience}${title.zh}` : title.zh,
  }
  notes.push(`No title in the instruction: named the app "${name[analysis.language]}".`)
  return name
}

/** The app's description, which respondents read above the form: what it asks about, nothing about how it was made. */
function describeApp(fields: number, scales: PlanScale[], language: PlanLanguage, quiz: boolean): string {
  const names = scales.map((scale) => scale.name)
  if (language === 'zh') return quiz ? `共 ${fields} 道题。` : `共 ${fields} 道题，涉及${names.join('、')}。`
  if (quiz) return `${fields} question${fields === 1 ? '' : 's'}.`
  return `${fields} question${fields === 1 ? '' : 's'} about ${describeList(names)}.`
}

/** "a, b and c", each name as it reads inside a sentence. */
function describeList(names: string[]): string {
  return names.length > 1
    ? `${names.slice(0, -1).map(inSentence).join(', ')} and ${inSentence(names.at(-1)!)}`
    : inSentence(names[0])
}

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)

/** Makes a valid plan for `instruction` without any external service: a plain form when it asks for one (forms/detect.ts), else an assessment. */
export function planWithBuiltin(instruction: string): Plan {
  const read = analyzeInstruction(instruction)
  const plain = readPlainForm(instruction, read)
  if (plain) return plainFormPlan(instruction, read, plain)
  const language = read.language
  const notes: string[] = [languageNote(language)]
  // With no topic and no dimensions there is nothing to write items about: a wellbeing
  // check is the most broadly useful assessment the library holds.
  const vague = read.kind === 'general' && read.topic === null && read.dimensions.length === 0
  if (vague)
    notes.push(
      'No topic or dimensions recognised: made a general wellbeing check. Say what to measure (e.g. "stress", "teamwork skills") for a better fit.',
    )
  const analysis: Analysis = vague ? { ...read, kind: 'wellbeing' } : read
  const chosen = chooseDimensions(analysis)
  notes.push(...chosen.notes)
  const answerScale = chooseAnswerScale(analysis, notes)
  const levels = levelCount(analysis, notes)
  const fields: PlanField[] = []
  const scales: PlanScale[] = []
  let offset = 0
  chosen.dimensions.forEach((dimension, index) => {
    const questions =
      answerScale.kind === 'quiz'
        ? quizQuestions(analysis, dimension, offset, notes)
        : surveyQuestions(analysis, dimension, answerScale, index === 0, notes)
    const own = questions.map((question, i) => ({
      name: `q${offset + i + 1}`,
      type: 'choice' as const,
      label: question.label[language],
      options: question.options.map((option) => option.label[language]),
      required: true,
    }))
    fields.push(...own)
    scales.push(buildScale(dimension, own, questions, answerScale, levels, language))
    offset += questions.length
  })
  const name = appName(analysis, notes)[language]
  const kind = KINDS.find((k) => k.kind === analysis.kind)
  const zh = language === 'zh'
  const quizIntro = zh ? '本报告展示了你的测验成绩。' : 'This report shows how you did on the quiz.'
  // The kind's own introduction speaks of its own dimensions ("energised, committed and absorbed"): only for those.
  const ownDimensions =
    kind !== undefined && chosen.dimensions.every((d) => kind.dimensions.some((own) => own.key === d.key))
  const generalIntro = zh
    ? `本报告展示了你在${scales.map((s) => s.name).join('、')}上的结果。`
    : `This report shows your results on ${describeList(scales.map((s) => s.name))}.`
  const intro =
    analysis.kind === 'quiz'
      ? (kind?.intro[language] ?? quizIntro)
      : ownDimensions
        ? kind.intro[language]
        : generalIntro
  const style = themeFor(
    analysis.style,
    analysis.kind === 'quiz' ? (zh ? '提交答案' : 'Submit answers') : zh ? '查看我的结果' : 'See my results',
  )
  notes.push(...style.notes)
  notes.push('Expert profile: a neutral "assessment team" placeholder; put your own name, title and bio there.')
  notes.push(publishNote(analysis.publish))
  return requireValidPlan({
    version: 1,
    language,
    instruction,
    app: {
      name: [...name].slice(0, LIMITS.maxAppNameLength).join(''),
      description: describeApp(fields.length, scales, language, analysis.kind === 'quiz'),
    },
    form: { fields },
    scale: { scales },
    report: reportFor(
      scales,
      language,
      intro,
      analysis.kind === 'quiz'
        ? 'quiz'
        : analysis.kind === 'satisfaction' || chosen.dimensions.every((d) => d.polarity === 'satisfaction')
          ? 'feedback'
          : 'reflection',
    ),
    expert: expertFor(scales, chosen.dimensions, language),
    connect: { theme: style.theme },
    share: { publish: analysis.publish },
    notes,
  })
}
