/**
 * @module Running one command of a command tree without printing: resolve argv from the
 * root, refuse unknown flags, run the command with the Io (and the root, for the commands
 * that walk the tree), and return the exit code with the result or the error. The binary
 * (run.ts) prints the outcome; the MCP server's svc_exec turns it into a tool result.
 */
import { runCommand, type CommandDef } from 'citty'
import type { RunData, SvcCommand } from './command.ts'
import { EXIT, type CliError } from './errors.ts'
import type { Io } from './io.ts'
import { asCliError, type CommandResult } from './output.ts'
import { withFlagNames } from './problems.ts'
import { checkFlags, resolveCommand } from './tree.ts'

export interface Outcome {
  exitCode: number
  /** The command's result on success (the MCP server uses it without printing). */
  result?: CommandResult
  error?: CliError
}

/** Resolves and runs a command of `root`, without printing; errors are returned, not thrown. */
export async function execute(root: CommandDef, argv: string[], io: Io): Promise<Outcome> {
  let command: SvcCommand | undefined
  try {
    const resolved = await resolveCommand(root, argv)
    if ((resolved.command as SvcCommand).svc) command = resolved.command as SvcCommand
    await checkFlags(resolved)
    const { result } = await runCommand(resolved.command, {
      rawArgs: resolved.rest,
      data: { io, root } satisfies RunData,
    })
    return { exitCode: EXIT.ok, result: result as CommandResult }
  } catch (error) {
    const failure = command ? withFlagNames(asCliError(error), command) : asCliError(error)
    return { exitCode: failure.exitCode, error: failure }
  }
}
