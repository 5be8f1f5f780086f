/**
 * @module Which validated instruments an instruction names or clearly means. A name
 * ("PHQ-9", "System Usability Scale", "大五人格") always counts; a topic phrase
 * ("depression screening", "焦虑") counts only when the instruction neither lists its own
 * dimensions nor asks for a quiz, since then the user is designing something of their own.
 */
import { INSTRUMENTS, type Instrument } from './index.ts'

export interface InstrumentMatch {
  instrument: Instrument
  /** The words of the instruction that matched, for the plan's note. */
  matched: string
  /** Where in the instruction they are; matches are returned in this order. */
  at: number
  /** `names`: the instrument's own name; `means`: a topic phrase that clearly means it. */
  how: 'names' | 'means'
}

/** "dimensions: a, b", "维度：…", "covering a, b and c" — the user names their own constructs. */
const OWN_DIMENSIONS =
  /\bdimensions?\s*[:：(（]|\bsubscales?\s*[:：]|维度\s*[:：为是（(]|\b(about|covering|on)\s+[\w\s-]+,\s*[\w\s-]+(,|\band\b)/i
const QUIZ = /\bquiz\b|\bknowledge\b|\btrivia\b|测验|知识|考试/i

function firstMatch(patterns: readonly RegExp[], instruction: string): { text: string; at: number } | null {
  let best: { text: string; at: number } | null = null
  for (const pattern of patterns) {
    const found = pattern.exec(instruction)
    if (found && (!best || found.index < best.at)) best = { text: found[0], at: found.index }
  }
  return best
}

/** The instruments `instruction` names or clearly means, in the order it mentions them. */
export function matchInstruments(instruction: string): InstrumentMatch[] {
  const ownDesign = OWN_DIMENSIONS.test(instruction) || QUIZ.test(instruction)
  const matches: InstrumentMatch[] = []
  for (const instrument of INSTRUMENTS) {
    const named = firstMatch(instrument.match.names, instruction)
    const meant = named || ownDesign ? null : firstMatch(instrument.match.means, instruction)
    if (named) matches.push({ instrument, matched: named.text, at: named.at, how: 'names' })
    else if (meant) matches.push({ instrument, matched: meant.text, at: meant.at, how: 'means' })
  }
  return matches.sort((a, b) => a.at - b.at)
}
