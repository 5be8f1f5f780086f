/**
 * @module Reads an instruction the way the built-in planner needs it: language, kind of
 * assessment, audience, topic, numbers of questions, dimensions and levels, named
 * dimensions, answer scale, styling words and whether to publish. Pure and deterministic;
 * everything not found is null, so the planner can pick a default and say so.
 */
import { findDimension, KINDS } from './catalog/library/index.ts'
import { QUIZ_BANKS } from './catalog/library/quiz-banks.ts'
import type { AnswerScale, AssessmentKind, QuizBank } from './catalog/library/types.ts'
import type { PlanLanguage } from '../contract/smart/plan.ts'
import { countedList, openedList } from './zh-dimension-list.ts'

type Anchors = Extract<AnswerScale, { kind: 'likert' }>['anchors']

export interface StyleWords {
  /** A colour name from COLOURS, or null. */
  colour: string | null
  mode: 'light' | 'dark' | null
  layout: 'one-per-screen' | 'all' | null
  font: 'serif' | 'mono' | null
}

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

const EN_NUMBERS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  a: 1,
  single: 1,
}
const ZH_DIGITS: Record<string, number> = {
  零: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
}

const EN_NUMBER = `\\d+|${Object.keys(EN_NUMBERS)
  .filter((word) => word !== 'a')
  .join('|')}`
// Read from the start of a run only (the lookbehind): tried from inside a run of 5,000 digits,
// every start would rescan the rest of it.
const ZH_NUMBER = '(?<![\\d零一二两三四五六七八九十])(?:\\d+|[零一二两三四五六七八九十]+)'

/** Parses "12", "twelve", "十二", "二十" or "两"; null when it is none of these. */
export function parseNumber(raw: string): number | null {
  const text = raw.trim().toLowerCase()
  if (/^\d+$/.test(text)) return Number(text)
  if (text in EN_NUMBERS) return EN_NUMBERS[text]
  if (!/^[零一二两三四五六七八九十]+$/.test(text)) return null
  if (!text.includes('十')) return text.length === 1 ? ZH_DIGITS[text] : null
  const [tens, ones] = text.split('十')
  return (tens ? (ZH_DIGITS[tens] ?? 0) : 1) * 10 + (ones ? (ZH_DIGITS[ones] ?? 0) : 0)
}

/** Chinese when at least a few Han characters appear and they outnumber Latin words. */
export function detectLanguage(text: string): PlanLanguage {
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0
  const words = text.match(/[A-Za-z]{2,}/g)?.length ?? 0
  return han >= 2 && han >= words ? 'zh' : 'en'
}

function firstNumber(text: string, patterns: RegExp[]): number | null {
  for (const pattern of patterns) {
    const match = pattern.exec(text)
    const value = match ? parseNumber(match[1]) : null
    if (value !== null && value > 0) return value
  }
  return null
}

const QUESTION_PATTERNS = [
  // "one question per screen" is a layout, not a count.
  new RegExp(
    `\\b(${EN_NUMBER})[\\s-]*(?:short\\s+|multiple[- ]choice\\s+|likert\\s+)?(?:questions?|items?|statements?|prompts?)\\b(?!\\s*(?:per|at a|on each|each)\\b)`,
  ),
  new RegExp(`(${ZH_NUMBER})\\s*(?:道|个|条|项)?\\s*(?:选择|判断|单选|多选|是非|简答)?\\s*(?:题目|题|问题|条目|陈述)`),
]
const DIMENSION_WORDS =
  'dimensions?|subscales?|factors?|areas?|domains?|traits?|facets?|competenc(?:y|ies)|skills?|aspects?|categories'
const DIMENSION_COUNT_PATTERNS = [
  new RegExp(`\\b(${EN_NUMBER})[\\s-]*(?:key\\s+|core\\s+|main\\s+|personality\\s+)?(?:${DIMENSION_WORDS})\\b`),
  new RegExp(`(${ZH_NUMBER})\\s*(?:个|项|大)?\\s*(?:维度|方面|分量表|因子|领域|特质|能力)`),
]
const LEVEL_PATTERNS = [
  new RegExp(`\\b(${EN_NUMBER})[\\s-]*(?:result\\s+|score\\s+)?(?:levels?|bands?|tiers?|outcomes?|score ranges?)\\b`),
  new RegExp(`(${ZH_NUMBER})\\s*(?:个)?\\s*(?:等级|级别|水平|档次|档)`),
]

