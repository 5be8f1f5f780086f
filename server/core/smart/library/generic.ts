/**
 * @module Wording for what the library has no template for: sound self-report items about
 * any named dimension, and the context phrases that vary them when more are needed.
 */
import type { Bilingual, ItemFamily, ItemTemplate } from './types.ts'

type Pattern = { en: (d: string, D: string) => string; zh: (d: string) => string; reverse?: boolean }

/**
 * Items about a dimension the library has no bank for. The name stays a topic ("when it
 * comes to delegation", "在授权方面") rather than a possession ("my delegation"), so any
 * noun phrase reads; each family and direction has its own, varied openings.
 */
const PATTERNS: Record<ItemFamily, Record<'strength' | 'strain', Pattern[]> & { style?: Pattern[] }> = {
  agreement: {
    // A trait or style: neither end is better.
    style: [
      { en: (_, D) => `${D} describes me well.`, zh: (d) => `“${d}”很符合我的特点。` },
      {
        en: (d) => `People who know me would say ${d} is typical of me.`,
        zh: (d) => `熟悉我的人会说，${d}是我的典型特点。`,
      },
      { en: (_, D) => `${D} is not really like me.`, zh: (d) => `${d}并不太像我。`, reverse: true },
      { en: (d) => `In most situations, I show a lot of ${d}.`, zh: (d) => `在大多数情境中，我都表现出明显的${d}。` },
    ],
    strength: [
      {
        en: (d) => `When it comes to ${d}, things are going well for me.`,
        zh: (d) => `在${d}方面，我目前的情况不错。`,
      },
      { en: (d) => `I feel positive about ${d} at the moment.`, zh: (d) => `目前我对${d}方面的情况感觉积极。` },
      {
        en: (d) => `I would like to see real improvement in ${d}.`,
        zh: (d) => `我希望${d}方面能有切实的改善。`,
        reverse: true,
      },
      {
        en: (d) => `Compared with a few months ago, things have improved on ${d}.`,
        zh: (d) => `与几个月前相比，${d}方面的情况有所改善。`,
      },
      {
        en: (d) => `I know where to turn if I need help with ${d}.`,
        zh: (d) => `如果在${d}上需要帮助，我知道该找谁。`,
      },
      {
        en: (_, D) => `${D} is a real concern for me at the moment.`,
        zh: (d) => `目前${d}是让我很在意的问题。`,
        reverse: true,
      },
      { en: (d) => `On ${d}, I have what I need.`, zh: (d) => `在${d}方面，我所需要的都具备了。` },
      {
        en: (d) => `Problems with ${d} have held me back recently.`,
        zh: (d) => `最近，${d}方面的问题拖了我的后腿。`,
        reverse: true,
      },
    ],
    strain: [
      { en: (d) => `Recently, ${d} has been a problem for me.`, zh: (d) => `最近，${d}对我来说是个问题。` },
      { en: (d) => `I find it hard to cope with ${d}.`, zh: (d) => `我很难应对${d}。` },
      {
        en: (_, D) => `${D} has little effect on my day-to-day life.`,
        zh: (d) => `${d}对我的日常生活几乎没有影响。`,
        reverse: true,
      },
      { en: (d) => `Worries about ${d} are on my mind a lot.`, zh: (d) => `我常常为${d}的事情担心。` },
      {
        en: (d) => `Because of ${d}, I get less done than I would like.`,
        zh: (d) => `因为${d}，我完成的事情比我希望的少。`,
      },
      { en: (d) => `I feel on top of ${d} at the moment.`, zh: (d) => `目前我能很好地掌控${d}。`, reverse: true },
    ],
  },
  frequency: {
    strength: [
      {
        en: (d) => `In the past month, how often have things gone well for you with ${d}?`,
        zh: (d) => `过去一个月里，你在${d}方面进展顺利的频率如何？`,
      },
      {
        en: (d) => `How often do you feel things are on the right track with ${d}?`,
        zh: (d) => `你觉得${d}方面的情况步入正轨的频率如何？`,
      },
      {
        en: (d) => `Over the last two weeks, how often have you had difficulties with ${d}?`,
        zh: (d) => `最近两周，你在${d}上遇到困难的频率如何？`,
        reverse: true,
      },
      {
        en: (d) => `In a typical week, how often does ${d} work out the way you would like?`,
        zh: (d) => `在通常的一周里，${d}方面如你所愿的频率如何？`,
      },
      {
        en: (d) => `During the past week, how often did ${d} give you cause for concern?`,
        zh: (d) => `在过去一周内，${d}让你担心的频率如何？`,
        reverse: true,
      },
      {
        en: (d) => `When ${d} matters, how often do things go the way you want them to?`,
        zh: (d) => `在${d}很重要的时候，事情按你希望的方式发展的频率如何？`,
      },
      {
        en: (d) => `Looking back over the past month, how often were you pleased with how things went on ${d}?`,
        zh: (d) => `回顾过去一个月，你对${d}方面的进展感到欣慰的频率如何？`,
      },
    ],
    strain: [
      {
        en: (d) => `In the past month, how often have you been troubled by ${d}?`,
        zh: (d) => `过去一个月里，你被${d}困扰的频率如何？`,
      },
      {
        en: (d) => `How often has ${d} got in the way of things you wanted to do?`,
        zh: (d) => `${d}妨碍你做想做之事的情况有多频繁？`,
      },
      {
        en: (d) => `Over the last two weeks, how often have you felt able to cope with ${d}?`,
        zh: (d) => `最近两周，你感到能应对${d}的频率如何？`,
        reverse: true,
      },
      {
        en: (d) => `How often have you had to change your plans because of ${d}?`,
        zh: (d) => `你因为${d}而不得不改变计划的情况有多频繁？`,
      },
      {
        en: (d) => `In a typical week, how often is ${d} a concern for you?`,
        zh: (d) => `在通常的一周里，${d}让你在意的频率如何？`,
      },
      {
        en: (d) => `How often do thoughts about ${d} keep you from relaxing?`,
        zh: (d) => `想到${d}让你无法放松的情况有多频繁？`,
      },
      {
        en: (d) => `During the past week, how often did ${d} leave you worn out?`,
        zh: (d) => `在过去一周内，${d}让你精疲力竭的频率如何？`,
      },
    ],
  },
  satisfaction: {
    strength: [
      { en: (d) => `How satisfied are you with ${d}?`, zh: (d) => `你对${d}满意吗？` },
      {
        en: (d) => `Thinking about ${d} over the past month, how happy have you been with it?`,
        zh: (d) => `回顾过去一个月，你对${d}的满意程度如何？`,
      },
      {
        en: (d) => `Compared with what you expected, how pleased are you with ${d}?`,
        zh: (d) => `与预期相比，你对${d}满意吗？`,
      },
      {
        en: (d) => `All things considered, how content are you with ${d}?`,
        zh: (d) => `综合考虑，你对${d}的整体满意度如何？`,
      },
      {
        en: (d) => `Taking the last few weeks together, how satisfied have you been with ${d}?`,
        zh: (d) => `就最近几周整体而言，你对${d}满意吗？`,
      },
    ],
    strain: [
      {
        en: (d) => `How satisfied are you with how you are managing ${d}?`,
        zh: (d) => `你对自己应对${d}的方式满意吗？`,
        reverse: true,
      },
      {
        en: (d) => `How happy are you with the support you get for ${d}?`,
        zh: (d) => `你对自己在${d}方面获得的支持满意吗？`,
        reverse: true,
      },
      {
        en: (d) => `All things considered, how content are you with the way ${d} is handled?`,
        zh: (d) => `综合考虑，你对${d}的处理方式满意吗？`,
        reverse: true,
      },
    ],
  },
}

