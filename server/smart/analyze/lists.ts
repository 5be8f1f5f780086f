/**
 * @module The dimensions an instruction names: a list after "dimensions:", "covering" or
 * "维度：", or the parts of a title joined by "and" ("workload and work-life balance check").
 */
import type { PlanLanguage } from '../../contract/smart/plan.ts'
import { countedList, openedList } from '../zh-dimension-list.ts'
import { withoutAudience } from './names.ts'
import { DIMENSION_WORDS } from './numbers.ts'

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
export function namedDimensions(original: string, language: PlanLanguage): string[] {
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

/** Dimensions named in the title itself: "workload and work-life balance check", "体育锻炼与饮食习惯调查". */
export function subjectDimensions(subject: string | undefined, language: PlanLanguage): string[] {
  if (!subject || !/\band\b|&|和|与|及/u.test(subject)) return []
  const parts = splitList(subject, language) ?? []
  return language === 'zh' ? parts.map(withoutAudience) : parts
}
