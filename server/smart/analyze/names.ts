/**
 * @module What an instruction is called and about: its title and the title's subject, its
 * topic, and who it is for.
 */
import type { PlanLanguage } from '../../contract/smart/plan.ts'
import { EN_NUMBERS } from './numbers.ts'

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

/** Who the form is for: "for new employees", "面向大学生"; null when it names no one. */
export function audienceOf(original: string, language: PlanLanguage): string | null {
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
export const withoutAudience = (text: string): string => text.replace(ZH_AUDIENCE, '') || text

/** What the form is about: "about sleep quality", "关于睡眠", or the words before "survey". */
export function topicOf(original: string, language: PlanLanguage, subject: string | undefined): string | null {
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
export function titleOf(original: string, language: PlanLanguage): { title: string; subject: string } | null {
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
