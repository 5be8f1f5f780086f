/**
 * @module Runs one svc-cli invocation against an Io and returns the exit code. Replaces
 * citty's runMain (which exits 1 on any error) so usage errors exit 2, auth errors 4, and
 * the same path serves the binary, in-process tests and the MCP server's svc_exec.
 */
import { renderUsage, runCommand, type CommandDef } from 'citty'
import type { SvcCommand } from './command.ts'
import { CliError, EXIT, EXIT_MEANINGS, OutputClosed } from './errors.ts'
import type { Io } from './io.ts'
import { asCliError, renderError, renderResult, stripAnsi, type CommandResult, type Style } from './output.ts'
import { withFlagNames } from './problems.ts'
import { checkFlags, resolveCommand, ROOT } from './tree.ts'

const colorFor = (io: Io, tty: boolean): Style => ({ color: tty && !io.env.NO_COLOR && io.env.TERM !== 'dumb' })

/** Help text for a command: citty's usage plus the example line. */
export async function helpText(command: CommandDef<any>, parent: CommandDef<any> | undefined, path: string[], style: Style): Promise<string> {
  const named = { ...command, meta: { ...((await (typeof command.meta === 'function' ? command.meta() : command.meta)) ?? {}), name: ['svc-cli', ...path].join(' ') } }
  let text = await renderUsage(named, undefined)
  const svc = (command as SvcCommand).svc
  if (svc) text += `\n\nEXAMPLE\n\n  ${svc.example}\n`
  else if (path.length === 0) {
    text += `\n\nEXAMPLE\n\n  svc-cli auth login --with-token < token.txt   then   svc-cli app list\n`
    text += `\nEXIT CODES\n\n${Object.entries(EXIT_MEANINGS).map(([code, meaning]) => `  ${code.padEnd(3)}  ${meaning}`).join('\n')}\n`
  }
  text = text.replace(/[ \t]+$/gm, '')
  return style.color ? text : stripAnsi(text)
}

export interface Outcome {
  exitCode: number
  /** The command's result on success (the MCP server uses it without printing). */
  result?: CommandResult
  error?: CliError
}

/** Resolves and runs a command, without printing; errors are returned, not thrown. */
export async function execute(argv: string[], io: Io): Promise<Outcome> {
  let command: SvcCommand | undefined
  try {
    const resolved = await resolveCommand(argv)
    if ((resolved.command as SvcCommand).svc) command = resolved.command as SvcCommand
    await checkFlags(resolved)
    const { result } = await runCommand(resolved.command, { rawArgs: resolved.rest, data: { io } })
    return { exitCode: EXIT.ok, result: result as CommandResult }
  } catch (error) {
    const failure = command ? withFlagNames(asCliError(error), command) : asCliError(error)
    return { exitCode: failure.exitCode, error: failure }
  }
}

const wantsJson = (argv: string[]) => argv.includes('--json')

/**
 * The whole CLI: help, version, run, print, exit code. A reader that closes stdout early
 * (`| head`) ends the run quietly with exit 0.
 */
export async function runCli(argv: string[], io: Io): Promise<number> {
  try {
    return await printAndExit(argv, io)
  } catch (error) {
    if (error instanceof OutputClosed) return EXIT.ok
    if (!(error instanceof CliError)) throw error
    await io.stderr.write(`${renderError(error, wantsJson(argv), colorFor(io, io.stderr.isTTY))}\n`)
    return error.exitCode
  }
}

async function printAndExit(argv: string[], io: Io): Promise<number> {
  const json = wantsJson(argv)
  const errStyle = colorFor(io, io.stderr.isTTY)
  const outStyle = colorFor(io, io.stdout.isTTY)
  const fail = async (error: CliError) => {
    await io.stderr.write(`${renderError(error, json, errStyle)}\n`)
    return error.exitCode
  }
  if (argv[0] === 'help') argv = [...argv.slice(1), '--help']
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) {
    await io.stdout.write(`${(ROOT.meta as { version: string }).version}\n`)
    return EXIT.ok
  }
  const helpAsked = argv.includes('--help') || argv.includes('-h')
  try {
    // Help when asked for, and for a module named without a command (`svc-cli field`).
    const resolved = await resolveCommand(argv.filter((a) => a !== '--help' && a !== '-h'))
    if (helpAsked || resolved.command.subCommands) {
      await io.stdout.write(`${await helpText(resolved.command, resolved.parent, resolved.path, outStyle)}\n`)
      return EXIT.ok
    }
  } catch (error) {
    return fail(asCliError(error))
  }
  const outcome = await execute(argv, io)
  if (outcome.error instanceof OutputClosed) return EXIT.ok
  if (outcome.error) {
    if (outcome.error.type === 'usage' && !json) {
      const path = (await resolveCommand(argv).catch(() => null))?.path
      const hint = path ? `\nRun \`svc-cli ${path.join(' ')} --help\` for usage.` : ''
      await io.stderr.write(`${renderError(outcome.error, json, errStyle)}${/--help|pass --/.test(outcome.error.message) ? '' : hint}\n`)
      return outcome.error.exitCode
    }
    return fail(outcome.error)
  }
  const result = outcome.result ?? { data: null }
  const text = renderResult(result, json, outStyle)
  // An empty text (`app list -q` with no apps) prints nothing, not an empty line.
  if (text) await io.stdout.write(text.endsWith('\n') ? text : `${text}\n`)
  if (result.notice && !json && io.stderr.isTTY) await io.stderr.write(`${result.notice}\n`)
  return EXIT.ok
}