/** The words a list of named dimensions is split on. */
const LIST_SPLIT = /\s*(?:,|;|\/|、|，|；|\band\b|\bor\b|&|和|及|与|以及)\s*/

function cleanListItem(raw: string): string {
  return raw
    .replace(/^(?:the|a|an|plus)\s+/i, '')
    .replace(/^(?:包括|分别是|分别为|为|是)/, '')
    .replace(/[\s"'“”‘’「」]+/g, ' ')
    .trim()
}

function splitList(raw: string, language: PlanLanguage): string[] | null {
  const items = raw
    .split(LIST_SPLIT)
    .map(cleanListItem)
    .filter((item) => item.length > 0)
  const wordy = (item: string) =>
    language === 'zh' ? [...item].length > 12 : item.split(' ').length > 4 || item.length > 40
  if (items.length < 2 || items.length > 10 || items.some(wordy)) return null
  return items
}

/** Named dimensions: "dimensions: a, b and c", "three dimensions — a, b, c", "covering a, b and c", "维度：甲、乙、丙". */
function namedDimensions(original: string, language: PlanLanguage): string[] {
  const patterns: Array<RegExp | ((text: string) => string | null)> =
    language === 'zh'
      ? [
          openedList,
          /(?:维度|方面|分量表|因子|领域|特质)\s*(?:[（(：:]|[，,]?\s*(?:包括|分别是|分别为|为|是))\s*[：:]?\s*([^。；;）)\n]+)/u,
          countedList,
          /[：:]\s*([^，,。；;]+)/u,
        ]
      : [
          new RegExp(
            `(?:${DIMENSION_WORDS})\\s*(?:[:(—–]|-\\s|\\bnamed\\b|\\bcalled\\b|\\bare\\b|\\bincluding\\b|\\bsuch as\\b)\\s*[:(—–]?\\s*([^.;:)\\]—–\\n]+)`,
            'i',
          ),
          /\b(?:covering|measuring|including|across|about|on)\s+(?!how\b|what\b|why\b|whether\b)([^.;:)\]—–\n]+)/i,
          new RegExp(`(?:${DIMENSION_WORDS})\\s+(?:of\\s+)?([^.;:)\\]—–\\n]+)`, 'i'),
          /:\s*([^.;:)\]—–\n]+)/,
        ]
  for (const pattern of patterns) {
    const found = typeof pattern === 'function' ? pattern(original) : (pattern.exec(original)?.[1] ?? null)
    if (found === null) continue
    // Stop at the clause that follows the list ("…, efficacy with a 5-point scale").
    const list = found.split(
      /\s+(?:with|using|in|on|for|at|plus|then|where|so)\s+|,\s*(?=\d)|\s+-\s+|(?:，|,)\s*(?=用|使用|采用|每|风格|颜色|配色|\d|[一二两三四五六七八九十]+(?:点|级|个|道))/i,
    )[0]
    const items = splitList(list, language)
    if (items) return items
  }
  return []
}

