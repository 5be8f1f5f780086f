/**
 * @module CSV cells per RFC 4180 (CRLF rows; a cell holding `"`, `,`, CR or LF is quoted,
 * with `"` doubled) and OWASP's advice against CSV injection: a text cell starting with
 * `= + - @`, TAB or CR gets a leading `'` and is quoted, so a spreadsheet shows it as text
 * instead of running it. JSON numbers are numbers, never formulas, and stay as they are.
 * The owner may ask for the raw export (`csvRawText`): RFC 4180 quoting only, every text
 * exactly as stored, so `+44 20 7946 0958` stays a phone number for a program that reads it
 * (why that is safe to offer: docs/security.md).
 */

const NEEDS_QUOTES = /[",\r\n]/

/** Whether a text cell starting with this character could run as a formula (`= + - @ \t \r`). */
const formulaStart = (c: number): boolean =>
  c === 0x3d || c === 0x2b || c === 0x2d || c === 0x40 || c === 0x09 || c === 0x0d

/** One CSV cell from text exactly as it is (RFC 4180 quoting only): the raw export's cells. */
export function csvRawText(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** One CSV cell from text (headers and string values), a formula neutralised. */
export function csvText(text: string): string {
  if (formulaStart(text.charCodeAt(0))) return `"'${text.replaceAll('"', '""')}"`
  return csvRawText(text)
}

/** Encodes text as a cell: `csvText` (neutralised, the default) or `csvRawText`. */
export type TextCell = (text: string) => string

/** One CSV cell from a JSON value: empty when absent or null, nested values as JSON text. */
export function csvValue(value: unknown, text: TextCell = csvText): string {
  if (value === undefined || value === null) return ''
  if (typeof value === 'number') return String(value)
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  return text(typeof value === 'string' ? value : JSON.stringify(value))
}

/** A CSV row (cells already encoded) with its CRLF terminator. */
export const csvRow = (cells: string[]): string => `${cells.join(',')}\r\n`
