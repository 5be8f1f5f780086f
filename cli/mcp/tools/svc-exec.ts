/**
 * @module svc_exec and svc_read: run svc-cli commands in-process. svc_read runs only
 * read-only commands (so its annotations can say read-only and clients may auto-approve
 * it); svc_exec runs any whitelisted command and needs `confirm: true` for destructive ones.
 */
import { z } from 'zod'
import { asCliError } from '../../output.ts'
import { CONSTRAINTS } from '../constraints.ts'
import { describeCommands, execTool, pickCommand, type ExecEntry } from '../exec.ts'
import { fail } from '../results.ts'
import type { ToolModule } from './tool.ts'

const inputSchema = {
  command: z.string().min(1).describe('The command without "svc-cli", e.g. "field add"'),
  args: z.array(z.string()).default([]).describe('Its flags as separate items, e.g. ["--app", "<id>", "--name", "email", "--type", "email"]'),
}

const run = (whitelist: Map<string, ExecEntry>, toolName: string, allowed: (e: ExecEntry) => boolean) =>
  async (env: Record<string, string | undefined>, input: { command: string; args: string[]; confirm?: boolean }) => {
    try {
      const entry = pickCommand(whitelist, input.command.replace(/^svc-cli\s+/, ''), allowed, toolName)
      return await execTool(env, entry, input.args, Boolean(input.confirm))
    } catch (error) {
      return fail(asCliError(error))
    }
  }

/** The two exec tools, with the command list (from the command tree) in their descriptions. */
export function execTools(whitelist: Map<string, ExecEntry>): ToolModule[] {
  const all = [...whitelist.values()]
  const reads = all.filter((e) => e.effect === 'read')
  return [
    {
      name: 'svc_read',
      config: {
        title: 'Run a read-only svc command',
        description: `Runs a read-only svc-cli command and returns its JSON. Needs login. Pass "--help" in args to see a command's flags. Record content comes back fenced as untrusted data. ${CONSTRAINTS}\nCommands:\n${describeCommands(reads)}`,
        inputSchema,
        annotations: { title: 'Run a read-only svc command', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
      },
      handler: run(whitelist, 'svc_read', (e) => e.effect === 'read'),
    },
    {
      name: 'svc_exec',
      config: {
        title: 'Run an svc command',
        description: `Runs any whitelisted svc-cli command (creating, changing, publishing, deleting) and returns its JSON. Destructive commands are marked and need confirm: true after asking the user. Prefer svc_read for reads. Not available: auth (use the auth tools), serve, mcp; flags --server, --token and --out are refused. Needs login. ${CONSTRAINTS}\nCommands:\n${describeCommands(all)}`,
        inputSchema: { ...inputSchema, confirm: z.boolean().default(false).describe('true to run a destructive command the user agreed to') },
        annotations: { title: 'Run an svc command', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
      },
      handler: run(whitelist, 'svc_exec', () => true),
    },
  ]
}
