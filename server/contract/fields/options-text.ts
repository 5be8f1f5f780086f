/**
 * @module Choice options typed as text, read one way everywhere: the CLI's `--options` and
 * the admin's options box. A JSON array is taken as it is (for options holding commas); text
 * of several lines is one option a line; a single line is split on commas, so `Yes, No, Maybe`
 * is three options wherever it is typed. Blank options are dropped. Pure.
 */

/** The options in `text`, or what is wrong with it (JSON that does not parse, or is no array of strings). */
export type OptionsText = { options: string[] } | { problem: string }

/** Reads choice options from text (see the module note). */
export function splitOptions(text: string): OptionsText {
  const trimmed = text.trim()
  if (trimmed.startsWith('[')) {
    let parsed: unknown
    try {
      parsed = JSON.parse(trimmed)
    } catch {
      return { problem: 'looks like JSON but does not parse; use `a,b,c` or a JSON array of strings' }
    }
    if (!Array.isArray(parsed) || parsed.some((option) => typeof option !== 'string'))
      return { problem: 'as JSON must be an array of strings' }
    return { options: parsed as string[] }
  }
  const parts = /\r?\n/.test(trimmed) ? trimmed.split(/\r?\n/) : trimmed.split(',')
  return { options: parts.map((part) => part.trim()).filter(Boolean) }
}
