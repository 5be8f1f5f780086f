/**
 * @module What an instruction asks for that a published instrument fixes: the number of
 * questions, the answer scale's points and the number of levels. Read only to say so in a
 * note when the instrument differs; the instrument itself is never changed to fit.
 */

export interface Requested {
  questions: number | null
  points: number | null
  levels: number | null
}

const number = (pattern: RegExp, text: string): number | null => {
  const found = pattern.exec(text)
  return found ? Number(found[1]) : null
}

// `(?<!\d)`: a number is read from the start of its run, so a long run of digits is scanned once, not once per digit.

/** The counts `instruction` states in digits (English or Chinese wording), null where it states none. */
export function requestedCounts(instruction: string): Requested {
  return {
    questions: number(/(?<!\d)(\d+)\s*(?:-\s*)?(?:questions?|items?|道题|个问题|题|道)/i, instruction),
    points: number(/(?<!\d)(\d+)\s*(?:-\s*)?(?:point|级|点)(?:\s*(?:likert|scale|量表|评分))?/i, instruction),
    levels: number(/(?<!\d)(\d+)\s*(?:-\s*)?(?:levels?|bands?|个等级|档)/i, instruction),
  }
}
