/**
 * @module Runs one svc-cli invocation (the command tree ROOT) against an Io and returns the
 * exit code: help, version, or the command's outcome printed. Replaces citty's runMain
 * (which exits 1 on any error) so usage errors exit 2, auth errors 4; the run itself
 * (execute.ts) is the one the MCP server's svc_exec uses too.
 */
import { MODULES, ROOT } from './commands/index.ts'
import { CliError, EXIT, OutputClosed, usageError } from './errors.ts'
import { execute } from './execute.ts'
import { HELP_TOPICS, helpText } from './help.ts'
import type { Io } from './io.ts'
import { asCliError, renderError, renderResult, type Style } from './output.ts'
import { asProgram } from './program.ts'
import { nearest } from './nearest.ts'
import { resolveCommand } from './tree.ts'

const colorFor = (io: Io, tty: boolean): Style => ({
  color: tty && !io.env.NO_COLOR && io.env.TERM !== 'dumb',
  program: io.program,
})

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
  if (argv[0] === 'help' && argv.length === 2 && !(argv[1] in MODULES)) {
    const topic = HELP_TOPICS[argv[1]]
    if (topic) {
      await io.stdout.write(`${asProgram(topic(), io.program)}\n`)
      return EXIT.ok
    }
    const guess = nearest(argv[1], Object.keys(HELP_TOPICS))
    if (guess) return fail(usageError(`No help topic or command "${argv[1]}". Did you mean \`svc-cli help ${guess}\`?`))
  }
  if (argv[0] === 'help') argv = [...argv.slice(1), '--help']
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) {
    await io.stdout.write(`${(ROOT.meta as { version: string }).version}\n`)
    return EXIT.ok
  }
  const helpAsked = argv.includes('--help') || argv.includes('-h')
  try {
    // Help when asked for, and for a module named without a command (`svc-cli field`).
    const resolved = await resolveCommand(
      ROOT,
      argv.filter((a) => a !== '--help' && a !== '-h'),
    )
    if (helpAsked || resolved.command.subCommands) {
      await io.stdout.write(`${await helpText(resolved.command, resolved.path, outStyle)}\n`)
      return EXIT.ok
    }
  } catch (error) {
    return fail(asCliError(error))
  }
  const outcome = await execute(ROOT, argv, io)
  if (outcome.error instanceof OutputClosed) return EXIT.ok
  if (outcome.error) {
    if (outcome.error.type === 'usage' && !json) {
      const path = (await resolveCommand(ROOT, argv).catch(() => null))?.path
      const hint = path ? `\nRun \`${io.program} ${path.join(' ')} --help\` for usage.` : ''
      await io.stderr.write(
        `${renderError(outcome.error, json, errStyle)}${/--help|pass --/.test(outcome.error.message) ? '' : hint}\n`,
      )
      return outcome.error.exitCode
    }
    return fail(outcome.error)
  }
  const result = outcome.result ?? { data: null }
  let text = renderResult(result, json, outStyle)
  // Columns holding CJK or emoji are aligned by the cells they take; the tables for that are
  // loaded only for such output (drawn again with them), so every other run starts without.
  if (text && !json && result.human && /[^\x00-\x7f]/.test(text)) {
    const { displayWidth } = await import('./width.ts')
    text = renderResult(result, json, { ...outStyle, width: displayWidth })
  }
  // An empty text (`app list -q` with no apps) prints nothing, not an empty line.
  if (text) await io.stdout.write(text.endsWith('\n') ? text : `${text}\n`)
  if (result.notice && !json && io.stderr.isTTY) await io.stderr.write(`${asProgram(result.notice, io.program)}\n`)
  return EXIT.ok
}
