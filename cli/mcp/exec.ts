/**
 * @module Running CLI commands in-process for the MCP tools: the whitelist (derived from
 * the command tree the server was given), the commands and flags an agent may not use, and
 * the call itself.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type { ArgsDef, CommandDef } from 'citty'
import type { Effect, SvcCommand } from '../command.ts'
import { CliError, usageError } from '../errors.ts'
import { execute, type Outcome } from '../execute.ts'
import { globalArgs } from '../global-args.ts'
import { helpText } from '../help.ts'
import { bufferedIo } from '../io.ts'
import { nearest } from '../nearest.ts'
import { listLeaves, resolveCommand } from '../tree.ts'
import { pathFlags, refusePaths, type PathFlag } from './paths.ts'
import { capped, fail, ok, untrusted } from './results.ts'

type Env = Record<string, string | undefined>

/**
 * Top-level commands that the MCP server's svc_exec must never run (completion: of no use to
 * an agent; backup and restore: they read and write files on this machine).
 */
export const NOT_FOR_EXEC = new Set(['auth', 'serve', 'mcp', 'completion', 'backup', 'restore'])

export interface ExecEntry {
  name: string
  effect: Effect
  untrusted: boolean
  description: string
  /** The flags to show an agent: required ones bare, optional ones in brackets; no path flags. */
  flags: string[]
  /** Flags that name local paths (refused through MCP). */
  paths: PathFlag[]
  help(): Promise<string>
}

/**
 * Flags an agent may not pass: --server/--token would send the stored token elsewhere;
 * --json is always added. Flags naming local paths are refused by paths.ts.
 */
const REFUSED_FLAGS = new Map([
  ['--server', 'the server and token come from the stored login or SVC_URL/SVC_TOKEN'],
  ['--token', 'the server and token come from the stored login or SVC_URL/SVC_TOKEN'],
  ['--json', 'results are always JSON'],
  // A password must never pass through an agent (MCP forbids asking for one).
  ['--password-stdin', 'passwords never pass through an agent; the user runs the command in a terminal'],
  // A longer wait than the MCP client's own limit would outlast the call; SVC_TIMEOUT sets it.
  ['--timeout', "the MCP server's request timeout applies (SVC_TIMEOUT in its environment)"],
])
const GLOBAL = new Set(Object.keys(globalArgs))

/** Single commands svc_exec does not run, and what to do instead. */
const USE_TOOL_INSTEAD = new Map([
  // It would block a tool call without progress.
  [
    'smart generate',
    'use the svc_generate tool: it reports progress and answers {status:"running", jobId} instead of blocking',
  ],
  // It follows records until interrupted: a tool call would never end.
  [
    'share tail',
    'it never ends by itself. Read the resource svc://apps/<app id>/records (the newest records) and subscribe to it (resources/subscribe) to be told when records arrive; svc_read "share query" reads pages',
  ],
  // It writes files on this machine, which nothing reached through MCP may do.
  [
    'records download',
    'it saves files on this machine, which the MCP server never does. The file metadata ({id, name, size, type, sha256}) is in the record (svc_read "share get"); the user saves the files with `svc-cli records download` in a terminal',
  ],
  // A password must never pass through an agent (MCP forbids asking for one).
  ['profile password', 'passwords never pass through an agent; the user runs `svc-cli profile password` in a terminal'],
])

/** Every command of `root` that svc_exec may run (all leaves but auth, serve and mcp). */
export async function execWhitelist(root: CommandDef): Promise<Map<string, ExecEntry>> {
  const entries = new Map<string, ExecEntry>()
  for (const leaf of await listLeaves(root)) {
    if (NOT_FOR_EXEC.has(leaf.path[0]) || USE_TOOL_INSTEAD.has(leaf.path.join(' '))) continue
    const args = (leaf.command.args ?? {}) as ArgsDef
    const paths = pathFlags(leaf.path, args)
    const flags = Object.entries(args)
      .filter(([name]) => !GLOBAL.has(name) && name !== 'yes' && !paths.some((p) => p.name === name && !p.takesId))
      .map(([name, def]) => {
        const flag =
          def.type === 'positional' ? `<${name}>` : `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`
        return def.required ? flag : `[${flag}]`
      })
    const meta = leaf.command.meta as { description: string }
    entries.set(leaf.path.join(' '), {
      name: leaf.path.join(' '),
      effect: leaf.command.svc.effect,
      untrusted: Boolean(leaf.command.svc.untrusted),
      description: meta.description,
      flags,
      paths,
      help: () => helpText(leaf.command, leaf.path, { color: false }),
    })
  }
  return entries
}

