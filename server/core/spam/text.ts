/**
 * @module The text of a record the content rules read: its string values (in arrays and
 * objects too, field names left out), joined, and cut at `SPAM_RULE_LIMITS.examinedChars`
 * so hostile input costs a bounded amount of work whatever its size.
 */
import { SPAM_RULE_LIMITS } from '../../contract/share/spam-rules.ts'

/** The string values of `data` (depth-first, in key order), one per line, at most `limit` characters. */
export function examinedText(data: unknown, limit: number = SPAM_RULE_LIMITS.examinedChars): string {
  const parts: string[] = []
  let left = limit
  const stack: unknown[] = [data]
  // Each value is looked at once; the stack holds at most the values of the record.
  while (stack.length > 0 && left > 0) {
    const value = stack.pop()
    if (typeof value === 'string') {
      const part = value.length > left ? value.slice(0, left) : value
      parts.push(part)
      left -= part.length + 1
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) stack.push(value[index])
    } else if (value !== null && typeof value === 'object') {
      const values = Object.values(value)
      for (let index = values.length - 1; index >= 0; index--) stack.push(values[index])
    }
  }
  return parts.join('\n')
}

/** Text folded for matching: accents dropped (NFKD without marks) and lower case. */
export const folded = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