/** Phrases that set a generic item in a different situation, for a second round. */
const CONTEXTS: Array<Bilingual & { you: string }> = [
  { en: 'at work or in my studies', you: 'your work or studies', zh: '在工作或学习中' },
  { en: 'in everyday life', you: 'your everyday life', zh: '在日常生活中' },
  { en: 'when time is short', you: 'times when you are short of time', zh: '在时间紧迫时' },
]

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)

/** How a dimension name reads inside an English sentence: lower case unless it is an acronym or a proper name. */
export const inSentence = (name: string): string =>
  /^[A-Z0-9]{2,}\b/.test(name) || /^[A-Z][a-z]+(?:\s+[A-Z][a-z]+)+$/.test(name)
    ? name
    : name.charAt(0).toLowerCase() + name.slice(1)

/** The `index`-th generic item about dimension `name` in `family`, worded for a strength or a strain. */
export function genericItem(
  name: Bilingual,
  index: number,
  family: ItemFamily,
  direction: 'strength' | 'strain' | 'style',
): ItemTemplate {
  const patterns =
    (direction === 'style' ? PATTERNS[family].style : PATTERNS[family][direction]) ?? PATTERNS[family].strength
  // Each name starts at its own place in the list, so that two dimensions do not open alike.
  const start = [...name.en].reduce((sum, char) => sum + char.charCodeAt(0), 0) % patterns.length
  const pattern = patterns[(start + index) % patterns.length]
  const round = Math.floor(index / patterns.length)
  // Things rated for satisfaction read with an article: "the waiting time", "the team".
  const bare = inSentence(name.en)
  const d =
    family === 'satisfaction' && /^[a-z]/.test(bare) && !/^(?:the|a|an|my|your|our|their)\s/.test(bare)
      ? `the ${bare}`
      : bare
  const en = pattern.en(d, capitalize(d))
  const zh = pattern.zh(name.zh)
  if (round === 0) return { en, zh, reverse: pattern.reverse }
  // Later rounds set the same item in another situation.
  const context = CONTEXTS[(round - 1) % CONTEXTS.length]
  const lead = family === 'agreement' ? capitalize(context.en) : `Thinking of ${context.you}`
  return { en: `${lead}, ${inSentence(en)}`, zh: `${context.zh}，${zh}`, reverse: pattern.reverse }
}

/** A placeholder quiz question for a topic the library has no questions about. */
export function placeholderQuestion(
  topic: Bilingual,
  index: number,
): { question: Bilingual; options: Bilingual[]; answer: number } {
  const n = index + 1
  return {
    question: {
      en: `Question ${n} about ${topic.en} (replace with your own question)`,
      zh: `关于${topic.zh}的第 ${n} 题（请替换为你的题目）`,
    },
    options: [
      { en: 'Correct answer (replace)', zh: '正确答案（请替换）' },
      { en: 'Wrong answer A (replace)', zh: '错误答案 A（请替换）' },
      { en: 'Wrong answer B (replace)', zh: '错误答案 B（请替换）' },
      { en: 'Wrong answer C (replace)', zh: '错误答案 C（请替换）' },
    ],
    answer: 0,
  }
}