/**
 * The commands for a tool description, one line per module (and per sub-module of four or
 * more commands, "share webhook: add …, list …"): each with its required flags,
 * "…" when it has optional ones too (args ["--help"] lists them), "!" when destructive.
 * Short on purpose: the description is for choosing a command, --help for calling it.
 */
export function describeCommands(entries: ExecEntry[]): string {
  // A group is the command's words but the last; groups of fewer than SUBGROUP commands join their module's line.
  const prefixes = new Map<string, number>()
  for (const entry of entries) {
    const words = entry.name.split(' ')
    if (words.length > 2)
      prefixes.set(words.slice(0, -1).join(' '), (prefixes.get(words.slice(0, -1).join(' ')) ?? 0) + 1)
  }
  const lines = new Map<string, string[]>()
  for (const entry of entries) {
    const words = entry.name.split(' ')
    const prefix = words.slice(0, -1).join(' ')
    const group = words.length > 2 && prefixes.get(prefix)! >= SUBGROUP ? prefix : words[0]
    const rest = entry.name.slice(group.length).trim()
    const required = entry.flags.filter((flag) => !flag.startsWith('['))
    const more = required.length < entry.flags.length ? ['…'] : []
    const parts = [rest + (entry.effect === 'destructive' ? '!' : ''), ...required, ...more].filter(Boolean)
    lines.set(group, [...(lines.get(group) ?? []), parts.join(' ')])
  }
  // "field: add --app --name …, list --app"; "share webhook: add --app --url, …"; a top-level command reads "snapshot --app …".
  const grouped = new Set(
    entries
      .filter((e) => e.name.includes(' '))
      .flatMap((e) => [
        e.name.split(' ')[0],
        ...((prefixes.get(e.name.split(' ').slice(0, -1).join(' ')) ?? 0) >= SUBGROUP
          ? [e.name.split(' ').slice(0, -1).join(' ')]
          : []),
      ]),
  )
  return [...lines]
    .map(([group, commands]) =>
      grouped.has(group) ? `${group}: ${commands.join(', ')}` : [group, ...commands].join(' ').trimEnd(),
    )
    .join('\n')
}

/** How many commands under one two-word prefix ("share webhook") earn a line of their own. */
const SUBGROUP = 4

/** The refusal when argv names a local path (see paths.ts); unknown commands are left to `execute`. */
async function refusedPaths(root: CommandDef, argv: string[]): Promise<CliError | null> {
  const resolved = await resolveCommand(root, argv).catch(() => null)
  const command = resolved?.command as SvcCommand | undefined
  if (!resolved || !command?.svc) return null
  return refusePaths(resolved.path, (command.args ?? {}) as ArgsDef, resolved.rest)
}

/**
 * Runs `svc-cli <argv> --json` (a command of `root`) in-process and captures its output
 * (never the real stdout). A flag that names a local path is refused before the command starts.
 */
export async function runInProcess(
  root: CommandDef,
  env: Env,
  argv: string[],
  stdin = '',
): Promise<{ outcome: Outcome; stdout: string }> {
  const refused = await refusedPaths(root, argv)
  if (refused) return { outcome: { exitCode: refused.exitCode, error: refused }, stdout: '' }
  const io = bufferedIo(env, { stdin })
  const outcome = await execute(root, [...argv, '--json'], io)
  return { outcome, stdout: io.out() }
}

