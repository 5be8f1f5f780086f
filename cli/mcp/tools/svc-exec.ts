/**
 * @module svc_exec and svc_read: run svc-cli commands in-process. svc_read runs only
 * read-only commands (so its annotations can say read-only and clients may auto-approve
 * it); svc_exec runs any whitelisted command and needs `confirm: true` for destructive ones.
 */
import type { CommandDef } from 'citty'
import { z } from 'zod'
import { asCliError } from '../../output.ts'
import { describeCommands, execTool, pickCommand, type ExecEntry } from '../exec.ts'
import { fail } from '../results.ts'
import type { ToolModule } from './tool.ts'

const inputSchema = {
  command: z.string().min(1).describe('The command without "svc-cli", e.g. "field add"'),
  args: z
    .array(z.string())
    .default([])
    .describe('Its flags as separate items, e.g. ["--app", "<id>", "--name", "email"]; ["--help"] lists them'),
}

const run =
  (root: CommandDef, whitelist: Map<string, ExecEntry>, toolName: string, allowed: (e: ExecEntry) => boolean) =>
  async (env: Record<string, string | undefined>, input: { command: string; args: string[]; confirm?: boolean }) => {
    try {
      const entry = pickCommand(whitelist, input.command.replace(/^svc(-cli)?\s+/, ''), allowed, toolName)
      return await execTool(root, env, entry, input.args, Boolean(input.confirm), toolName)
    } catch (error) {
      return fail(asCliError(error))
    }
  }

const COMMANDS = 'Commands and their required flags (… = more: args ["--help"] lists them):'

/** "--file, --out and a file path as --plan", from the path flags of the command tree. */
function refusedPathFlags(entries: ExecEntry[]): string {
  const flags = entries.flatMap((e) => e.paths)
  const always = [...new Set(flags.filter((f) => !f.takesId).map((f) => f.flag))]
  const asPath = [...new Set(flags.filter((f) => f.takesId).map((f) => `a file path as ${f.flag}`))]
  const all = [...always, ...asPath]
  return all.length > 1 ? `${all.slice(0, -1).join(', ')} and ${all.at(-1)}` : all.join('')
}

/** The two exec tools over the commands of `root`, with the command list (its `whitelist`) in their descriptions. */
export function execTools(root: CommandDef, whitelist: Map<string, ExecEntry>): ToolModule[] {
  const all = [...whitelist.values()]
  const reads = all.filter((e) => e.effect === 'read')
  const changes = all.filter((e) => e.effect !== 'read')
  return [
    {
      name: 'svc_read',
      config: {
        title: 'Run a read-only svc command',
        description: `Runs a read-only svc-cli command and returns its JSON; public content is fenced as untrusted data. A token needs records:read. ${COMMANDS}\n${describeCommands(reads)}`,
        inputSchema,
        annotations: {
          title: 'Run a read-only svc command',
          readOnlyHint: true,
          destructiveHint: false,
          idempotentHint: true,
          openWorldHint: true,
        },
      },
      handler: run(root, whitelist, 'svc_read', (e) => e.effect === 'read'),
    },
    {
      name: 'svc_exec',
      config: {
        title: 'Run an svc command',
        description: `Runs an svc-cli command that changes something (or any svc_read one); returns its JSON; a token lacking the command's scope gets 403 naming it. Commands ending in ! are destructive: ask the user, then pass confirm: true. Not here: auth (auth tools), smart generate (svc_generate), serve, mcp; refused: ${refusedPathFlags(all)}. ${COMMANDS}\n${describeCommands(changes)}`,
        inputSchema: {
          ...inputSchema,
          confirm: z.boolean().default(false).describe('true to run a destructive command the user agreed to'),
        },
        annotations: {
          title: 'Run an svc command',
          readOnlyHint: false,
          destructiveHint: true,
          idempotentHint: false,
          openWorldHint: true,
        },
      },
      handler: run(root, whitelist, 'svc_exec', () => true),
    },
  ]
}
