/**
 * @module Running CLI commands in-process for the MCP tools: the whitelist (derived from
 * the command tree), the flags an agent may not pass, and the call itself.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type { ArgsDef } from 'citty'
import type { Effect } from '../command.ts'
import { NOT_FOR_EXEC } from '../commands/index.ts'
import { CliError, usageError } from '../errors.ts'
import { bufferedIo } from '../io.ts'
import { execute, helpText } from '../run.ts'
import { listLeaves, nearest } from '../tree.ts'
import { capped, fail, ok, untrusted } from './results.ts'

type Env = Record<string, string | undefined>

export interface ExecEntry {
  name: string
  effect: Effect
  untrusted: boolean
  description: string
  flags: string[]
  help(): Promise<string>
}

/**
 * Flags an agent may not pass: --server/--token would send the stored token elsewhere,
 * --out would write files on the user's machine. --json is always added.
 */
const REFUSED_FLAGS = new Set(['--server', '--token', '--out', '--json'])
const GLOBAL = new Set(['server', 'token', 'json', 'timeout'])

/** Single commands an MCP tool does better: they would block a tool call without progress. */
const USE_TOOL_INSTEAD = new Map([['smart generate', 'use the svc_generate tool: it reports progress and answers {status:"running", jobId} instead of blocking']])

/** Every command svc_exec may run (all leaves but auth, serve and mcp). */
export async function execWhitelist(): Promise<Map<string, ExecEntry>> {
  const entries = new Map<string, ExecEntry>()
  for (const leaf of await listLeaves()) {
    if (NOT_FOR_EXEC.has(leaf.path[0]) || USE_TOOL_INSTEAD.has(leaf.path.join(' '))) continue
    const args = (leaf.command.args ?? {}) as ArgsDef
    const flags = Object.entries(args)
      .filter(([name]) => !GLOBAL.has(name) && name !== 'out' && name !== 'yes')
      .map(([name, def]) => {
        const flag = def.type === 'positional' ? `<${name}>` : `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`
        return def.required ? flag : `[${flag}]`
      })
    const meta = leaf.command.meta as { description: string }
    entries.set(leaf.path.join(' '), {
      name: leaf.path.join(' '),
      effect: leaf.command.svc.effect,
      untrusted: Boolean(leaf.command.svc.untrusted),
      description: meta.description,
      flags,
      help: () => helpText(leaf.command, undefined, leaf.path, { color: false }),
    })
  }
  return entries
}

/** One line per command for a tool description. */
export const describeCommands = (entries: ExecEntry[]) =>
  entries.map((e) => `- ${[e.name, ...e.flags].join(' ')}${e.effect === 'destructive' ? '  (DESTRUCTIVE: needs confirm)' : ''}`).join('\n')

/** Runs `svc-cli <argv> --json` in-process and captures its output (never the real stdout). */
export async function runInProcess(env: Env, argv: string[], stdin = '') {
  const io = bufferedIo(env, { stdin })
  const outcome = await execute([...argv, '--json'], io)
  return { outcome, stdout: io.out() }
}

/** Splits "field add" into the command name; refuses what is not on the list. */
export function pickCommand(whitelist: Map<string, ExecEntry>, command: string, allowed: (entry: ExecEntry) => boolean, toolName: string): ExecEntry {
  const name = command.trim().split(/\s+/).join(' ')
  const entry = whitelist.get(name)
  if (entry && allowed(entry)) return entry
  if (entry) throw usageError(`"${name}" ${entry.effect === 'read' ? 'is read-only' : 'changes data'}; ${toolName === 'svc_read' ? 'use svc_exec for it' : 'it cannot run here'}`)
  const instead = USE_TOOL_INSTEAD.get(name)
  if (instead) throw usageError(`"${name}" is not available through ${toolName}: ${instead}`)
  const top = name.split(' ')[0]
  if (NOT_FOR_EXEC.has(top)) {
    throw usageError(`"${name}" is not available through ${toolName}: ${top === 'auth' ? 'use the auth_login, auth_email_code and auth_status tools' : `\`svc-cli ${top}\` runs in a terminal only`}`)
  }
  const guess = nearest(name, [...whitelist.keys()].filter((n) => allowed(whitelist.get(n)!)))
  throw usageError(`Unknown command "${name}".${guess ? ` Did you mean "${guess}"?` : ''} The commands are listed in this tool's description.`)
}

/** Runs a whitelisted command for a tool and shapes the result. */
export async function execTool(env: Env, entry: ExecEntry, args: string[], confirm: boolean): Promise<CallToolResult> {
  for (const arg of args) {
    const flag = arg.split('=')[0]
    if (REFUSED_FLAGS.has(flag)) return fail(usageError(`${flag} cannot be passed through MCP${flag === '--out' ? ' (the export comes back as the result)' : flag === '--json' ? ' (results are always JSON)' : ' (the server and token come from the stored login or SVC_URL/SVC_TOKEN)'}`))
  }
  if (args.includes('--help') || args.includes('-h')) return ok(await entry.help())
  if (entry.effect === 'destructive') {
    if (!confirm) {
      return fail(new CliError('confirmation_required', `"${entry.name}" is destructive (${entry.description}). Ask the user, then call again with confirm: true.`))
    }
    args = [...args, '--yes']
  }
  const { outcome, stdout } = await runInProcess(env, [...entry.name.split(' '), ...args])
  if (outcome.error) return fail(outcome.error)
  const result = outcome.result!
  const text = result.streamed ? stdout : JSON.stringify(result.data ?? null, null, 2)
  const narrow = 'Ask for less: share query with --size and --page, or svc_snapshot with module and detail "summary".'
  if (entry.untrusted) return ok(untrusted(capped(text, narrow)))
  return ok(capped(text, narrow))
}
