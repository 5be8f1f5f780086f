/**
 * @module Field-name rules, shared by defined fields and auto-create: 1–64 characters of
 * any script after trimming and normalising to Unicode NFC, no control characters, no
 * line or paragraph separators, no lone surrogates. Names like `__proto__` are ordinary.
 * The `?help` pages quote FIELD_NAME_RULES, so the documentation is the check.
 */
import { LIMITS } from '../limits.ts'

// C0/C1 controls, DEL, and Unicode line/paragraph separators.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u

/** The rules `checkFieldName` enforces, in words (for `?help`). */
export const FIELD_NAME_RULES =
  `1–${LIMITS.maxFieldNameLength} characters of any script once spaces at both ends are trimmed; names are normalised to Unicode NFC ` +
  '(a decomposed "café" is the same field as a composed one); no control characters (U+0000–U+001F, U+007F–U+009F), ' +
  'no line or paragraph separators (U+2028, U+2029) and no lone surrogates (\\ud800 without its pair)'

/** True when `text` holds a control character or a line/paragraph separator. */
export const hasControlCharacters = (text: string): boolean => CONTROL.test(text)

/** Length in characters (code points), so an emoji counts once, as a person would count it. */
export const characterCount = (text: string): number => [...text].length

/**
 * The name a key is stored under: trimmed and in NFC. A key that is not well-formed
 * UTF-16 is returned as it is (only trimmed) for `checkFieldName` to refuse.
 */
export const canonicalName = (raw: string): string => {
  const trimmed = raw.trim()
  return trimmed.isWellFormed() ? trimmed.normalize('NFC') : trimmed
}

/** The canonical name (see `canonicalName`), or the reason it is not acceptable. */
export function checkFieldName(raw: unknown): { name: string } | { problem: string } {
  if (typeof raw !== 'string') return { problem: 'a field name must be a string' }
  // A lone surrogate cannot be stored as UTF-8: the database would turn it into U+FFFD,
  // and two different keys into the same field.
  if (!raw.isWellFormed())
    return {
      problem:
        'a field name cannot contain a lone surrogate (\\ud800–\\udfff without its pair); send well-formed Unicode',
    }
  const name = canonicalName(raw)
  if (name.length === 0) return { problem: 'a field name cannot be empty' }
  if (characterCount(name) > LIMITS.maxFieldNameLength) {
    return { problem: `a field name can have at most ${LIMITS.maxFieldNameLength} characters` }
  }
  if (CONTROL.test(name)) return { problem: 'a field name cannot contain control characters' }
  return { name }
}
