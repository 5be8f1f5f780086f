/**
 * @module Wording for what the library has no template for: sound self-report items about
 * any named dimension, and the context phrases that vary them when more are needed.
 */
import type { Bilingual, ItemTemplate } from './types.ts'

type Pattern = { en: (d: string) => string; zh: (d: string) => string; reverse?: boolean }

// Worded so they read well both for skills ("delegation") and for states ("sleep quality").
const PATTERNS: Pattern[] = [
  { en: (d) => `I am satisfied with my ${d}.`, zh: (d) => `我对自己的${d}感到满意。` },
  { en: (d) => `I feel confident about my ${d}.`, zh: (d) => `我对自己的${d}有信心。` },
  { en: (d) => `I often have difficulties with ${d}.`, zh: (d) => `我在${d}方面经常遇到困难。`, reverse: true },
  { en: (d) => `My ${d} has been good recently.`, zh: (d) => `最近我的${d}状况良好。` },
  { en: (d) => `Others would describe my ${d} as a strength.`, zh: (d) => `别人会认为${d}是我的强项。` },
  { en: (d) => `${capitalize(d)} is an area where I often fall short.`, zh: (d) => `${d}是我经常做得不够好的方面。`, reverse: true },
  { en: (d) => `I know what to do to improve my ${d}.`, zh: (d) => `我知道该如何改善自己的${d}。` },
  { en: (d) => `My ${d} has improved over the past months.`, zh: (d) => `过去几个月里，我的${d}有所改善。` },
  { en: (d) => `I pay attention to my ${d}.`, zh: (d) => `我很关注自己的${d}。` },
  { en: (d) => `I would need a lot of support to do well in ${d}.`, zh: (d) => `要在${d}方面做好，我需要大量帮助。`, reverse: true },
]

/** Phrases that set a generic item in a different situation, for a second or third round. */
const CONTEXTS: Bilingual[] = [
  { en: 'at work', zh: '在工作中' },
  { en: 'in everyday life', zh: '在日常生活中' },
  { en: 'under time pressure', zh: '在时间紧迫时' },
  { en: 'when working with others', zh: '与他人合作时' },
  { en: 'in new situations', zh: '在新的环境中' },
]

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)

/** How a dimension name reads inside an English sentence: lower case unless it is an acronym. */
export const inSentence = (name: string): string => (/^[A-Z0-9]{2,}$/.test(name) ? name : name.toLowerCase())

/** The `index`-th generic item about dimension `name` (any number: later rounds add a context). */
export function genericItem(name: Bilingual, index: number): ItemTemplate {
  const pattern = PATTERNS[index % PATTERNS.length]
  const round = Math.floor(index / PATTERNS.length)
  const en = pattern.en(inSentence(name.en))
  const zh = pattern.zh(name.zh)
  if (round === 0) return { en, zh, reverse: pattern.reverse }
  const context = CONTEXTS[(round - 1) % CONTEXTS.length]
  return { en: `${en.slice(0, -1)} ${context.en}.`, zh: `${context.zh}，${zh}`, reverse: pattern.reverse }
}

/** A placeholder quiz question for a topic the library has no questions about. */
export function placeholderQuestion(topic: Bilingual, index: number): { question: Bilingual; options: Bilingual[]; answer: number } {
  const n = index + 1
  return {
    question: { en: `Question ${n} about ${topic.en} (replace with your own question)`, zh: `关于${topic.zh}的第 ${n} 题（请替换为你的题目）` },
    options: [
      { en: 'Correct answer (replace)', zh: '正确答案（请替换）' },
      { en: 'Wrong answer A (replace)', zh: '错误答案 A（请替换）' },
      { en: 'Wrong answer B (replace)', zh: '错误答案 B（请替换）' },
      { en: 'Wrong answer C (replace)', zh: '错误答案 C（请替换）' },
    ],
    answer: 0,
  }
}
