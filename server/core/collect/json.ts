/**
 * @module Reading JSON bodies safely. The contract's scan (json-text.ts) refuses nesting
 * beyond the limit before `JSON.parse` builds it, and integers that a double cannot hold
 * exactly, so they are refused instead of silently rounded: the first few named, the rest
 * counted. `JSON.parse` itself is prototype-safe: `"__proto__"` becomes an ordinary own property.
 */
import { AppError, describeProblems } from '../../contract/errors.ts'
import { scanJsonText } from '../../contract/json-text.ts'

/** Parses a JSON body; 400 `bad_json`, 413 `too_large` (nesting) or 422 `invalid_value` (inexact integers). */
export function parseJsonBody(text: string, maxDepth: number): unknown {
  if (text.trim() === '')
    throw new AppError('bad_json', 'The request body is empty: send a JSON object such as {"name":"Ada"}')
  const { tooDeep, inexact: unsafe } = scanJsonText(text, maxDepth)
  if (tooDeep) {
    throw new AppError('too_large', `The JSON is nested more than ${maxDepth} levels deep; flatten it`, {
      limit: 'maxDepth',
      max: maxDepth,
    })
  }
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
