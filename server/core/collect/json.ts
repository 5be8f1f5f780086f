/**
 * @module Reading JSON bodies safely. A linear pre-scan refuses nesting beyond the limit
 * before `JSON.parse` can recurse into it, and finds integers that a double cannot hold
 * exactly (server/contract/fields/numbers.ts) so they are refused instead of silently rounded:
 * the first few named, the rest counted. `JSON.parse` itself is prototype-safe:
 * `"__proto__"` becomes an ordinary own property.
 */
import { AppError, describeProblems, ProblemList } from '../../contract/errors.ts'
import { inexactKind, inexactMessage } from '../../contract/fields/numbers.ts'

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

/** Parses a JSON body; 400 `bad_json`, 413 `too_large` (nesting) or 422 `invalid_value` (inexact integers). */
export function parseJsonBody(text: string, maxDepth: number): unknown {
  if (text.trim() === '')
    throw new AppError('bad_json', 'The request body is empty: send a JSON object such as {"name":"Ada"}')
  const unsafe = scan(text, maxDepth)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new AppError(
      'bad_json',
      `The request body is not valid JSON (${(error as Error).message}); send a JSON object such as {"name":"Ada"}`,
    )
  }
  if (!unsafe.empty) {
    const summary = describeProblems(unsafe.listed, unsafe.total)
    throw new AppError(
      'invalid_value',
      unsafe.total === 1 ? summary : `${unsafe.total} numbers cannot be stored exactly: ${summary}`,
      {
        problems: unsafe.listed,
        total: unsafe.total,
      },
    )
  }
  return value
}

/**
 * Checks nesting and collects why number literals cannot be stored exactly (see
 * `inexactKind`): the first few in words, the rest only counted.
 */
function scan(text: string, maxDepth: number): ProblemList {
  const unsafe = new ProblemList()
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
      if (++depth > maxDepth) {
        throw new AppError('too_large', `The JSON is nested more than ${maxDepth} levels deep; flatten it`, {
          limit: 'maxDepth',
          max: maxDepth,
        })
      }
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
        if (kind) unsafe.add('', () => inexactMessage(kind, literal))
      }
    }
  }
  return unsafe
}
