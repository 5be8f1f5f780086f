/**
 * @module Safe Markdown (and shell/HTML) building blocks for the help pages. Field names
 * can be any Unicode text, backticks and pipes included, so every name is placed through
 * one of these and can never break a code span, a table, a shell quote or an attribute.
 */

const longestRun = (text: string, char: string): number => {
  let longest = 0
  let run = 0
  for (const c of text) {
    run = c === char ? run + 1 : 0
    if (run > longest) longest = run
  }
  return longest
}

/** `text` as an inline code span whose fence is longer than any backtick run inside it. */
export function inlineCode(text: string): string {
  const fence = '`'.repeat(longestRun(text, '`') + 1)
  // CommonMark strips one space from each side when both are present, and a leading or
  // trailing backtick would merge with the fence: pad in those cases.
  const pad =
    text.startsWith('`') || text.endsWith('`') || (text.startsWith(' ') && text.endsWith(' ') && text.trim() !== '')
  return pad ? `${fence} ${text} ${fence}` : `${fence}${text}${fence}`
}

/** A table cell holding `text` as code; pipes are escaped because GFM splits cells first. */
export const codeCell = (text: string): string => inlineCode(text).replaceAll('|', '\\|')

/** Plain text with Markdown punctuation escaped, safe in headings, paragraphs and cells. */
export const escapeText = (text: string): string => text.replace(/[\\`*_{}[\]()#+\-.!|<>~&]/g, (c) => `\\${c}`)

/** A fenced code block whose fence is longer than any backtick run in `code`. */
export function codeBlock(code: string, language = ''): string {
  const fence = '`'.repeat(Math.max(3, longestRun(code, '`') + 1))
  return `${fence}${language}\n${code}\n${fence}`
}

/** A POSIX shell single-quoted word. */
export const shellQuote = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`

/** Text safe inside an HTML attribute value or element. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** A GFM table from a header row and body rows (cells already escaped). */
export function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n')
}

/** A number with thousands separators, as people read it. */
export const count = (n: number): string => n.toLocaleString('en-US')

/** Bytes as KiB/MiB when whole, else bytes. */
export function bytes(n: number): string {
  if (n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MiB`
  if (n % 1024 === 0) return `${n / 1024} KiB`
  return `${count(n)} bytes`
}
