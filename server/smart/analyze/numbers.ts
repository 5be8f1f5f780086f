/**
 * @module The numbers an instruction gives: how many questions, dimensions and levels it
 * asks for, written as digits, English words or Chinese numerals.
 */

export const EN_NUMBERS: Record<string, number> = {
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

export const EN_NUMBER = `\\d+|${Object.keys(EN_NUMBERS)
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

/** The first positive number one of `patterns` captures, trying them in order. */
export function firstNumber(text: string, patterns: RegExp[]): number | null {
  for (const pattern of patterns) {
    const match = pattern.exec(text)
    const value = match ? parseNumber(match[1]) : null
    if (value !== null && value > 0) return value
  }
  return null
}

export const QUESTION_PATTERNS = [
  // "one question per screen" is a layout, not a count.
  new RegExp(
    `\\b(${EN_NUMBER})[\\s-]*(?:short\\s+|multiple[- ]choice\\s+|likert\\s+)?(?:questions?|items?|statements?|prompts?)\\b(?!\\s*(?:per|at a|on each|each)\\b)`,
  ),
  new RegExp(`(${ZH_NUMBER})\\s*(?:道|个|条|项)?\\s*(?:选择|判断|单选|多选|是非|简答)?\\s*(?:题目|题|问题|条目|陈述)`),
]
export const DIMENSION_WORDS =
  'dimensions?|subscales?|factors?|areas?|domains?|traits?|facets?|competenc(?:y|ies)|skills?|aspects?|categories'
export const DIMENSION_COUNT_PATTERNS = [
  new RegExp(`\\b(${EN_NUMBER})[\\s-]*(?:key\\s+|core\\s+|main\\s+|personality\\s+)?(?:${DIMENSION_WORDS})\\b`),
  new RegExp(`(${ZH_NUMBER})\\s*(?:个|项|大)?\\s*(?:维度|方面|分量表|因子|领域|特质|能力)`),
]
export const LEVEL_PATTERNS = [
  new RegExp(`\\b(${EN_NUMBER})[\\s-]*(?:result\\s+|score\\s+)?(?:levels?|bands?|tiers?|outcomes?|score ranges?)\\b`),
  new RegExp(`(${ZH_NUMBER})\\s*(?:个)?\\s*(?:等级|级别|水平|档次|档)`),
]
