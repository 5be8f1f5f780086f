/**
 * @module Field-name rules, shared by defined fields and auto-create: 1–64 characters of
 * any script after trimming, no control characters. Names like `__proto__` are ordinary.
 */
import { LIMITS } from '../limits.ts'

// C0/C1 controls, DEL, and Unicode line/paragraph separators.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u

/** True when `text` holds a control character or a line/paragraph separator. */
export const hasControlCharacters = (text: string): boolean => CONTROL.test(text)

/** Length in characters (code points), so an emoji counts once, as a person would count it. */
export const characterCount = (text: string): number => [...text].length

/** The trimmed name, or the reason it is not acceptable. */
export function checkFieldName(raw: unknown): { name: string } | { problem: string } {
  if (typeof raw !== 'string') return { problem: 'a field name must be a string' }
  const name = raw.trim()
  if (name.length === 0) return { problem: 'a field name cannot be empty' }
  if (characterCount(name) > LIMITS.maxFieldNameLength) {
    return { problem: `a field name can have at most ${LIMITS.maxFieldNameLength} characters` }
  }
  if (CONTROL.test(name)) return { problem: 'a field name cannot contain control characters' }
  return { name }
}
