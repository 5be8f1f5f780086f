/**
 * @module Wording for what the library has no template for: sound self-report items about
 * any named dimension, and the context phrases that vary them when more are needed.
 */
import type { Bilingual, ItemFamily, ItemTemplate } from './types.ts'

/** The verb forms that agree with a dimension name: "routines are", "discipline is". */
interface Agreement {
  is: 'is' | 'are'
  has: 'has' | 'have'
  does: 'does' | 'do'
  /** The ending of a present-tense verb: "works", "work". */
  s: 's' | ''
}

type Pattern = { en: (d: string, D: string, v: Agreement) => string; zh: (d: string) => string; reverse?: boolean }

/**
 * Items about a dimension the library has no bank for. The name stays a topic ("for help
 * with delegation", "在授权方面") rather than a possession ("my delegation"), so any noun
 * phrase reads. Every pattern names the dimension within its first four words and no two
 * patterns of a list open alike, so items about different dimensions open differently
 * across plans, and items about one dimension differently within a plan.
 */
const PATTERNS: Record<ItemFamily, Record<'strength' | 'strain', Pattern[]> & { style?: Pattern[] }> = {
  agreement: {
    // A trait or style: neither end is better.
    style: [
      { en: (_, D) => `${D} describes me well.`, zh: (d) => `“${d}”很符合我的特点。` },
      { en: (d) => `Friends would call ${d} typical of me.`, zh: (d) => `${d}是熟悉我的人眼中我的典型特点。` },
      { en: (_, D, v) => `${D} ${v.is} not really like me.`, zh: (d) => `${d}并不太像我。`, reverse: true },
      { en: (d) => `I show ${d} in most situations.`, zh: (d) => `${d}在我身上表现得很明显。` },
    ],
    strength: [
      {
        en: (_, D, v) => `${D} ${v.is} going well for me at the moment.`,
        zh: (d) => `在${d}方面，我目前的情况不错。`,
      },
      {
        en: (d) => `Thinking about ${d}, I feel positive about where things stand.`,
        zh: (d) => `目前我对${d}方面的情况感觉积极。`,
      },
      {
        en: (_, D) => `${D} could be a lot better for me.`,
        zh: (d) => `我希望${d}方面能有切实的改善。`,
        reverse: true,
      },
      {
        en: (d, _, v) => `Lately, ${d} ${v.has} been improving for me.`,
        zh: (d) => `${d}方面的情况比几个月前有所改善。`,
      },
      { en: (d) => `For help with ${d}, I know where to turn.`, zh: (d) => `如果在${d}上需要帮助，我知道该找谁。` },
      {
        en: (_, D, v) => `${D} ${v.is} a real concern for me at the moment.`,
        zh: (d) => `目前${d}是让我很在意的问题。`,
        reverse: true,
      },
      { en: (d) => `With ${d}, I have what I need.`, zh: (d) => `${d}方面，我所需要的都具备了。` },
      {
        en: (d) => `Problems with ${d} have held me back recently.`,
        zh: (d) => `最近，${d}方面的问题拖了我的后腿。`,
        reverse: true,
      },
    ],
    strain: [
      { en: (d, _, v) => `Recently, ${d} ${v.has} been a problem for me.`, zh: (d) => `最近，${d}对我来说是个问题。` },
      { en: (d) => `Coping with ${d} is hard for me.`, zh: (d) => `${d}让我很难应对。` },
      {
        en: (_, D, v) => `${D} ${v.has} little effect on my day-to-day life.`,
        zh: (d) => `${d}对我的日常生活几乎没有影响。`,
        reverse: true,
      },
      { en: (d) => `Worries about ${d} are on my mind a lot.`, zh: (d) => `我常常为${d}的事情担心。` },
      {
        en: (d) => `Because of ${d}, I get less done than I would like.`,
        zh: (d) => `因为${d}，我完成的事情比我希望的少。`,
      },
      {
        en: (_, D, v) => `${D} ${v.is} under control for me at the moment.`,
        zh: (d) => `${d}目前在我的掌控之中。`,
        reverse: true,
      },
    ],
  },
  frequency: {
    strength: [
      {
        en: (d, _, v) => `How often ${v.has} ${d} gone well for you in the past month?`,
        zh: (d) => `${d}方面，过去一个月里进展顺利的频率如何？`,
      },
      {
        en: (d, _, v) => `How often ${v.does} ${d} feel on the right track?`,
        zh: (d) => `你觉得${d}方面的情况步入正轨的频率如何？`,
      },
      {
        en: (d) => `With ${d}, how often have you had difficulties over the last two weeks?`,
        zh: (d) => `在${d}上遇到困难的情况，最近两周有多频繁？`,
        reverse: true,
      },
      { en: (_, D, v) => `${D} work${v.s} out the way I would like.`, zh: (d) => `${d}如你所愿的情况有多频繁？` },
      {
        en: (_, D, v) => `${D} give${v.s} me cause for concern.`,
        zh: (d) => `${d}让你担心的频率如何？`,
        reverse: true,
      },
      {
        en: (d) => `When ${d} matters, how often do things go the way you want them to?`,
        zh: (d) => `在${d}很重要的时候，事情按你希望的方式发展的频率如何？`,
      },
      {
        en: (d) => `Thinking of ${d} over the past month, how often were you pleased with how things went?`,
        zh: (d) => `对${d}方面的进展感到欣慰，过去一个月里有多频繁？`,
      },
    ],
    strain: [
      {
        en: (d, _, v) => `How often ${v.has} ${d} troubled you in the past month?`,
        zh: (d) => `你被${d}困扰的频率如何？`,
      },
      {
        en: (_, D, v) => `${D} get${v.s} in the way of things I want to do.`,
        zh: (d) => `${d}妨碍你做想做之事的情况有多频繁？`,
      },
      {
        en: (d) => `Faced with ${d}, how often have you felt able to cope lately?`,
        zh: (d) => `面对${d}，你感到能应对的频率如何？`,
        reverse: true,
      },
      {
        en: (d) => `Because of ${d}, how often have you had to change your plans?`,
        zh: (d) => `你因为${d}而不得不改变计划的情况有多频繁？`,
      },
      {
        en: (d, _, v) => `How often ${v.is} ${d} a concern for you in a typical week?`,
        zh: (d) => `${d}让你在意的频率如何？`,
      },
      { en: (d) => `Thoughts about ${d} keep me from relaxing.`, zh: (d) => `想到${d}让你无法放松的情况有多频繁？` },
      {
        en: (d) => `How often did ${d} leave you worn out during the past week?`,
        zh: (d) => `${d}让你精疲力竭的情况有多频繁？`,
      },
    ],
  },
  satisfaction: {
    strength: [
      { en: (d) => `With ${d}, how satisfied are you overall?`, zh: (d) => `你对${d}满意吗？` },
      {
        en: (d) => `Thinking about ${d} over the past month, how happy have you been with it?`,
        zh: (d) => `${d}在过去一个月里让你满意吗？`,
      },
      {
        en: (d) => `Regarding ${d}, how pleased are you compared with what you expected?`,
        zh: (d) => `对于${d}，与预期相比你满意吗？`,
      },
      {
        en: (d) => `As for ${d}, how content are you, all things considered?`,
        zh: (d) => `综合考虑${d}的各个方面，你的整体满意度如何？`,
      },
      {
        en: (d) => `For ${d}, how satisfied have you been over the last few weeks?`,
        zh: (d) => `${d}最近几周的整体表现让你满意吗？`,
      },
    ],
    strain: [
      {
        en: (d) => `In managing ${d}, how satisfied are you with how you are doing?`,
        zh: (d) => `应对${d}的方式，你对自己满意吗？`,
        reverse: true,
      },
      {
        en: (d) => `On ${d}, how happy are you with the support you get?`,
        zh: (d) => `在${d}方面获得的支持，你满意吗？`,
        reverse: true,
      },
      {
        en: (d, _, v) => `Considering how ${d} ${v.is} handled, how content are you overall?`,
        zh: (d) => `${d}的处理方式让你满意吗？`,
        reverse: true,
      },
    ],
  },
}

