/**
 * @module A survey's questions as the instruction reports them ("which features people
 * use", "how often they visit", "what we should stock", "大家使用哪些功能") asked the respondent
 * directly ("Which features do you use?", "How often do you visit?", "What should we
 * stock?", "你使用哪些功能？"), with the answer type the question calls for. A clause the
 * rules cannot turn round is asked as "Tell us …" rather than guessed at.
 */
import type { FieldType } from '../../contract/fields/types/index.ts'
import { FREQUENCY_OPTIONS, LIKELIHOOD_OPTIONS } from './vocabulary.ts'

export interface Question {
  label: string
  type: FieldType
  /** The words to name the field after ("features", "visit frequency"). */
  keyWords: string
  options: string[] | null
}

const SUBJECTS =
  'people|they|users|customers|clients|attendees|visitors|guests|members|participants|respondents|students|employees|staff|parents|readers|players|patients|volunteers|shoppers|everyone|you'

/** Past forms whose present the rules cannot derive by dropping -ed. */
const PAST: Record<string, string> = {
  bought: 'buy',
  heard: 'hear',
  found: 'find',
  came: 'come',
  went: 'go',
  saw: 'see',
  got: 'get',
  made: 'make',
  took: 'take',
  paid: 'pay',
  spent: 'spend',
  met: 'meet',
  read: 'read',
  chose: 'choose',
  left: 'leave',
  felt: 'feel',
  thought: 'think',
  did: 'do',
  had: 'have',
  ate: 'eat',
  drank: 'drink',
  wore: 'wear',
  liked: 'like',
  loved: 'love',
  used: 'use',
  moved: 'move',
  noticed: 'notice',
  received: 'receive',
  rated: 'rate',
  preferred: 'prefer',
  tried: 'try',
  travelled: 'travel',
  shopped: 'shop',
  stopped: 'stop',
}

/** Verbs ending in -ed whose stem is the verb ("attended" → attend). */
const REGULAR_PAST =
  /^(?:\w+(?:nd|nt|st|rt|ct|ll|sh|ch|ss|ck|rn|rm|lp|in|on|it|ay|oy|ow|ew|er|ok|ad|ar|ir|ir|ed|sk|lk|mp|rd|ld))ed$/

/** The present form of a verb and whether it was past; null when it is neither recognisably. */
function verbOf(word: string): { base: string; past: boolean } | null {
  const lower = word.toLowerCase()
  if (lower in PAST) return { base: PAST[lower], past: true }
  if (/ied$/.test(lower)) return { base: lower.replace(/ied$/, 'y'), past: true }
  if (REGULAR_PAST.test(lower)) return { base: lower.slice(0, -2), past: true }
  if (/ed$/.test(lower)) return null
  // A plural subject takes the bare present: "people use", "they visit".
  return /^[a-z]+$/.test(lower) ? { base: lower, past: false } : null
}

/** "their" → "your" and the like, so a reported clause speaks to the respondent. */
const toYou = (text: string): string =>
  text
    .replace(/\btheir\b/gi, 'your')
    .replace(/\bthemselves\b/gi, 'yourself')
    .replace(/\bthem\b/gi, 'you')
    .replace(new RegExp(`\\b(?:${SUBJECTS})\\b`, 'gi'), 'you')

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)

