/**
 * @module Walking a command tree from its root: resolving `app create …` to its command,
 * suggesting the nearest name for a typo (nearest.ts), and listing every leaf (for the MCP whitelist).
 * The tree is given (svc-cli's is ROOT in commands/index.ts), so the commands that walk it
 * (completion, mcp) need not import it.
 */
import type { ArgsDef, CommandDef } from 'citty'
import type { SvcCommand } from './command.ts'
import { usageError } from './errors.ts'
import { GLOBAL_VALUE_FLAGS } from './global-args.ts'
import { nearest } from './nearest.ts'

const resolve = async <T>(value: T | (() => T | Promise<T>) | Promise<T>): Promise<T> =>
  typeof value === 'function' ? await (value as () => T | Promise<T>)() : await value

export const subCommandsOf = async (cmd: CommandDef) => (await resolve(cmd.subCommands)) ?? undefined

export interface Resolved {
  command: CommandDef
  /** The names walked, e.g. ['app', 'create']. */
  path: string[]
  /** The arguments left for the command. */
  rest: string[]
}

/** Walks argv down the tree from `root`; unknown names are usage errors with a suggestion. */
export async function resolveCommand(root: CommandDef, argv: string[]): Promise<Resolved> {
  let command = root
  const path: string[] = []
  let rest = [...argv]
  for (;;) {
    const subs = await subCommandsOf(command)
    if (!subs) break
    let index = -1
    for (let i = 0; i < rest.length; i++) {
      if (rest[i] === '--') break
      if (rest[i].startsWith('-')) {
        if (GLOBAL_VALUE_FLAGS.has(rest[i])) i++
        continue
      }
      index = i
      break
    }
    if (index < 0) break
    const name = rest[index]
    if (!(name in subs)) {
      const where = ['svc-cli', ...path].join(' ')
      const guess = nearest(name, Object.keys(subs))
      const didYouMean = guess ? [...path, guess].join(' ') : undefined
      throw usageError(
        `Unknown command "${name}" for ${where}.${didYouMean ? ` Did you mean "${didYouMean}"?` : ''} Run \`${where} --help\` to see the commands.`,
        [
          {
            command: [...path, name].join(' '),
            message: `unknown command; run \`${where} --help\` to see the commands`,
            ...(didYouMean ? { didYouMean } : {}),
          },
        ],
      )
    }
    command = await resolve(subs[name])
    path.push(name)
    rest = [...rest.slice(0, index), ...rest.slice(index + 1)]
  }
  return { command, path, rest }
}

/** Why `--password <value>` is refused: a secret on argv stays in shell history and shows in `ps`. */
const PASSWORD_ON_ARGV =
  'Passwords are not taken as arguments (they would stay in your shell history and show in ps): pipe the password to --password-stdin, ' +
  'e.g. `--password-stdin < password.txt`, or leave it out to be asked on a terminal'

/** Refuses flags the command does not know (citty ignores them silently). */
export async function checkFlags(resolved: Resolved): Promise<void> {
  const args = ((await resolve(resolved.command.args)) ?? {}) as ArgsDef
  const known = new Set<string>(['help', 'h'])
  const takesValue = new Set<string>()
  for (const [name, def] of Object.entries(args)) {
    if (def.type === 'positional') continue
    const kebab = name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
    for (const n of [name, kebab, ...([] as string[]).concat((def as { alias?: string | string[] }).alias ?? [])]) {
      known.add(n)
      if (def.type === 'boolean') known.add(`no-${n}`)
      else takesValue.add(n)
    }
  }
  const rest = resolved.rest
  const takesWords = Object.values(args).some((def) => def.type === 'positional')
  for (let i = 0; i < rest.length; i++) {
    const token = rest[i]
    if (token === '--') break
    if (!token.startsWith('-') || /^-\d/.test(token)) {
      // A word no flag takes and the command does not read would be silently ignored.
      if (!takesWords) throw unexpectedWord(token, resolved.path)
      continue
    }
    const name = token.replace(/^-{1,2}/, '').split('=')[0]
    if (known.has(name)) {
      // The next word is this flag's value, even when it starts with "-".
      if (takesValue.has(name) && !token.includes('=')) i++
      continue
    }
    if (name === 'password' && known.has('password-stdin')) throw usageError(PASSWORD_ON_ARGV)
    const guess = nearest(
      name,
      [...known].filter((k) => k.length > 1),
    )
    const flag = token.split('=')[0]
    throw usageError(
      `Unknown flag "${flag}" for svc-cli ${resolved.path.join(' ')}.${guess ? ` Did you mean --${guess}?` : ''}`,
      [{ flag, message: 'unknown flag', ...(guess ? { didYouMean: `--${guess}` } : {}) }],
    )
  }
}

/** A usage error for a word a command that takes only flags was given (`svc-cli app list extra`). */
function unexpectedWord(word: string, path: string[]) {
  const command = `svc-cli ${path.join(' ')}`
  return usageError(
    `Unexpected word "${word}" for ${command}: it takes only flags (a value with spaces needs quotes).`,
    [{ command, message: `unexpected word "${word}"` }],
  )
}

export interface Leaf {
  path: string[]
  command: SvcCommand
}

/** Every runnable command under `command`, loading lazy modules. */
export async function listLeaves(command: CommandDef, path: string[] = []): Promise<Leaf[]> {
  const subs = await subCommandsOf(command)
  if (!subs) return (command as SvcCommand).svc ? [{ path, command: command as SvcCommand }] : []
  const leaves: Leaf[] = []
  for (const [name, sub] of Object.entries(subs))
    leaves.push(...(await listLeaves(await resolve(sub), [...path, name])))
  return leaves
}
