/**
 * @module The printing layer: commands return a `CommandResult`; this file turns it into
 * JSON or aligned human text, and errors into a message on stderr and an exit code.
 */
import { CliError, EXIT, usageError, type Problem } from './errors.ts'
import { asProgram } from './program.ts'

/** How human output may be decorated; colour only on a TTY and without NO_COLOR. */
export interface Style {
  color: boolean
  /** The name the CLI was started by, for the hints a view prints (asProgram); `svc-cli` when absent. */
  program?: string
  /** Terminal cells a text takes (CJK and emoji take two; width.ts); characters when absent. */
  width?: (text: string) => number
}

/** What every command returns: the data (printed as is by --json) and an optional human view. */
export interface CommandResult<T = unknown> {
  data: T
  human?: (style: Style) => string
  /** True when the command already wrote its output (a streamed export to stdout). */
  streamed?: boolean
  /** A line for a person ("12 more — use --page 2"), printed on stderr after the output, only on a terminal and never with --json. */
  notice?: string
}

export const result = <T>(data: T, human?: (style: Style) => string): CommandResult<T> => ({ data, human })

const ANSI = /\u001B\[[0-9;]*m/g

/** Removes colour codes (citty colours its help even when piped). */
export const stripAnsi = (text: string) => text.replace(ANSI, '')

const paint = (style: Style, code: string, text: string) => (style.color ? `\u001B[${code}m${text}\u001B[0m` : text)
export const bold = (style: Style, text: string) => paint(style, '1', text)
export const dim = (style: Style, text: string) => paint(style, '2', text)
export const red = (style: Style, text: string) => paint(style, '31', text)

// Control characters other than line breaks and tabs (C0, DEL, C1): ESC or CSI in a record a
// stranger posted could otherwise move the cursor, retitle or recolour the owner's terminal.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g
const visible = (char: string) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`
const jsonEscape = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`

/**
 * `text` with every control character but line breaks and tabs escaped for a terminal: as
 * `\xNN` (`visible`, what tables show), or as JSON's `\u00NN` (`json`: only strings can hold
 * them, so the JSON stays valid and means the same).
 */
export const escapeControls = (text: string, as: 'visible' | 'json' = 'visible'): string =>
  text.replace(CONTROL, as === 'json' ? jsonEscape : visible)

/** Renders a cell: null as "-", arrays joined, objects as compact JSON; control characters shown as `\xNN`, never sent to the terminal. */
export function cell(value: unknown): string {
  if (value === null || value === undefined) return '-'
  if (Array.isArray(value)) return value.length ? value.map(cell).join(', ') : '-'
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value).replace(/[\r\n\t]+/g, ' ')
  return escapeControls(text)
}

/** A table with a header row, its columns aligned by display width (`style.width`); `columns` maps header → value. */
export function table<T>(
  style: Style,
  rows: T[],
  columns: Record<string, (row: T) => unknown>,
  empty = 'Nothing to show.',
): string {
  if (rows.length === 0) return asProgram(empty, style.program)
  const headers = Object.keys(columns)
  const body = rows.map((row) => headers.map((h) => cell(columns[h](row))))
  const width = style.width ?? ((text: string) => text.length)
  const widths = headers.map((h, i) => Math.max(h.length, ...body.map((r) => width(r[i]))))
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c + ' '.repeat(Math.max(0, widths[i] - width(c)))))
      .join('  ')
      .trimEnd()
  return [bold(style, line(headers.map((h) => h.toUpperCase()))), ...body.map(line)].join('\n')
}

/** `key  value` lines for one object, keys aligned. */
export function details(style: Style, entries: Record<string, unknown>): string {
  const width = Math.max(...Object.keys(entries).map((k) => k.length))
  return Object.entries(entries)
    .map(([key, value]) => `${dim(style, key.padEnd(width))}  ${cell(value)}`)
    .join('\n')
}

/** The text printed for a successful command. */
export function renderResult(outcome: CommandResult, json: boolean, style: Style): string | null {
  if (outcome.streamed && outcome.data === undefined) return null
  if (json) return JSON.stringify(outcome.data ?? null, null, 2)
  if (outcome.human) return outcome.human(style)
  if (typeof outcome.data === 'string') return outcome.data
  return JSON.stringify(outcome.data ?? null, null, 2)
}

/** Any thrown value as a CliError (unexpected ones become type `internal`). */
export function asCliError(error: unknown): CliError {
  if (error instanceof CliError) return error
  if ((error as { interrupted?: boolean } | null)?.interrupted)
    return new CliError('interrupted', 'Interrupted; nothing was changed', EXIT.interrupted)
  if (error instanceof Error && error.name === 'CLIError') {
    // citty: "Missing required argument: --name", "Invalid value for argument: --type (x). Expected one of: …".
    const message = stripAnsi(error.message)
    const missing = /^Missing required argument: (--[\w-]+)/.exec(message)
    if (missing) return usageError(message, [{ flag: missing[1], message: 'is required' }])
    const invalid = /^Invalid value for argument: (--[\w-]+) \((.*)\)\. Expected one of: (.*?)\.?$/.exec(message)
    if (invalid)
      return usageError(message, [{ flag: invalid[1], message: `must be one of ${invalid[3]}; got "${invalid[2]}"` }])
    return usageError(message)
  }
  return new CliError('internal', error instanceof Error ? error.message : String(error))
}

/** Where a problem lies, as the user typed it (`--name`, `--name/--description`, a path). */
export const problemWhere = (p: Problem) => p.flag ?? p.flags?.join('/') ?? p.command ?? p.path ?? ''

/**
 * The error text for stderr: with --json one document `{"error":{type, message, details?}}`
 * (details say which flag and what was wrong), a plain line otherwise. Hints in the message
 * name the CLI as it was started (`style.program`).
 */
export function renderError(error: CliError, json: boolean, style: Style): string {
  const message = asProgram(error.message, style.program)
  const problems = (error.details as { problems?: Problem[] } | undefined)?.problems?.map((p) => ({
    ...p,
    message: asProgram(p.message, style.program),
  }))
  if (json)
    return JSON.stringify({
      error: {
        type: error.type,
        message,
        ...(error.details === undefined ? {} : { details: problems ? { ...error.details, problems } : error.details }),
      },
    })
  const lines = [`${red(style, 'error:')} ${message}`]
  if (error.type !== 'usage' && problems && problems.length > 1)
    lines.push(...problems.map((p) => `  - ${problemWhere(p) ? `${problemWhere(p)}: ` : ''}${p.message}`))
  return lines.join('\n')
}
