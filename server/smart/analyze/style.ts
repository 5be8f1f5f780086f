/** @module The styling an instruction asks for: a colour, light or dark, a layout and a font. */

export interface StyleWords {
  /** A colour name from COLOURS, or null. */
  colour: string | null
  mode: 'light' | 'dark' | null
  layout: 'one-per-screen' | 'all' | null
  font: 'serif' | 'mono' | null
}

/** Colour words → colour key; Chinese names included. */
export const COLOUR_WORDS: Array<[RegExp, string]> = [
  [/\bnavy\b|藏青|海军蓝/u, 'navy'],
  [/\bteal\b|\bcyan\b|\bturquoise\b|青色|蓝绿/u, 'teal'],
  [/\bblue\b|蓝/u, 'blue'],
  [/\bgreen\b|绿/u, 'green'],
  [/\bred\b|\bcrimson\b|红/u, 'red'],
  [/\borange\b|橙|橘/u, 'orange'],
  [/\bpurple\b|\bviolet\b|\blavender\b|紫/u, 'purple'],
  [/\bpink\b|\brose\b|粉/u, 'pink'],
  [/\byellow\b|\bgold(?:en)?\b|黄|金色/u, 'amber'],
  [/\bgr[ae]y\b|\bneutral colou?rs?\b|灰/u, 'gray'],
  [/\bcalm\b|\bsoothing\b|\bserene\b|沉静|平静|宁静/u, 'blue'],
  [/\bwarm\b|温暖/u, 'orange'],
]

/** The colour, mode, layout and font words of `text` (lower-cased), each null when absent. */
export function styleOf(text: string): StyleWords {
  const colour = COLOUR_WORDS.find(([pattern]) => pattern.test(text))?.[1] ?? null
  const mode = /\bdark\b|\bnight\b|暗色|深色|黑色背景|夜间/u.test(text)
    ? 'dark'
    : /\blight\b|\bbright\b|浅色|明亮|白色背景/u.test(text)
      ? 'light'
      : null
  const layout =
    /one (?:question )?(?:per|at a) (?:screen|page|time)|one by one|question by question|一屏一题|每屏一题|每页一题|逐题|一次一题|一题一页/u.test(
      text,
    )
      ? 'one-per-screen'
      : /all (?:questions )?on (?:one|a single) page|single[- ]page|one page|全部在一页|同一页|一页显示/u.test(text)
        ? 'all'
        : null
  const font =
    /\bserif\b|衬线|宋体/u.test(text) && !/sans[- ]serif|无衬线/u.test(text)
      ? 'serif'
      : /\bmonospace\b|等宽/u.test(text)
        ? 'mono'
        : null
  return { colour, mode, layout, font }
}