/** The English clause as a direct question, or null when the rules do not fit it. */
function directQuestion(clause: string): { label: string; keyWords: string; verb: string } | null {
  const subject = `(${SUBJECTS})`
  // "which features people use", "how many tickets they need", "what topics they want next year"
  let match = new RegExp(`^(which|what|how many|how much)\\s+(.+?)\\s+${subject}\\s+(\\w+)(.*)$`, 'i').exec(clause)
  if (match) {
    const verb = verbOf(match[4])
    if (!verb) return null
    return {
      label: `${capitalize(match[1].toLowerCase())} ${toYou(match[2])} ${verb.past ? 'did' : 'do'} you ${verb.base}${toYou(match[5])}?`,
      keyWords: match[2],
      verb: verb.base,
    }
  }
  // "what people bought", "how often they visit", "why they left"
  match = new RegExp(`^(what|how often|how|when|where|why)\\s+${subject}\\s+(\\w+)(.*)$`, 'i').exec(clause)
  if (match) {
    const verb = verbOf(match[3])
    if (!verb) return null
    const wh = match[1].toLowerCase()
    return {
      label: `${capitalize(wh)} ${verb.past ? 'did' : 'do'} you ${verb.base}${toYou(match[4])}?`,
      keyWords: wh === 'how often' ? `${verb.base} frequency` : `${verb.base}${toYou(match[4])}`,
      verb: verb.base,
    }
  }
  // "what we should stock", "how we could improve"
  match = /^(what|which|how|when|where)\s+(we|i)\s+(should|could|can|might|must)\s+(.+)$/i.exec(clause)
  if (match)
    return {
      label: `${capitalize(match[1].toLowerCase())} ${match[3].toLowerCase()} ${match[2].toLowerCase()} ${toYou(match[4])}?`,
      keyWords: match[4],
      verb: match[4].split(' ')[0],
    }
  // "whether they would come again", "if they are a member"
  match = new RegExp(
    `^(?:whether|if)\\s+${subject}\\s+(would|will|can|could|are|were|have|had|do|did|should)\\s+(.+)$`,
    'i',
  ).exec(clause)
  if (match)
    return {
      label: `${capitalize(match[2].toLowerCase())} you ${toYou(match[3])}?`,
      keyWords: match[3],
      verb: match[3].split(' ')[0],
    }
  // "whether people want a Friday meeting", "if they liked the venue"
  match = new RegExp(`^(?:whether|if)\\s+${subject}\\s+(\\w+)(.*)$`, 'i').exec(clause)
  if (match) {
    const verb = verbOf(match[2])
    if (!verb) return null
    return {
      label: `${verb.past ? 'Did' : 'Do'} you ${verb.base}${toYou(match[3])}?`,
      keyWords: `${verb.base}${match[3]}`,
      verb: verb.base,
    }
  }
  return null
}

/** The answer type a clause asks for. */
function typeOf(clause: string, options: string[] | null): { type: FieldType; options: string[] | null } {
  const lower = clause.toLowerCase()
  if (options) return { type: /^which\s+\w+s\b/.test(lower) ? 'multichoice' : 'choice', options }
  if (/^how often\b/.test(lower)) return { type: 'choice', options: FREQUENCY_OPTIONS.en }
  if (/^how likely\b/.test(lower)) return { type: 'choice', options: LIKELIHOOD_OPTIONS.en }
  if (/^how (?:many|much)\b/.test(lower)) return { type: 'number', options: null }
  if (/^(?:whether|if)\b/.test(lower)) return { type: 'boolean', options: null }
  return { type: 'longtext', options: null }
}

/** An English survey clause as the question a respondent reads, with its answer type. */
export function englishQuestion(clause: string, options: string[] | null): Question {
  const direct = directQuestion(clause)
  const { type, options: choices } = typeOf(clause, options)
  if (direct) return { label: direct.label, type, keyWords: direct.keyWords, options: choices }
  // "which day", "what time": a question in a few words.
  if (/^(?:which|what)(?:\s+[\w-]+){1,3}$/i.test(clause))
    return { label: `${capitalize(clause)}?`, type, keyWords: clause.replace(/^\w+\s+/, ''), options: choices }
  return { label: `Tell us ${toYou(clause)}.`, type, keyWords: clause.replace(/^\w+\s+/, ''), options: choices }
}

const ZH_SUBJECT = /^(?:大家|用户|他们|她们|顾客|客户|参会者|参与者|人们|学员|会员|观众|读者|访客|来宾|家长|员工|你们)/u
const ZH_QUESTION_WORD = /哪|什么|怎么|如何|多少|几|是否|为什么|吗|多久|多常/u

/** A Chinese survey clause as the question a respondent reads ("大家使用哪些功能" → "你使用哪些功能？"). */
export function chineseQuestion(clause: string, options: string[] | null): Question {
  const own = clause.replace(ZH_SUBJECT, '')
  const addressed = /^(?:你|您|我们|是否)/u.test(own) ? own : `你${own}`
  const label = ZH_QUESTION_WORD.test(own) ? `${addressed}？` : `请说说${addressed}。`
  const multiple = /多选|哪些/u.test(own)
  if (options) return { label, type: multiple ? 'multichoice' : 'choice', keyWords: own, options }
  if (/多久|多常|频率|经常/u.test(own)) return { label, type: 'choice', keyWords: own, options: FREQUENCY_OPTIONS.zh }
  if (/多少|几/u.test(own)) return { label, type: 'number', keyWords: own, options: null }
  if (/^是否/u.test(own)) return { label, type: 'boolean', keyWords: own, options: null }
  return { label, type: 'longtext', keyWords: own, options: null }
}