function answerScale(text: string): AnswerScale | null {
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
function anchorsOf(text: string): Anchors | null {
  if (/frequency|how often|频率|频次/.test(text)) return 'frequency'
  if (
    /satisfaction (?:scale|rating)|(?:point|likert)[\s-]+satisfaction|\bdissatisfied\b|满意度量表|满意程度/.test(text)
  )
    return 'satisfaction'
  if (/\bagree|agreement|同意/.test(text)) return 'agreement'
  return null
}

function kindOf(text: string, scale: AnswerScale | null, dimensions: string[]): AssessmentKind {
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

const AUDIENCE_STOP = new Set([
  'each',
  'every',
  'a',
  'an',
  'one',
  'use',
  'scoring',
  'screening',
  'example',
  'instance',
  'me',
  'us',
  'free',
  'now',
])

function audienceOf(original: string, language: PlanLanguage): string | null {
  if (language === 'zh') {
    const match =
      /(?:面向|针对|给|为|适用于|适合)([^，,。；;、的\s]{1,12}?)(?:的|群体|人群|使用|做|设计|制作|创建|生成|准备|开发|打造|，|,|。|$)/u.exec(
        original,
      )
    return match ? match[1] : null
  }
  const match =
    /\b(?:for|among|aimed at)\s+((?:our\s+|new\s+|all\s+|the\s+)?[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,3}?)(?=\s+(?:with|using|on|in|about|that|who|to|and|which|at|where|scored|so|covering|measuring|including|across)\b|[,.;:—–()]|\s+-\s|$)/i.exec(
      original,
    )
  if (!match) return null
  const audience = match[1].replace(/^(?:our|all|the)\s+/i, '').trim()
  return AUDIENCE_STOP.has(audience.split(/\s+/)[0].toLowerCase()) ? null : audience
}

/** Who a Chinese title is for, when it opens with it: "大学生睡眠质量" is about 睡眠质量. */
const ZH_AUDIENCE =
  /^(?:大学生|中学生|小学生|高中生|初中生|研究生|学生|新员工|员工|职工|护士|医生|教师|老师|老年人|儿童|青少年|患者|顾客|客户|家长|用户|住客|会员)/u
const withoutAudience = (text: string): string => text.replace(ZH_AUDIENCE, '') || text

function topicOf(original: string, language: PlanLanguage, subject: string | undefined): string | null {
  if (language === 'zh') {
    const about = /(?:关于|有关)([^，,。；;的\s]{1,15})/u.exec(original)
    if (about) return about[1]
    const named =
      /([^\s，,。；;、\d一二两三四五六七八九十个道题的]{2,10})(?:测评|问卷|调查|测验|测试|量表|自评|评估)/u.exec(
        original,
      )
    return named ? withoutAudience(named[1].replace(/^(?:一份|一个|一套|做|请|帮我|生成|创建)+/u, '')) || null : null
  }
  const about =
    /\b(?:about|on|of|assessing|measuring|evaluating)\s+(?:the\s+)?([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,3}?)(?=\s+(?:for|with|using|in|among|and|that|at|to)\b|[,.;:—–()]|\s+-\s|$)/i.exec(
      original,
    )
  if (about && !/^(?:a|an|\d)$/i.test(about[1])) return about[1]
  // The words before "survey", "check"…: "big five personality style profile" is about big five personality style.
  if (subject)
    return subject.toLowerCase() === subject ? subject : subject.replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase())
  const named =
    /\b([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}?)\s+(?:survey|assessment|questionnaire|check|test|quiz|scale|inventory|self-assessment|evaluation|check-in)\b/i.exec(
      original,
    )
  if (!named) return null
  const all = named[1].toLowerCase().split(/\s+/)
  // Only the words after the last function word name the topic: "a form to check" has none.
  const start = all.reduce(
    (at, word, index) =>
      /^(?:to|for|of|with|if|my|our|i|need|want|form|make|create|build|me|us|please|some)$/.test(word) ? index + 1 : at,
    0,
  )
  const words = all
    .slice(start)
    .filter(
      (word) =>
        !/^(?:a|an|the|short|quick|simple|brief|new|question|item)$/.test(word) &&
        !/^\d/.test(word) &&
        !(word in EN_NUMBERS),
    )
  return words.length ? words.join(' ') : null
}

const TITLE_NOUNS =
  /^(?:survey|questionnaire|check|check-in|checkup|check-up|pulse|assessment|self-assessment|quiz|test|scale|inventory|evaluation|poll|screening|screener|checklist|profile|review|form|audit|feedback)s?$/i
const TITLE_STOP =
  /^(?:a|an|the|for|with|of|to|create|make|build|generate|design|draft|write|set|up|me|us|i|we|need|want|please|some|our|my|your|new|short|quick|simple|brief|small|\d.*|\w+-(?:item|question|point)s?|yes\/no)$/i

/**
 * The title as the instruction words it ("employee engagement pulse" → "Employee engagement
 * pulse", "…问卷"), and its subject: the words before the kind of form ("employee engagement").
 */
function titleOf(original: string, language: PlanLanguage): { title: string; subject: string } | null {
  if (language === 'zh') {
    // "5点满意度量表", "频率量表" describe the answers, not the form.
    const match = [
      ...original.matchAll(
        /([^\s，,。；;：:、]{2,20}?)((?:测评|问卷|调查|测验|测试|量表|评估|自评|调研|反馈表|反馈)+)/gu,
      ),
    ].find((m) => !(m[2] === '量表' && /(?:点|级|分|频率|同意|满意度|李克特)$/u.test(m[1])))
    if (!match) return null
    const subject = match[1].replace(/^.*(?:一份|一个|一套|做|请|帮我|生成|创建|设计|题的|题|的)/u, '')
    return subject ? { title: subject + match[2], subject } : null
  }
  const words = original.split(' ')
  const bare = (word: string) => word.replace(/[,.;:!?]+$/, '')
  // "frequency scale", "5-point agreement scale" describe the answers, not the form.
  const answerWords = (index: number) =>
    /^scales?$/i.test(bare(words[index])) &&
    index > 0 &&
    /^(?:agreement|frequency|satisfaction|likert|rating|\S+-point)$/i.test(words[index - 1])
  let head = words.findIndex((word, index) => TITLE_NOUNS.test(bare(word)) && !answerWords(index))
  if (head < 0) return null
  while (
    head + 1 < words.length &&
    !/[,.;:!?]$/.test(words[head]) &&
    TITLE_NOUNS.test(words[head + 1].replace(/[,.;:!?]+$/, ''))
  )
    head++
  let start = head
  while (start > 0 && start > head - 5 && !/[,.;:!?—–]$/.test(words[start - 1]) && !TITLE_STOP.test(words[start - 1]))
    start--
  if (start === head) return null
  const subject = words.slice(start, head).join(' ')
  let title = words
    .slice(start, head + 1)
    .join(' ')
    .replace(/[,.;:!?]+$/, '')
  // "… for university students", "… for a coffee shop": who or what it is for is part of the title.
  const after = words.slice(head + 1).join(' ')
  const forWhom = /[,.;:!?]$/.test(words[head])
    ? null
    : /^for\s+((?:a|an|the|our)\s+)?([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,3}?)(?=\s+(?:with|using|on|in|about|that|who|to|which|at|where|scored|so|covering|measuring|including|across)\b|[,.;:—–()]|\s+-\s|$)/i.exec(
        after,
      )
  if (forWhom && !/^(?:each|every|one|use|scoring|screening|me|us|now|free)\b/i.test(forWhom[2]))
    title += ` for ${(forWhom[1] ?? '').replace(/^our\s+/i, 'the ')}${forWhom[2]}`
  return { title: title.charAt(0).toUpperCase() + title.slice(1), subject }
}

/** Dimensions named in the title itself: "workload and work-life balance check", "体育锻炼与饮食习惯调查". */
function subjectDimensions(subject: string | undefined, language: PlanLanguage): string[] {
  if (!subject || !/\band\b|&|和|与|及/u.test(subject)) return []
  const parts = splitList(subject, language) ?? []
  return language === 'zh' ? parts.map(withoutAudience) : parts
}

/** Colour words → colour key; Chinese names included. */
export const COLOUR_WORDS: Array<[RegExp, string]> = [
  [/\bnavy\b|藏青|海军蓝/u, 'navy'],
  [/\bteal\b|\bcyan\b|\bturquoise\b|青色|蓝绿/u, 'teal'],
  [/\bblue\b|蓝/u, 'blue'],
  [/\bgreen\b|绿/u, 'green'],
  [/\bred\b|\bcrimson\b|红/u, 'red'],
  [/\borange\b|橙|橘/u, 'orange'],
  [/\bpurple\b|\bviolet\b|\blavender\b|紫/u, 'purple'],
  [/\bpink\b|\brose\b|粉/u, 'pink'],
  [/\byellow\b|\bgold(?:en)?\b|黄|金色/u, 'amber'],
  [/\bgr[ae]y\b|\bneutral colou?rs?\b|灰/u, 'gray'],
  [/\bcalm\b|\bsoothing\b|\bserene\b|沉静|平静|宁静/u, 'blue'],
  [/\bwarm\b|温暖/u, 'orange'],
]

function styleOf(text: string): StyleWords {
  const colour = COLOUR_WORDS.find(([pattern]) => pattern.test(text))?.[1] ?? null
  const mode = /\bdark\b|\bnight\b|暗色|深色|黑色背景|夜间/u.test(text)
    ? 'dark'
    : /\blight\b|\bbright\b|浅色|明亮|白色背景/u.test(text)
      ? 'light'
      : null
  const layout =
    /one (?:question )?(?:per|at a) (?:screen|page|time)|one by one|question by question|一屏一题|每屏一题|每页一题|逐题|一次一题|一题一页/u.test(
      text,
    )
      ? 'one-per-screen'
      : /all (?:questions )?on (?:one|a single) page|single[- ]page|one page|全部在一页|同一页|一页显示/u.test(text)
        ? 'all'
        : null
  const font =
    /\bserif\b|衬线|宋体/u.test(text) && !/sans[- ]serif|无衬线/u.test(text)
      ? 'serif'
      : /\bmonospace\b|等宽/u.test(text)
        ? 'mono'
        : null
  return { colour, mode, layout, font }
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
