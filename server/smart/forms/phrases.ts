/**
 * @module The parts of a plain-form instruction that become fields: the list after "with",
 * "including", "asking for" or a colon ("name, email and message", "姓名、手机号、参加人数"),
 * and a survey's questions after "asking" ("which features people use and how they heard of
 * us", "询问大家使用哪些功能、从哪里知道我们"). Lists split at top level only, so "cake size
 * (small, medium, large)" stays one phrase with its options; styling and publishing words
 * ("calm blue styling", "publish it") are not fields.
 */
import type { PlanLanguage } from '../../contract/smart/plan.ts'
import { COLOUR_WORDS } from '../analyze/style.ts'

/** One named field: its words, the options listed with it, and whether it was marked required or optional. */
export interface Phrase {
  text: string
  options: string[] | null
  /** `yes/no` after the words ("attending yes/no"). */
  yesNo: boolean
  required: boolean | null
}

const FIELD_LIST_START =
  /\b(?:with(?: the)? fields?|with|including|includes?|that (?:asks|collects) (?:for )?|asking (?:people |them |users )?for|collecting|to collect|fields?)\s*:?\s+|[:]\s*/giu
const ZH_FIELD_LIST_START = /(?:包括|包含|收集|字段(?:有|为|是)?|需要填写)\s*:?\s*|:\s*/gu
const QUESTION_LIST_START =
  /\b(?:asking|asks|ask|to find out|to learn)\s+(?:(?:people|them|users|customers|attendees|visitors|guests|members|participants|respondents)\s+)?(?:about\s+)?/iu
const ZH_QUESTION_LIST_START = /(?:询问|了解一下|了解|想知道|问问|问(?!卷|题))\s*(?:一下)?/u

/** Where a list ends: the sentence, a clause in dashes, or a semicolon. */
const LIST_END = /[.;!?。；！？\n]|\s[—–-]\s|—/u

/** Splits `text` at `separator` outside brackets. */
function splitTopLevel(text: string, separator: RegExp): string[] {
  const parts: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (char === '(' || char === '[') depth++
    else if ((char === ')' || char === ']') && depth > 0) depth--
    else if (depth === 0) {
      separator.lastIndex = i
      const found = separator.exec(text)
      if (found && found.index === i) {
        parts.push(text.slice(start, i))
        start = i + found[0].length
        i = start - 1
      }
    }
  }
  parts.push(text.slice(start))
  return parts
}

const EN_SEPARATOR = /\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|&|as well as)\s+/y
const ZH_SEPARATOR = /\s*(?:、|,|以及|和|及|与)\s*/uy

/** Colour words, as the planner reads them for the theme (analyze.ts), to strip from a phrase. */
const COLOURS = COLOUR_WORDS.map(([pattern]) => new RegExp(pattern.source, 'giu'))

/** The other words of styling and publishing: "calm blue styling", "dark theme", "publish it", "蓝色风格". */
const STYLE_WORDS =
  /\b(?:neutral|warm|dark|light|bright|night|theme|themed|styling|style|styled|mode|colou?rs?|scheme|palette|layout|font|serif|sans|monospace|one (?:question )?(?:per|at a) (?:screen|page|time)|all on one page|single[- ]page|publish(?:ed)?|go live|it|now|please|in|with|a|an|the|and)\b|暗色|深色|浅色|明亮|风格|主题|配色|颜色|色调|模式|字体|布局|衬线|宋体|等宽|一屏一题|每屏一题|每页一题|逐题|发布|上线|并|色|的/giu

/** Whether a listed phrase only styles or publishes the form: nothing is left once those words are gone. */
const isStyling = (phrase: string): boolean =>
  COLOURS.reduce((rest, colour) => rest.replace(colour, ''), phrase)
    .replace(STYLE_WORDS, '')
    .replace(/[\s,，、]+/g, '') === ''

/** "10 questions", "5 fields", "8道题": how many, not what. */
const COUNT =
  /^\s*(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|a few|some)[\s-]+(?:short\s+)?(?:questions?|items?|fields?|statements?)\s*$|^\s*[\d一二两三四五六七八九十]+\s*(?:道|个)?\s*(?:题|问题|字段|项)\s*$/iu

const REQUIRED_MARK = /\s*\((?:required|mandatory|必填)\)\s*$/iu
const OPTIONAL_MARK = /\s*\((?:optional|选填|可选)\)\s*$/iu
const YES_NO = /\s*(?:\(?\s*(?:yes\s*(?:\/|or)\s*no|y\/n|是\s*(?:\/|或)\s*否|是否)\s*\)?)\s*$/iu
const OPTIONS = /\s*\(([^()]+)\)/u

