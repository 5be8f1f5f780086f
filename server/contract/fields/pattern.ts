/**
 * @module Owner patterns that a stranger's answer cannot make slow. JavaScript's regular
 * expressions backtrack, so `(a+)+$` against "aaaa…b" takes time exponential in the
 * answer's length. A pattern is taken only when it is short, compiles with the `u` flag,
 * names no backreference and repeats no group that holds a quantifier or an alternation
 * (star height 1: a group may be made optional with `?`, never repeated); the answers it
 * is run on are at most PATTERN_LIMITS.maxCheckedLength characters (longer is refused
 * before the pattern runs). What is left is polynomial in that bounded length.
 */

export const PATTERN_LIMITS = {
  /** The longest pattern, in characters. */
  maxPatternLength: 200,
  /** The longest answer a pattern is run on; a field with a pattern refuses longer answers. */
  maxCheckedLength: 1000,
} as const

/** The pattern compiled as every check runs it: the whole answer, with the `u` flag. */
export const compilePattern = (pattern: string): RegExp => new RegExp(`^(?:${pattern})$`, 'u')

interface Group {
  /** The group holds a quantifier, directly or in a group inside it. */
  quantified: boolean
  /** The group holds a `|`, directly or inside. */
  alternation: boolean
}

const QUANTIFIER = /^(?:[*+?]|\{\d+(?:,\d*)?\})/

/** Why `pattern` is not taken, or null when it is. */
export function patternProblem(pattern: string): string | null {
  if (pattern.length === 0) return 'cannot be empty'
  if (pattern.length > PATTERN_LIMITS.maxPatternLength)
    return `can have at most ${PATTERN_LIMITS.maxPatternLength} characters`
  try {
    compilePattern(pattern)
  } catch (error) {
    return `is not a valid regular expression (with the u flag): ${(error as Error).message}`
  }
  return nestingProblem(pattern)
}

/** Why the pattern's structure could backtrack without bound, or null. */
function nestingProblem(pattern: string): string | null {
  const stack: Group[] = [{ quantified: false, alternation: false }]
  let index = 0
  while (index < pattern.length) {
    const char = pattern[index]!
    const top = stack.at(-1)!
    if (char === '\\') {
      if (/^\\(?:[1-9]|k<)/.test(pattern.slice(index, index + 3)))
        return 'cannot use a backreference (\\1, \\k<name>): it can make matching take exponential time'
      index += 2
    } else if (char === '[') {
      index = classEnd(pattern, index)
    } else if (char === '(') {
      stack.push({ quantified: false, alternation: false })
      index += 1
    } else if (char === ')') {
      const closed = stack.pop()!
      const parent = stack.at(-1)!
      index += 1
      const quantifier = QUANTIFIER.exec(pattern.slice(index))?.[0]
      if (quantifier) {
        if (quantifier !== '?' && (closed.quantified || closed.alternation))
          return 'cannot repeat a group that holds a quantifier or | (like (a+)+ or (a|b)*): matching could take exponential time; repeat a character class instead, e.g. [ab]*'
        index += quantifier.length
        parent.quantified = true
      }
      parent.quantified ||= closed.quantified
      parent.alternation ||= closed.alternation
    } else if (char === '|') {
      top.alternation = true
      index += 1
    } else {
      const quantifier = QUANTIFIER.exec(pattern.slice(index))?.[0]
      if (quantifier) top.quantified = true
      index += quantifier?.length ?? 1
    }
  }
  return null
}

/** The index just after the character class starting at `start` (escapes inside it skipped). */
function classEnd(pattern: string, start: number): number {
  let index = start + 1
  while (index < pattern.length && pattern[index] !== ']') index += pattern[index] === '\\' ? 2 : 1
  return index + 1
}
