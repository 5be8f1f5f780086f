/**
 * @module A command's help text: citty's usage under its whole name (`svc-cli app create`),
 * its example line, and for svc-cli itself an example and the exit codes.
 */
import { renderUsage, type CommandDef } from 'citty'
import type { SvcCommand } from './command.ts'
import { EXIT_MEANINGS } from './errors.ts'
import { stripAnsi, type Style } from './output.ts'

/** Help text for a command: citty's usage plus the example line. */
export async function helpText(
  command: CommandDef<any>,
  parent: CommandDef<any> | undefined,
  path: string[],
  style: Style,
): Promise<string> {
  const named = {
    ...command,
    meta: {
      ...((await (typeof command.meta === 'function' ? command.meta() : command.meta)) ?? {}),
      name: ['svc-cli', ...path].join(' '),
    },
  }
  let text = await renderUsage(named, undefined)
  const svc = (command as SvcCommand).svc
  if (svc) text += `\n\nEXAMPLE\n\n  ${svc.example}\n`
  else if (path.length === 0) {
    text += `\n\nEXAMPLE\n\n  svc-cli auth login --with-token < token.txt   then   svc-cli app list\n`
    text += `\nEXIT CODES\n\n${Object.entries(EXIT_MEANINGS)
      .map(([code, meaning]) => `  ${code.padEnd(3)}  ${meaning}`)
      .join('\n')}\n`
  }
  text = text.replace(/[ \t]+$/gm, '')
  return style.color ? text : stripAnsi(text)
}
