/**
 * @module A command's help text: citty's usage under its whole name (`svc-cli app create`),
 * its example line, and for svc-cli itself the global flags, the environment, an example and
 * the exit codes; the CLI named as it was started (program.ts). `help environment` is a topic.
 */
import { renderUsage, type CommandDef } from 'citty'
import type { SvcCommand } from './command.ts'
import { CLI_ENVIRONMENT, environmentHelp } from './environment.ts'
import { EXIT_MEANINGS } from './errors.ts'
import { globalArgs } from './global-args.ts'
import { helpArgs, layoutUsage } from './help-layout.ts'
import { stripAnsi, type Style } from './output.ts'
import { asProgram, CLI_NAME } from './program.ts'

/** `name  text` lines, the names padded to one column. */
const aligned = (rows: [string, string][]) => {
  const width = Math.max(...rows.map(([name]) => name.length))
  return rows.map(([name, text]) => `  ${name.padEnd(width)}  ${text}`).join('\n')
}

/** What `svc-cli --help` adds to its commands: the flags every command takes, the environment, an example, the exit codes. */
function rootSections(): string {
  const flags: [string, string][] = [
    ...Object.entries(globalArgs).map(([name, def]): [string, string] => [
      `--${name}${'valueHint' in def ? ` <${def.valueHint}>` : ''}`,
      def.description,
    ]),
    ['-h, --help', 'Help for any command (also `svc-cli help <command>`)'],
    ['-v, --version', 'The version of svc-cli'],
  ]
  const environment: [string, string][] = CLI_ENVIRONMENT.map(({ name, summary }) => [name, summary])
  return [
    '',
    '',
    'GLOBAL FLAGS (every command takes them)',
    '',
    aligned(flags),
    '',
    'ENVIRONMENT (`svc-cli help environment` says more)',
    '',
    aligned(environment),
    '',
    'EXAMPLE',
    '',
    '  svc-cli auth login --with-token < token.txt   then   svc-cli app list',
    '',
    'EXIT CODES',
    '',
    aligned(Object.entries(EXIT_MEANINGS).map(([code, meaning]) => [code, meaning])),
    '',
  ].join('\n')
}

/** Help text for a command: citty's usage plus the example line. */
export async function helpText(command: CommandDef, path: string[], style: Style): Promise<string> {
  const args = await (typeof command.args === 'function' ? command.args() : command.args)
  const named = {
    ...command,
    ...(args ? { args: helpArgs(args) } : {}),
    meta: {
      ...((await (typeof command.meta === 'function' ? command.meta() : command.meta)) ?? {}),
      name: [CLI_NAME, ...path].join(' '),
    },
  }
  let text = layoutUsage(await renderUsage(named, undefined))
  const svc = (command as SvcCommand).svc
  if (svc) text += `\n\nEXAMPLE\n\n  ${svc.example}\n`
  else if (path.length === 0) text += rootSections()
  text = asProgram(text.replace(/[ \t]+$/gm, ''), style.program)
  return style.color ? text : stripAnsi(text)
}

/** Help topics that are not commands (`svc-cli help environment`, as gh has). */
export const HELP_TOPICS: Record<string, () => string> = { environment: environmentHelp }
