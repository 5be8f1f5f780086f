/**
 * @module Finds the list of dimension names a Chinese instruction writes before its
 * dimension word ("从工作、家庭两个维度", "压力、睡眠、情绪三个维度"). Written as one pass over
 * the text instead of a regular expression: a lazy capture followed by a number run makes a
 * backtracking engine retry every start, every end and every split of the run (an instruction
 * of 5,000 "一" took minutes), while these scans look at each character a fixed number of times.
 */

/** Characters a number is written with ("12", "十二", "两"). */
const NUMBER_CHARS = new Set('0123456789零一二两三四五六七八九十')
/** The words that end a list: the dimension word. */
const DIMENSION_WORDS = ['维度', '方面']
/** The words that open a list ("包括 a、b 两个维度"). */
const OPENING_WORDS = ['包括', '涵盖', '覆盖', '分为', '从']
/** Clause ends a list never crosses; "after a colon" lists also stop at a colon. */
const CLAUSE_ENDS = new Set('，,。；;')
const COLONS = new Set('：:')

const isSpace = (char: string | undefined) => char !== undefined && /\s/.test(char)

/**
 * Where the text before the dimension word at `end` stops being the list: the start of the
 * trailing `\s* (number \s*)? (个|大)? \s*`, and whether a number was among it.
 */
function listEnd(text: string, end: number, floor: number): { at: number; number: boolean } {
  let at = end
  while (at > floor && isSpace(text[at - 1])) at--
  if (at > floor && (text[at - 1] === '个' || text[at - 1] === '大')) at--
  while (at > floor && isSpace(text[at - 1])) at--
  const digitsEnd = at
  while (at > floor && NUMBER_CHARS.has(text[at - 1])) at--
  const number = at < digitsEnd
  while (number && at > floor && isSpace(text[at - 1])) at--
  return { at, number }
}

/** Every index where one of `words` starts, in order. */
function occurrences(text: string, words: readonly string[]): number[] {
  const found: number[] = []
  for (let i = 0; i < text.length; i++) if (words.some((word) => text.startsWith(word, i))) found.push(i)
  return found
}

/** For each index, where its clause (delimited by `ends`) starts. */
function clauseStarts(text: string, ends: (char: string) => boolean): Int32Array {
  const starts = new Int32Array(text.length + 1)
  let start = 0
  for (let i = 0; i <= text.length; i++) {
    starts[i] = start
    if (i < text.length && ends(text[i])) start = i + 1
  }
  return starts
}

/**
 * "包括/涵盖/覆盖/分为/从 <list> [number] [个|大] 维度|方面" in one clause: the list of the first
 * opening word that has a dimension word after it in its clause; null when none has.
 */
export function openedList(text: string): string | null {
  const starts = clauseStarts(text, (char) => CLAUSE_ENDS.has(char))
  const dims = occurrences(text, DIMENSION_WORDS)
  let next = 0
  for (const open of occurrences(text, OPENING_WORDS)) {
    const word = OPENING_WORDS.find((candidate) => text.startsWith(candidate, open))!
    let from = open + word.length
    while (isSpace(text[from])) from++
    while (next < dims.length && dims[next] < from + 1) next++
    const dim = dims[next]
    if (dim === undefined) return null
    if (starts[dim] > open) continue
    return text.slice(from, Math.max(from + 1, listEnd(text, dim, from + 1).at))
  }
  return null
}

/**
 * "<list> number [个|大] 维度|方面" with the list running back to the clause's start (a colon
 * ends a clause here too); null when no dimension word has a number before it.
 */
export function countedList(text: string): string | null {
  const starts = clauseStarts(text, (char) => CLAUSE_ENDS.has(char) || COLONS.has(char))
  for (const dim of occurrences(text, DIMENSION_WORDS)) {
    const from = starts[dim]
    const end = listEnd(text, dim, from)
    if (!end.number) continue
    // The list takes at least one character, even the first of a longer number.
    const at = Math.max(from + 1, end.at)
    if (at > from + 1 || end.at > from) return text.slice(from, at)
    if (NUMBER_CHARS.has(text[from + 1] ?? '')) return text.slice(from, at)
  }
  return null
}
