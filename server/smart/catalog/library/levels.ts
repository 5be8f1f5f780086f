/**
 * @module Level names, interpretations and expert advice, by the direction a score reads
 * (polarity) and where a level sits in the range (low, middle, high band).
 */
import type { Bilingual, Polarity } from './types.ts'

/** Level counts the library has names for; other counts are clamped to this range. */
export const LEVEL_COUNTS = { min: 2, max: 5 } as const

const NAMES: Record<number, Array<{ key: string; label: Bilingual }>> = {
  2: [
    { key: 'low', label: { en: 'Low', zh: '较低' } },
    { key: 'high', label: { en: 'High', zh: '较高' } },
  ],
  3: [
    { key: 'low', label: { en: 'Low', zh: '低' } },
    { key: 'moderate', label: { en: 'Moderate', zh: '中等' } },
    { key: 'high', label: { en: 'High', zh: '高' } },
  ],
  4: [
    { key: 'low', label: { en: 'Low', zh: '低' } },
    { key: 'fairly_low', label: { en: 'Fairly low', zh: '偏低' } },
    { key: 'fairly_high', label: { en: 'Fairly high', zh: '偏高' } },
    { key: 'high', label: { en: 'High', zh: '高' } },
  ],
  5: [
    { key: 'very_low', label: { en: 'Very low', zh: '很低' } },
    { key: 'low', label: { en: 'Low', zh: '低' } },
    { key: 'moderate', label: { en: 'Moderate', zh: '中等' } },
    { key: 'high', label: { en: 'High', zh: '高' } },
    { key: 'very_high', label: { en: 'Very high', zh: '很高' } },
  ],
}

const QUIZ_NAMES: Record<number, Bilingual[]> = {
  2: [
    { en: 'Needs review', zh: '需要复习' },
    { en: 'Passed', zh: '通过' },
  ],
  3: [
    { en: 'Needs review', zh: '需要复习' },
    { en: 'Good', zh: '良好' },
    { en: 'Excellent', zh: '优秀' },
  ],
  4: [
    { en: 'Needs review', zh: '需要复习' },
    { en: 'Fair', zh: '及格' },
    { en: 'Good', zh: '良好' },
    { en: 'Excellent', zh: '优秀' },
  ],
  5: [
    { en: 'Beginner', zh: '入门' },
    { en: 'Needs review', zh: '需要复习' },
    { en: 'Fair', zh: '及格' },
    { en: 'Good', zh: '良好' },
    { en: 'Excellent', zh: '优秀' },
  ],
}

/** Labels that say what a level means for a strength (higher is better): good news at the top. */
const STRENGTH_NAMES: Record<number, Bilingual[]> = {
  2: [
    { en: 'Needs attention', zh: '需要关注' },
    { en: 'Good', zh: '良好' },
  ],
  3: [
    { en: 'Needs attention', zh: '需要关注' },
    { en: 'Fair', zh: '一般' },
    { en: 'Good', zh: '良好' },
  ],
  4: [
    { en: 'Needs attention', zh: '需要关注' },
    { en: 'Fair', zh: '一般' },
    { en: 'Good', zh: '良好' },
    { en: 'Very good', zh: '很好' },
  ],
  5: [
    { en: 'Poor', zh: '较差' },
    { en: 'Needs attention', zh: '需要关注' },
    { en: 'Fair', zh: '一般' },
    { en: 'Good', zh: '良好' },
    { en: 'Very good', zh: '很好' },
  ],
}

/** Labels for a strain (higher is worse): the top level is the one to act on. */
const STRAIN_NAMES: Record<number, Bilingual[]> = {
  2: [
    { en: 'Low', zh: '低' },
    { en: 'High', zh: '高' },
  ],
  3: [
    { en: 'Low', zh: '低' },
    { en: 'Elevated', zh: '偏高' },
    { en: 'High', zh: '高' },
  ],
  4: [
    { en: 'Low', zh: '低' },
    { en: 'Mild', zh: '轻度' },
    { en: 'Elevated', zh: '偏高' },
    { en: 'High', zh: '高' },
  ],
  5: [
    { en: 'Very low', zh: '很低' },
    { en: 'Low', zh: '低' },
    { en: 'Mild', zh: '轻度' },
    { en: 'Elevated', zh: '偏高' },
    { en: 'High', zh: '高' },
  ],
}