/** A phrase as written in a list: its words, options in brackets, yes/no and required marks. */
function readPhrase(raw: string): Phrase | null {
  let text = raw.trim().replace(/[.,:;]+$/, '')
  let required: boolean | null = null
  if (REQUIRED_MARK.test(text)) {
    required = true
    text = text.replace(REQUIRED_MARK, '')
  } else if (OPTIONAL_MARK.test(text)) {
    required = false
    text = text.replace(OPTIONAL_MARK, '')
  }
  let yesNo = false
  // "是否出席" keeps its 是否: only a trailing yes/no is a marker.
  if (YES_NO.test(text) && !/^是否/u.test(text)) {
    yesNo = true
    text = text.replace(YES_NO, '')
  }
  let options: string[] | null = null
  const listed = OPTIONS.exec(text)
  if (listed) {
    const values = listed[1]
      .split(/\s*(?:,|\/|、|\bor\b|或)\s*/u)
      .map((value) => value.trim())
      .filter(Boolean)
    if (values.length >= 2 && values.every((value) => /^(?:yes|no|是|否)$/iu.test(value))) yesNo = true
    else if (values.length >= 2) options = values
    text = `${text.slice(0, listed.index)} ${text.slice(listed.index + listed[0].length)}`.replace(/\s+/g, ' ').trim()
  }
  text = text
    .replace(/^(?:and|or|also|then|a|an|the|their|your|his|her|its|our|optional|required)\s+/iu, '')
    .replace(/^(?:以及|还有|和|及)/u, '')
    .trim()
  return text ? { text, options, yesNo, required } : null
}

const DISTRIBUTE_BEFORE = /^(?:first|last|given|family|expected|actual|start|end|delivery|pickup|home|work|billing)$/iu
const QUALIFIERS = /^(?:preferred|desired|pickup|pick-up|delivery|arrival|departure|start|end|event)\s/iu

/**
 * Shares a head word across "and": "first and last name" → first name, last name;
 * "preferred date and time" → preferred date, preferred time.
 */
function distribute(phrases: Phrase[]): Phrase[] {
  return phrases.map((phrase, index) => {
    const next = phrases[index + 1]
    const previous = phrases[index - 1]
    if (next && DISTRIBUTE_BEFORE.test(phrase.text) && next.text.split(' ').length >= 2)
      return { ...phrase, text: `${phrase.text} ${next.text.split(' ').at(-1)}` }
    if (previous && !phrase.text.includes(' ') && /^[a-z]/i.test(phrase.text) && QUALIFIERS.test(previous.text))
      return { ...phrase, text: `${previous.text.split(' ')[0]} ${phrase.text}` }
    return phrase
  })
}

function listAfter(original: string, start: number, language: PlanLanguage): Phrase[] {
  const rest = original.slice(start)
  const end = LIST_END.exec(rest)
  const list = end ? rest.slice(0, end.index) : rest
  const parts = splitTopLevel(list, language === 'zh' ? ZH_SEPARATOR : EN_SEPARATOR)
  const phrases = parts
    .filter((part) => !isStyling(part) && !COUNT.test(part))
    .map(readPhrase)
    .filter((phrase): phrase is Phrase => phrase !== null)
  return language === 'zh' ? phrases : distribute(phrases)
}

/**
 * The fields an instruction lists, in order: the first list after an opener ("with",
 * "including", ":", "包括"…) that holds something other than styling. Empty when it lists none.
 */
export function listedFields(original: string, language: PlanLanguage): Phrase[] {
  const opener = new RegExp(language === 'zh' ? ZH_FIELD_LIST_START : FIELD_LIST_START)
  for (const found of original.matchAll(opener)) {
    const phrases = listAfter(original, found.index + found[0].length, language)
    if (phrases.length) return phrases
  }
  return []
}

const WH = /^(?:which|what|how|whether|if|where|when|who|why)\b/iu

/** The questions a survey instruction says to ask, as written ("which features people use"); empty when none. */
export function listedQuestions(original: string, language: PlanLanguage): Phrase[] {
  const opener = (language === 'zh' ? ZH_QUESTION_LIST_START : QUESTION_LIST_START).exec(original)
  if (!opener) return []
  const phrases = listAfter(original, opener.index + opener[0].length, language)
  if (language === 'zh') return phrases
  // "… and how they heard of us": a new question starts at each wh-word; the first phrase that is not one ends the list.
  const questions: Phrase[] = []
  for (const phrase of phrases) {
    for (const part of phrase.text.split(/\s+and\s+(?=(?:which|what|how|whether|if|where|when|who|why)\b)/iu)) {
      if (!WH.test(part)) return questions
      questions.push({ ...phrase, text: part })
    }
  }
  return questions
}
