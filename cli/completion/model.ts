/**
 * @module What shell completion knows, read from the command tree it is given: for each
 * place in the tree its subcommands, and for each command its flags, which of them take a
 * value, and the values an enum flag allows. The bash, zsh and fish scripts are written
 * from this, so they cannot drift from the commands.
 */
import type { ArgsDef, CommandDef } from 'citty'
import { subCommandsOf } from '../tree.ts'

export interface FlagSpec {
  /** `--name` (kebab-case, as typed). */
  name: string
  /** `-q`, when there is a one-letter alias. */
  short?: string
  description: string
  takesValue: boolean
  /** The allowed values of an enum flag. */
  values?: string[]
  /** A file path (`--out`): complete file names. */
  file?: boolean
}

export interface Place {
  /** The command words, e.g. ['app', 'create']; [] is svc-cli itself. */
  path: string[]
  subcommands: { name: string; description: string }[]
  /** Flags of a command you can run (a group has none but --help). */
  flags: FlagSpec[]
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
const resolve = async <T>(value: T | (() => T | Promise<T>) | Promise<T>): Promise<T> =>
  typeof value === 'function' ? await (value as () => T)() : await value
const describe = async (command: CommandDef) =>
  ((await resolve(command.meta)) as { description?: string } | undefined)?.description ?? ''

const HELP: FlagSpec = { name: '--help', short: '-h', description: 'Show help', takesValue: false }

function flagsOf(args: ArgsDef): FlagSpec[] {
  const flags: FlagSpec[] = []
  for (const [name, def] of Object.entries(args)) {
    if (def.type === 'positional') continue
    const aliases = ([] as string[]).concat((def as { alias?: string | string[] }).alias ?? [])
    const short = aliases.find((a) => a.length === 1)
    const values = def.type === 'enum' ? ((def as { options?: string[] }).options ?? []) : undefined
    flags.push({
      name: `--${kebab(name)}`,
      ...(short ? { short: `-${short}` } : {}),
      description: (def as { description?: string }).description ?? '',
      takesValue: def.type !== 'boolean',
      ...(values ? { values } : {}),
      ...((def as { valueHint?: string }).valueHint === 'file' ? { file: true } : {}),
    })
  }
  return [...flags, HELP]
}

/** Every place in the tree under `root`, parents before children, loading the lazy modules. */
export async function completionModel(root: CommandDef): Promise<Place[]> {
  const places: Place[] = []
  const walk = async (command: CommandDef, path: string[]) => {
    const subs = await subCommandsOf(command)
    if (!subs) {
      places.push({ path, subcommands: [], flags: flagsOf(((await resolve(command.args)) ?? {}) as ArgsDef) })
      return
    }
    const loaded = await Promise.all(
      Object.entries(subs).map(async ([name, sub]) => [name, await resolve(sub)] as const),
    )
    places.push({
      path,
      subcommands: await Promise.all(loaded.map(async ([name, sub]) => ({ name, description: await describe(sub) }))),
      flags: [HELP],
    })
    for (const [name, sub] of loaded) await walk(sub, [...path, name])
  }
  await walk(root, [])
  return places
}

/** A string in single quotes for sh, bash and zsh. */
export const shQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`

/** One line of help text, for a description column. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()
