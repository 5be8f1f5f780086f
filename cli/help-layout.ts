/**
 * @module The layout of citty's usage text, which right-aligns every flag to the longest one
 * (one long `--type=<text|longtext|…>` pushed every other flag to column 63): flags start at
 * the left margin, descriptions share one column no further right than FLAG_COLUMN_MAX, a
 * longer flag puts its description on the next line, and descriptions wrap at HELP_WIDTH.
 */
import type { ArgDef, ArgsDef } from 'citty'
import { stripAnsi } from './output.ts'

/** The help text's width: descriptions wrap before it (a terminal of 100 columns or more shows it unbroken). */
export const HELP_WIDTH = 100

/** The widest flag column; a longer flag gets its description on the line below. */
const FLAG_COLUMN_MAX = 28

/** The longest choice list shown inline as `--flag=<a|b|c>`; a longer one shows the flag's value hint. */
const INLINE_CHOICES_MAX = 24

/**
 * The args as the help shows them: an enum whose choices are too many for the flag column
 * shows its value hint (`--type=<type>`), and its description names the choices.
 */
export function helpArgs(args: ArgsDef): ArgsDef {
  const shown: ArgsDef = {}
  for (const [name, def] of Object.entries(args)) {
    const options = def.type === 'enum' ? (def.options ?? []) : []
    shown[name] = def.valueHint && options.join('|').length > INLINE_CHOICES_MAX ? asHint(def, options) : def
  }
  return shown
}

function asHint(def: ArgDef, options: string[]): ArgDef {
  const description = def.description ?? ''
  const named = options.every((option) => description.includes(option))
  return {
    type: 'string',
    description: named ? description : `${description} (${options.join(', ')})`.trim(),
    valueHint: def.valueHint,
    ...(def.required ? { required: true } : {}),
    ...('alias' in def && def.alias ? { alias: def.alias } : {}),
  }
}

/** One row of a citty section: `  ` + the name padded at its start + four spaces + the description. */
const ROW = /^ {2}( *)(\S(?:.*?\S)?) {4}(.*)$/

/** Words of `text` in lines of at most `width` characters (a longer word gets a line of its own). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    if (line && stripAnsi(`${line} ${word}`).length > width) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  return [...lines, line]
}

/** Lays out one block of consecutive rows (a section's body). */
function layoutRows(rows: [string, string][]): string[] {
  const fits = rows.map(([name]) => stripAnsi(name).length).filter((n) => n <= FLAG_COLUMN_MAX)
  const column = Math.max(0, ...fits)
  const indent = ' '.repeat(2 + column + 2)
  const out: string[] = []
  for (const [name, description] of rows) {
    const text = wrap(description.trimEnd(), HELP_WIDTH - indent.length)
    const visible = stripAnsi(name).length
    if (visible > column) out.push(`  ${name}`, ...text.map((line) => indent + line))
    else out.push(`  ${name}${' '.repeat(column - visible)}  ${text[0]}`, ...text.slice(1).map((line) => indent + line))
  }
  return out
}

/** citty's usage text with every section's rows laid out left-aligned and wrapped. */
export function layoutUsage(text: string): string {
  const out: string[] = []
  let block: [string, string][] = []
  const flush = () => {
    if (block.length) out.push(...layoutRows(block))
    block = []
  }
  for (const line of text.split('\n')) {
    const row = ROW.exec(line)
    if (row) block.push([row[2], row[3]])
    else {
      flush()
      out.push(line)
    }
  }
  flush()
  return out.join('\n')
}
