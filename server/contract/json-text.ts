/**
 * @module Scanning JSON text before it is parsed, for every reader of JSON a stranger sends
 * (the share endpoint's bodies, a json field's form text): one linear pass finds nesting
 * beyond a limit before `JSON.parse` can build it, and number literals that a double cannot
 * hold exactly (fields/numbers.ts), so they are refused instead of silently rounded: the
 * first few in words, the rest only counted. Pure, so the field types can use it.
 */
import { ProblemList } from './errors.ts'
import { inexactKind, inexactMessage } from './fields/numbers.ts'

const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN_OBJECT = 0x7b
const OPEN_ARRAY = 0x5b
const CLOSE_OBJECT = 0x7d
const CLOSE_ARRAY = 0x5d
const MINUS = 0x2d

const isDigit = (code: number) => code >= 0x30 && code <= 0x39
const isNumberPart = (code: number) =>
  isDigit(code) || code === 0x2e || code === 0x65 || code === 0x45 || code === 0x2b || code === MINUS

/** What a scan found: nesting deeper than allowed (the scan stops there), and literals that cannot be stored exactly. */
export interface JsonScan {
  tooDeep: boolean
  inexact: ProblemList
}

/** Scans `text` for nesting beyond `maxDepth` and inexact number literals (see `inexactKind`). */
export function scanJsonText(text: string, maxDepth: number): JsonScan {
  const inexact = new ProblemList()
  let depth = 0
  const length = text.length
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i)
    if (code === QUOTE) {
      // Skip the string, honouring escapes.
      for (i++; i < length; i++) {
        const inner = text.charCodeAt(i)
        if (inner === BACKSLASH) i++
        else if (inner === QUOTE) break
      }
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      if (++depth > maxDepth) return { tooDeep: true, inexact }
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      depth--
    } else if (isDigit(code) || code === MINUS) {
      const start = i
      let exponent = false
      while (i + 1 < length && isNumberPart(text.charCodeAt(i + 1))) {
        const next = text.charCodeAt(++i)
        if (next === 0x65 || next === 0x45) exponent = true
      }
      // Only long literals and exponents can be inexact; most numbers are short plain
      // literals and skip the check without slicing the text.
      if (i - start >= 15 || exponent) {
        const literal = text.slice(start, i + 1)
        const kind = inexactKind(literal, Number(literal))
        // Past the listed problems, a refused literal is only counted: no message is built.
        if (kind) inexact.add('', () => inexactMessage(kind, literal))
      }
    }
  }
  return { tooDeep: false, inexact }
}