const SATISFACTION_NAMES: Record<number, Bilingual[]> = {
  2: [
    { en: 'Dissatisfied', zh: '不满意' },
    { en: 'Satisfied', zh: '满意' },
  ],
  3: [
    { en: 'Dissatisfied', zh: '不满意' },
    { en: 'Mixed', zh: '一般' },
    { en: 'Satisfied', zh: '满意' },
  ],
  4: [
    { en: 'Dissatisfied', zh: '不满意' },
    { en: 'Mixed', zh: '一般' },
    { en: 'Satisfied', zh: '满意' },
    { en: 'Very satisfied', zh: '非常满意' },
  ],
  5: [
    { en: 'Very dissatisfied', zh: '非常不满意' },
    { en: 'Dissatisfied', zh: '不满意' },
    { en: 'Mixed', zh: '一般' },
    { en: 'Satisfied', zh: '满意' },
    { en: 'Very satisfied', zh: '非常满意' },
  ],
}

const LABELS: Record<Polarity, Record<number, Bilingual[]> | null> = {
  'higher-better': STRENGTH_NAMES,
  'higher-worse': STRAIN_NAMES,
  satisfaction: SATISFACTION_NAMES,
  mastery: QUIZ_NAMES,
  neutral: null,
}

export type Band = 'low' | 'middle' | 'high'

/** The band of the `index`-th of `count` levels. */
export function bandOf(index: number, count: number): Band {
  const position = count === 1 ? 1 : index / (count - 1)
  return position < 1 / 3 ? 'low' : position > 2 / 3 ? 'high' : 'middle'
}

/** Keys and labels of `count` levels (count within LEVEL_COUNTS). */
export function levelNames(count: number, polarity: Polarity): Array<{ key: string; label: Bilingual }> {
  const names = NAMES[count]
  const labels = LABELS[polarity]
  return labels ? names.map((name, index) => ({ key: name.key, label: labels[count][index] })) : names
}

type Texts = Record<Band, { en: (d: string) => string; zh: (d: string) => string }>

const INTERPRETATION: Record<Polarity, Texts> = {
  'higher-better': {
    low: {
      en: (d) => `Your ${d} score is low: this area needs attention.`,
      zh: (d) => `你的${d}得分较低：这方面需要关注。`,
    },
    middle: {
      en: (d) => `Your ${d} score is in the middle range: some things work, and there is room to improve.`,
      zh: (d) => `你的${d}得分处于中等水平：有些方面不错，也有改进的空间。`,
    },
    high: {
      en: (d) => `Your ${d} score is high: a real strength at the moment.`,
      zh: (d) => `你的${d}得分较高：这是目前的一项优势。`,
    },
  },
  'higher-worse': {
    low: {
      en: (d) => `Your ${d} score is low: there are few signs of strain here.`,
      zh: (d) => `你的${d}得分较低：这方面几乎没有压力迹象。`,
    },
    middle: {
      en: (d) => `Your ${d} score is moderate: some warning signs are present, worth keeping an eye on.`,
      zh: (d) => `你的${d}得分中等：已出现一些预警信号，值得留意。`,
    },
    high: {
      en: (d) => `Your ${d} score is high: this is a real strain at the moment and worth acting on soon.`,
      zh: (d) => `你的${d}得分较高：这方面目前压力明显，值得尽快采取行动。`,
    },
  },
  neutral: {
    low: {
      en: (d) => `You score low on ${d}: you lean towards the opposite style, which has its own strengths.`,
      zh: (d) => `你在${d}上得分较低：你更倾向于相反的风格，这种风格也有其优势。`,
    },
    middle: {
      en: (d) => `You score in the middle on ${d}: you adapt your style to the situation.`,
      zh: (d) => `你在${d}上得分居中：你会根据情境调整自己的风格。`,
    },
    high: {
      en: (d) => `You score high on ${d}: this is a distinct part of your style.`,
      zh: (d) => `你在${d}上得分较高：这是你风格中鲜明的一部分。`,
    },
  },
  satisfaction: {
    low: {
      en: (d) => `Your ratings for ${d} are low: this is where we most need to improve.`,
      zh: (d) => `你对${d}的评分较低：这是我们最需要改进的地方。`,
    },
    middle: {
      en: (d) => `Your ratings for ${d} are mixed: some things worked for you and some did not.`,
      zh: (d) => `你对${d}的评价有好有坏：有些方面令你满意，有些则不然。`,
    },
    high: {
      en: (d) => `Your ratings for ${d} are high: you were satisfied, and we are glad it works for you.`,
      zh: (d) => `你对${d}的评分较高：你感到满意，我们很高兴。`,
    },
  },
  mastery: {
    low: {
      en: (d) => `Your ${d} result shows gaps: review the material before trying again.`,
      zh: (d) => `你的${d}结果显示仍有不足：建议复习相关内容后再试一次。`,
    },
    middle: {
      en: (d) => `Your ${d} result is good: you know most of the material.`,
      zh: (d) => `你的${d}结果良好：你掌握了大部分内容。`,
    },
    high: {
      en: (d) => `Your ${d} result is excellent: you know the material well.`,
      zh: (d) => `你的${d}结果优秀：你对相关内容掌握得很好。`,
    },
  },
}

