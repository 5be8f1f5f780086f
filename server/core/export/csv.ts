/**
 * @module CSV cells per RFC 4180 (CRLF rows; a cell holding `"`, `,`, CR or LF is quoted,
 * with `"` doubled) and OWASP's advice against CSV injection: a text cell starting with
 * `= + - @`, TAB or CR gets a leading `'` and is quoted, so a spreadsheet shows it as text
 * instead of running it. JSON numbers are numbers, never formulas, and stay as they are.
 */

const NEEDS_QUOTES = /[",\r\n]/

/** Whether a text cell starting with this character could run as a formula (`= + - @ \t \r`). */
const formulaStart = (c: number): boolean =>
  c === 0x3d || c === 0x2b || c === 0x2d || c === 0x40 || c === 0x09 || c === 0x0d

/** One CSV cell from text (headers and string values). */
export function csvText(text: string): string {
  if (formulaStart(text.charCodeAt(0))) return `"'${text.replaceAll('"', '""')}"`
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** One CSV cell from a JSON value: empty when absent or null, nested values as JSON text. */
export function csvValue(value: unknown): string {
  if (value === undefined || value === null) return ''
  if (typeof value === 'number') return String(value)
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  return csvText(typeof value === 'string' ? value : JSON.stringify(value))
}

/** A CSV row (cells already encoded) with its CRLF terminator. */
export const csvRow = (cells: string[]): string => `${cells.join(',')}\r\n`
