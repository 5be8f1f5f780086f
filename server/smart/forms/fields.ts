/**
 * @module A named phrase as a form field: the vocabulary's field when the phrase is one it
 * knows ("email" → an email field, "number of guests" → a number), else a type read from
 * the words ("… date" → date, "comments" → long text, "yes/no" → boolean, options in
 * brackets → a choice) and a key made from them. Questions ("which features people use")
 * are asked the respondent (questions.ts).
 */
import type { FieldType } from '../../contract/fields/types/index.ts'
import { LIMITS } from '../../contract/limits.ts'
import type { PlanField, PlanLanguage } from '../../contract/smart/plan.ts'
import type { Phrase } from './phrases.ts'
import { chineseQuestion, englishQuestion } from './questions.ts'
import { fieldWordByKey, findFieldWord, type FieldWord } from './vocabulary.ts'

/** A field before the plan decides whether it is required; the plan also cuts its label to the limit. */
export type DraftField = Omit<PlanField, 'required'> & { required: boolean | null }

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)
/** `text` cut to `max` characters (code points). */
export const clip = (text: string, max: number): string => [...text].slice(0, max).join('')

const KEY_STOP = /^(?:which|what|the|a|an|your|my|our|do|did|you|of|to|and|how|is|are|for|in|on|at|with|we|should)$/

/**
 * A field name from words: their lower-case ASCII words joined by `_`, small words left out
 * ("Message on the cake" → message_cake), else the words themselves without spaces
 * ("使用哪些功能"). Never a reserved form key (those start with `_`).
 */
export function keyOf(words: string): string {
  const latin = words
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9\s-]/g, ' ')
    .split(/[\s-]+/)
    .filter((word) => word && !KEY_STOP.test(word))
    .slice(0, 4)
    .join('_')
  const key = latin || words.replace(/[\s，,。？?！!、：:]+/gu, '').replace(/^_+/, '')
  return clip(key, Math.min(40, LIMITS.maxFieldNameLength)) || 'answer'
}

function optionsOf(values: string[], language: PlanLanguage): string[] {
  const cleaned = values.map((value) => clip(language === 'en' ? capitalize(value) : value, LIMITS.maxOptionLength))
  return [...new Set(cleaned)].slice(0, LIMITS.maxOptions)
}

/** The label a vocabulary field gets for the words the instruction used. */
function vocabularyLabel(word: FieldWord, phrase: string, language: PlanLanguage): string {
  const own = word.label[language]
  // Questions and yes/no statements read better as the vocabulary words them.
  if (/[?？]$/.test(own) || word.type === 'boolean') return own
  if (language === 'zh') return phrase
  // "phone" → Phone number, "email addresses" → Email address; "pickup date" keeps its own words.
  const singular = phrase.toLowerCase().replace(/(?:es|s)$/, '')
  return own.toLowerCase().startsWith(singular) ? own : capitalize(phrase)
}

/** The vocabulary field `key` in `language` (a kind's default fields). */
export function defaultField(key: string, language: PlanLanguage): DraftField {
  const word = fieldWordByKey(key)
  return {
    name: word.key,
    type: word.type,
    label: word.label[language],
    options: word.options ? word.options[language] : null,
    required: null,
  }
}

const NUMBER_EN = /^(?:number of|no\.? of|how many|amount of|count of)\s+(.+)$/i
/** A span of time counted in whole units ("years of experience", "months in the role"): a number. */
const YEARS_EN = /^(?:years?|yrs\.?|months|weeks|hours)\s+(?:of|in|at|with|spent)\s/
const QUESTION_EN = /^(?:which|what|how|whether|if|where|when|who|why)\b|\?$/i

/** The type English words call for when the vocabulary does not know them. */
function englishType(text: string): FieldType {
  const lower = text.toLowerCase()
  if (NUMBER_EN.test(lower) || /\b(?:age|count|quantity|years)$/.test(lower) || YEARS_EN.test(lower)) return 'number'
  if (/\b(?:date|birthday|deadline)\b/.test(lower)) return 'date'
  if (/\be-?mail\b/.test(lower)) return 'email'
  if (
    /\b(?:message|comments?|notes?|description|details|explain|describe|reasons?|why|story|letter|feedback|suggestions?|requirements|needs|questions?|address|steps|behaviou?r|anything|ideas|thoughts|experiences?|bio|motivation|requests?)\b/.test(
      lower,
    )
  )
    return 'longtext'
  return 'text'
}

function chineseType(text: string): FieldType {
  if (/邮箱|邮件/u.test(text)) return 'email'
  if (/人数|数量|年龄|岁数|个数|份数|件数|多少|几|年限|年数|工龄|年资/u.test(text)) return 'number'
  if (/日期|生日/u.test(text)) return 'date'
  if (/留言|说明|描述|原因|建议|意见|要求|需求|地址|备注|内容|经历|介绍|想法|问题|理由/u.test(text)) return 'longtext'
  return 'text'
}

/** A question phrase ("which features people use", "大家使用哪些功能") as a field. */
export function questionField(phrase: Phrase, language: PlanLanguage): DraftField {
  const known = findFieldWord(phrase.text)
  if (known && !phrase.options) return { ...defaultField(known.key, language), required: phrase.required }
  const question =
    language === 'zh' ? chineseQuestion(phrase.text, phrase.options) : englishQuestion(phrase.text, phrase.options)
  return {
    name: keyOf(question.keyWords),
    type: question.type,
    label: question.label,
    options: question.options ? optionsOf(question.options, language) : null,
    required: phrase.required,
  }
}

/** A listed phrase ("email", "number of guests", "cake size (small, medium, large)") as a field. */
export function listedField(phrase: Phrase, language: PlanLanguage): DraftField {
  const { text } = phrase
  const known = findFieldWord(text)
  if (!known && (language === 'zh' ? /[?？]$|^(?:哪|什么|怎么|如何)/u : QUESTION_EN).test(text) && !phrase.yesNo)
    return questionField(phrase, language)
  const label = known ? vocabularyLabel(known, text, language) : language === 'zh' ? text : capitalize(text)
  const name = known?.key ?? keyOf(NUMBER_EN.exec(text)?.[1] ?? text.replace(/^which\s+/i, ''))
  const required = phrase.required
  if (phrase.options) {
    const plural = language === 'en' && /s$/i.test(text) && !/(?:ss|us|is)$/i.test(text)
    const several = plural || /多选|可多选/u.test(text)
    return {
      name,
      type: several ? 'multichoice' : 'choice',
      label,
      options: optionsOf(phrase.options, language),
      required,
    }
  }
  if (phrase.yesNo || (language === 'zh' && /^是否/u.test(text) && !known))
    return {
      name,
      type: 'boolean',
      label:
        known?.type === 'boolean'
          ? label
          : language === 'zh'
            ? `${/^是否/u.test(text) ? '' : '是否'}${text}？`
            : `${label}?`,
      options: null,
      required,
    }
  if (known) return { name, type: known.type, label, options: known.options ? known.options[language] : null, required }
  return {
    name,
    type: language === 'zh' ? chineseType(text) : englishType(text),
    label,
    options: null,
    required,
  }
}