const ADVICE: Record<Polarity, Texts> = {
  'higher-better': {
    low: {
      en: (d) =>
        `A low score on ${d} is worth raising: pick one concrete step for this week, and talk it through with someone you trust.`,
      zh: (d) => `${d}方面得分偏低，值得重视：本周选定一个具体的小行动，并与你信任的人聊一聊。`,
    },
    middle: {
      en: (d) => `On ${d}, notice what already works and build on it; one small goal is enough to start.`,
      zh: (d) => `在${d}方面，留意哪些做法已经有效并继续运用；先定一个小目标就好。`,
    },
    high: {
      en: (d) =>
        `${d.charAt(0).toUpperCase()}${d.slice(1)} is going well: keep doing what supports it, and share what works with others.`,
      zh: (d) => `${d}方面情况良好：继续保持有效的做法，也可以与他人分享经验。`,
    },
  },
  'higher-worse': {
    low: {
      en: (d) => `Little sign of strain from ${d}: keep what protects you, and check again in a few months.`,
      zh: (d) => `${d}方面几乎没有压力迹象：保持让你免受影响的做法，几个月后再测一次。`,
    },
    middle: {
      en: (d) => `Look at what drives your ${d} score and change one thing now, before it grows.`,
      zh: (d) => `看看是什么推高了你的${d}得分，趁它加重之前先改变一件事。`,
    },
    high: {
      en: (d) =>
        `Take this seriously: talk to your manager, a colleague or a professional about ${d}, and protect time to recover.`,
      zh: (d) => `请认真对待：就${d}问题与上级、同事或专业人士谈一谈，并确保留出恢复的时间。`,
    },
  },
  neutral: {
    low: {
      en: (d) =>
        `Your low ${d} is a style, not a flaw: use its strengths, and stretch yourself when a situation calls for the other side.`,
      zh: (d) => `${d}得分低是一种风格而非缺点：发挥它的优势，并在需要时尝试另一面。`,
    },
    middle: {
      en: (d) => `Your balanced ${d} lets you switch styles; notice which situations bring out each side.`,
      zh: (d) => `你在${d}上比较均衡，可以灵活切换风格；留意哪些情境会激发你的不同一面。`,
    },
    high: {
      en: (d) => `Your strong ${d} is an asset; watch for situations where a little less of it would serve you better.`,
      zh: (d) => `鲜明的${d}是你的优势；也要留意在某些情境中适当收敛会更好。`,
    },
  },
  satisfaction: {
    low: {
      en: (d) => `Thank you for being frank about ${d}. Low ratings tell us what to fix first, and we read every one.`,
      zh: (d) => `感谢你对${d}的坦诚评价。较低的评分告诉我们应当优先改进什么，每一条我们都会认真阅读。`,
    },
    middle: {
      en: (d) => `Thank you. Mixed answers on ${d} point us to the details worth fixing.`,
      zh: (d) => `谢谢你的反馈。你对${d}的不同评价能帮我们找到值得改进的细节。`,
    },
    high: {
      en: (d) => `Thank you. We will keep doing what works for you on ${d}.`,
      zh: (d) => `谢谢你的肯定。我们会在${d}方面继续保持让你满意的做法。`,
    },
  },
  mastery: {
    low: {
      en: (d) => `Go back over the ${d} material, focusing on the questions you missed, then take the quiz again.`,
      zh: (d) => `重新学习${d}相关内容，重点关注答错的题目，然后再测一次。`,
    },
    middle: {
      en: (d) => `You are close: review the questions you missed in ${d} to close the remaining gaps.`,
      zh: (d) => `你已经很接近了：复习${d}中答错的题目，补齐剩余的不足。`,
    },
    high: {
      en: (d) => `Well done on ${d}; you could help others learn this material.`,
      zh: (d) => `你在${d}方面表现出色；你可以帮助他人学习这些内容。`,
    },
  },
}

/** The interpretation of a level of dimension `name` in `language`. */
export const interpretation = (polarity: Polarity, band: Band, language: 'en' | 'zh', name: string): string =>
  INTERPRETATION[polarity][band][language](name)

/** The expert's advice for a level of dimension `name` in `language`. */
export const advice = (polarity: Polarity, band: Band, language: 'en' | 'zh', name: string): string =>
  ADVICE[polarity][band][language](name)
