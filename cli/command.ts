/**
 * @module How a svc command is declared: citty's definition plus an example line and its
 * effect (read, write, destructive), which help, the MCP whitelist and tool annotations use.
 * Commands receive a `CommandEnv` and return a `CommandResult`; they never print or exit.
 */
import type { ArgsDef, CommandDef, ParsedArgs } from 'citty'
import { resolveConnection, SvcClient, type Connection } from './client.ts'
import { CliError, EXIT, flagError, usageError } from './errors.ts'
import { globalArgs } from './global-args.ts'
import type { Io } from './io.ts'
import type { CommandResult } from './output.ts'
import { timeoutSeconds } from './timeout.ts'

/** read: changes nothing · write: creates or changes · destructive: deletes or cuts something off. */
export type Effect = 'read' | 'write' | 'destructive'

export interface SvcMeta {
  example: string
  effect: Effect
  /** True when the result carries record content sent by the public (MCP fences it as data). */
  untrusted?: boolean
  /**
   * The flag that carries each request-body key whose flag is not simply its kebab-case
   * name (`options` ← `--set`), so the server's validation problems name the flag;
   * `'*'` maps every path (the flag's value is the body, as with `share post --data`).
   */
  flagFor?: Record<string, string>
}

export type SvcCommand = CommandDef & { svc: SvcMeta }

/** What a running command may use. */
export interface CommandEnv {
  io: Io
  /** The root of the command tree this command was run from (ROOT in commands/index.ts): completion and mcp walk it. */
  root: CommandDef
  /** The command's flags and words as given (citty keeps only the last of a repeated flag: see `repeatedFlag`). */
  argv: readonly string[]
  json: boolean
  /** True when a person can answer prompts. */
  interactive: boolean
  connection(): Connection
  client(): SvcClient
  /** Asks on a terminal; off a terminal fails with a usage error naming `flag`. */
  prompt(question: string, flag: string, secret?: boolean): Promise<string>
  /** Asks for confirmation on a terminal unless `--yes`; off a terminal without `--yes` exits 2. */
  confirm(question: string, yes: boolean | undefined): Promise<void>
  /** A progress line on stderr, only on a terminal (rewritten in place). */
  progress(line: string): void
  /** Ends the progress line, if one was written. */
  progressDone(): void
}

type Globals = { server?: string; token?: string; json?: boolean; timeout?: string }

/** What execute.ts hands every command it runs (citty's `data`). */
export interface RunData {
  io: Io
  root: CommandDef
}

/** Builds the env a command runs with from the parsed global flags, the Io and the tree it runs in. */
export function commandEnv({ io, root }: RunData, flags: Globals, argv: readonly string[] = []): CommandEnv {
  const interactive = Boolean(io.prompt && io.stdin.isTTY && io.stderr.isTTY)
  // A bad --timeout is a usage error even for a command that never connects.
  if (flags.timeout !== undefined) timeoutSeconds(flags.timeout, {})
  const connection = () =>
    resolveConnection({ server: flags.server, token: flags.token, timeout: flags.timeout }, io.env)
  let progressShown = false
  const env: CommandEnv = {
    io,
    root,
    argv,
    json: Boolean(flags.json),
    interactive,
    connection,
    client: () => new SvcClient(connection(), io.fetch),
    async prompt(question, flag, secret = false) {
      if (!interactive || !io.prompt) throw usageError(`Not a terminal, so svc-cli cannot ask: pass ${flag}`)
      return (await io.prompt(question, secret)).trim()
    },
    async confirm(question, yes) {
      if (yes) return
      if (!interactive || !io.prompt)
        throw usageError(`${question.replace(/\?$/, '')}: refusing without confirmation; pass --yes`)
      const answer = (await io.prompt(`${question} [y/N] `, false)).trim().toLowerCase()
      if (answer !== 'y' && answer !== 'yes')
        throw new CliError('cancelled', 'Cancelled; nothing was changed', EXIT.error)
    },
    progress(line) {
      if (!io.stderr.isTTY || env.json) return
      void io.stderr.write(`\r\u001B[K${line}`)
      progressShown = true
    },
    progressDone() {
      if (progressShown) void io.stderr.write('\n')
      progressShown = false
    },
  }
  return env
}

export interface SvcCommandSpec<T extends ArgsDef> extends SvcMeta {
  description: string
  args?: T
  /** False for a command that talks to no server (`serve`): it takes none of the client's global flags. */
  clientFlags?: false
  run(args: ParsedArgs<T & typeof globalArgs>, env: CommandEnv): Promise<CommandResult>
}

/** Declares a leaf command; the global flags are added to its arguments. */
export function defineSvcCommand<const T extends ArgsDef = Record<never, never>>(spec: SvcCommandSpec<T>): SvcCommand {
  const args = { ...(spec.args ?? ({} as T)), ...(spec.clientFlags === false ? {} : globalArgs) }
  return {
    meta: { description: spec.description },
    args,
    svc: { example: spec.example, effect: spec.effect, untrusted: spec.untrusted, flagFor: spec.flagFor },
    run: ({ args: parsed, data, rawArgs }) =>
      spec.run(parsed as ParsedArgs<T & typeof globalArgs>, commandEnv(data as RunData, parsed as Globals, rawArgs)),
  }
}

/** A group of subcommands (a module), loaded lazily so `--help` stays fast. */
export function defineGroup(description: string, subCommands: Record<string, () => Promise<CommandDef>>): CommandDef {
  return { meta: { description }, subCommands }
}

/** Lazy import of a command file's default export. */
export const lazy = (load: () => Promise<{ default: CommandDef }>) => () => load().then((m) => m.default)

/** Parses a whole number flag (citty has no number type); usage error otherwise. */
export function intArg(raw: string | undefined, flag: string, min: number, max: number): number | undefined {
  if (raw === undefined || raw === '') return undefined
  if (!/^-?\d+$/.test(raw.trim())) throw flagError(`--${flag}`, `must be a whole number, got "${raw}"`)
  const value = Number(raw)
  if (value < min || value > max) throw flagError(`--${flag}`, `must be between ${min} and ${max}, got ${value}`)
  return value
}

/** Parses `true|false|on|off|yes|no` for switches that need an explicit value. */
export function boolArg(raw: string | undefined, flag: string): boolean | undefined {
  if (raw === undefined) return undefined
  const value = raw.trim().toLowerCase()
  if (['true', 'on', 'yes', '1'].includes(value)) return true
  if (['false', 'off', 'no', '0'].includes(value)) return false
  throw flagError(`--${flag}`, `must be on or off, got "${raw}"`)
}

/** Parses a JSON flag value with a message that names the flag. */
export function jsonArg(raw: string, flag: string): unknown {
  try {
    return JSON.parse(raw)
  } catch (error) {
    throw flagError(`--${flag}`, `must be valid JSON (${(error as Error).message})`)
  }
}

/** Every value of a flag that may be given more than once (`--set a=1 --set b=2`, or `--set=a=1`), in order. */
export function repeatedFlag(argv: readonly string[], flag: string): string[] {
  const values: string[] = []
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--') break
    if (argv[i] === `--${flag}` && i + 1 < argv.length) values.push(argv[++i])
    else if (argv[i].startsWith(`--${flag}=`)) values.push(argv[i].slice(flag.length + 3))
  }
  return values
}