/** Splits "field add" into the command name; refuses what is not on the list. */
export function pickCommand(
  whitelist: Map<string, ExecEntry>,
  command: string,
  allowed: (entry: ExecEntry) => boolean,
  toolName: string,
): ExecEntry {
  const words = command.trim().split(/\s+/)
  const flagAt = words.findIndex((word) => word.startsWith('-'))
  if (flagAt > 0) {
    const named = words.slice(0, flagAt).join(' ')
    throw usageError(
      `"command" is the command's words only; flags go in "args", one item per word: {"command": ${JSON.stringify(named)}, "args": ${JSON.stringify(words.slice(flagAt))}}`,
    )
  }
  const name = words.join(' ')
  const entry = whitelist.get(name)
  if (entry && allowed(entry)) return entry
  if (entry)
    throw usageError(
      `"${name}" ${entry.effect === 'read' ? 'is read-only' : 'changes data'}; ${toolName === 'svc_read' ? 'use svc_exec for it' : 'it cannot run here'}`,
    )
  const instead = USE_TOOL_INSTEAD.get(name)
  if (instead) throw usageError(`"${name}" is not available through ${toolName}: ${instead}`)
  const top = name.split(' ')[0]
  if (NOT_FOR_EXEC.has(top)) {
    throw usageError(
      `"${name}" is not available through ${toolName}: ${top === 'auth' ? 'use the auth_login, auth_email_code and auth_status tools' : `\`svc-cli ${top}\` runs in a terminal only`}`,
    )
  }
  const guess = nearest(
    name,
    [...whitelist.keys()].filter((n) => allowed(whitelist.get(n)!)),
  )
  throw usageError(
    `Unknown command "${name}".${guess ? ` Did you mean "${guess}"?` : ''} The commands are listed in this tool's description.`,
  )
}

/** True when `args` set `--reads` to records (or `on`, its old spelling). */
const opensRecords = (args: string[]) =>
  args.some(
    (arg, i) =>
      /^--reads=\s*(records|on)\s*$/i.test(arg) ||
      (arg === '--reads' && /^\s*(records|on)\s*$/i.test(args[i + 1] ?? '')),
  )

/** Runs a whitelisted command of `root` for a tool (`toolName`, for hints) and shapes the result. */
export async function execTool(
  root: CommandDef,
  env: Env,
  entry: ExecEntry,
  args: string[],
  confirm: boolean,
  toolName: string,
): Promise<CallToolResult> {
  for (const arg of args) {
    const flag = arg.split('=')[0]
    const why = REFUSED_FLAGS.get(flag)
    if (why) return fail(usageError(`${flag} cannot be passed through MCP (${why})`))
  }
  if (args.includes('--help') || args.includes('-h')) return ok(await entry.help())
  if (entry.effect === 'destructive') {
    if (!confirm) {
      return fail(
        new CliError(
          'confirmation_required',
          `"${entry.name}" is destructive (${entry.description}). Ask the user, then call again with confirm: true.`,
        ),
      )
    }
    args = [...args, '--yes']
  }
  // --force overrides a server-side guard (a field type change on records that hold values): the user decides, as for a destructive command.
  if (args.includes('--force') && !confirm) {
    return fail(
      new CliError(
        'confirmation_required',
        `--force makes "${entry.name}" override a safety check of the server. Ask the user, then call again with confirm: true.`,
      ),
    )
  }
  // Opening every record to anyone with the link is the user's decision too (the CLI asks on a terminal).
  if (opensRecords(args)) {
    if (!confirm)
      return fail(
        new CliError(
          'confirmation_required',
          `--reads records lets anyone with the endpoint link read every record. Ask the user, then call again with confirm: true.`,
        ),
      )
    if (!args.includes('--yes')) args = [...args, '--yes']
  }
  const { outcome, stdout } = await runInProcess(root, env, [...entry.name.split(' '), ...args])
  if (outcome.error?.type === 'usage')
    return fail(outcome.error, `Fix the flags and call again; ${toolName} "${entry.name}" with ["--help"] lists them.`)
  if (outcome.error) return fail(outcome.error)
  const result = outcome.result!
  const text = result.streamed ? stdout : JSON.stringify(result.data ?? null, null, 2)
  const narrow =
    'Ask for less: svc_read "share query" with ["--size", "100", "--page", "2"], or svc_snapshot with module and detail "summary".'
  if (entry.untrusted) return ok(untrusted(capped(text, narrow)))
  return ok(capped(text, narrow))
}