/** Short phrases that set a generic item in a different situation, for a second round (short, so the name stays near the start). */
const CONTEXTS: Bilingual[] = [
  { en: 'At work', zh: '在工作中' },
  { en: 'Day to day', zh: '在日常生活中' },
  { en: 'Under time pressure', zh: '在时间紧迫时' },
]

/** Words that end in -s and are singular: "stress", "fitness", "news", "status". */
const SINGULAR_S = /(?:ss|us|is|ics|news|ness|ous|ess|series|means)$/

/** The verb forms for `name`: plural when its last word is a plural noun ("routines", "evaluating sources"). */
function agreement(name: string): Agreement {
  const last =
    name
      .toLowerCase()
      .split(/[\s-]+/)
      .at(-1) ?? ''
  const plural = /[a-z]s$/.test(last) && !SINGULAR_S.test(last)
  return plural ? { is: 'are', has: 'have', does: 'do', s: '' } : { is: 'is', has: 'has', does: 'does', s: 's' }
}

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
  const en = pattern.en(d, capitalize(d), agreement(d))
  const zh = pattern.zh(name.zh)
  if (round === 0) return { en, zh, reverse: pattern.reverse }
  // Later rounds set the same item in another situation.
  const context = CONTEXTS[(round - 1) % CONTEXTS.length]
  return { en: `${context.en}, ${inSentence(en)}`, zh: `${context.zh}，${zh}`, reverse: pattern.reverse }
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
