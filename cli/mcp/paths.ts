/**
 * @module No local files for an agent. Records are written by the public, so a prompt
 * injection in one can steer an agent; nothing it calls through svc may open, list or write
 * a path on the user's machine. The flags that name a path are read off the command tree:
 * a flag whose valueHint is `file` or `dir` (or `field=file`, a field's file to post) always
 * names one, a flag with `id|file` names one unless its value is a plain id. Every in-process run of the MCP server is checked here before the
 * command starts, with the arguments parsed exactly as the command will parse them.
 */
import { parseArgs, type ArgsDef } from 'citty'
import { CliError, EXIT } from '../errors.ts'

export interface PathFlag {
  /** The flag as typed, e.g. "--file". */
  flag: string
  /** The arg's declared name (what the command reads). */
  name: string
  /** True for `id|file`: an id is fine, anything else is taken as a path. */
  takesId: boolean
  /** What to pass instead, for the refusal. */
  instead: string
}

/** Documents an MCP tool takes inline, for the command that would read them from a file. */
const INLINE_TOOL: Record<string, string> = {
  'smart execute': 'pass the plan inline as JSON with the plan argument of svc_execute',
}

/** What a plain id looks like (plan ids are UUIDs); it has no dot, slash or backslash, so it is never a path. */
export const PLAIN_ID = /^[A-Za-z0-9][A-Za-z0-9_-]*$/

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
const hints = (valueHint: unknown) => (typeof valueHint === 'string' ? valueHint.split('|') : [])
/** A hint that names a local path: a file, a folder, or `<name>=file` (share post --file cv=./cv.pdf). */
const namesPath = (hint: string) => hint === 'file' || hint === 'dir' || hint.endsWith('=file')

/** The flags of one command (its path and args) that name local paths, with what to pass instead. */
export function pathFlags(path: string[], args: ArgsDef): PathFlag[] {
  const entries = Object.entries(args)
  const inline = entries.find(([, def]) => def.type !== 'positional' && hints(def.valueHint).includes('json'))
  return entries
    .filter(([, def]) => def.type !== 'positional' && hints(def.valueHint).some(namesPath))
    .map(([name, def]) => {
      const takesId = hints(def.valueHint).includes('id')
      const tool = INLINE_TOOL[path.join(' ')]
      // A file to upload has no inline form: an agent sends the other values only.
      const upload = hints(def.valueHint).some((hint) => hint.endsWith('=file'))
      const folder = hints(def.valueHint).includes('dir')
      const instead = [
        upload &&
          `leave --${kebab(name)} out: files are sent from a terminal (\`svc-cli ${path.join(' ')} --${kebab(name)}\`)`,
        folder &&
          `leave --${kebab(name)} out: the records hold each file's {id, name, size, type, sha256}; the user saves the files from a terminal`,
        !upload && !folder && inline && `pass the document inline as JSON with --${kebab(inline[0])} '<JSON>'`,
        tool,
        takesId && `give a stored id as --${kebab(name)} <id>`,
        name === 'out' && `leave --${kebab(name)} out: the result comes back in this tool's answer`,
      ].filter(Boolean)
      return {
        flag: `--${kebab(name)}`,
        name,
        takesId,
        instead: instead.join(', or ') || 'pass the content inline instead',
      }
    })
}

/** Positional args declared as paths: the check above covers flags only, so the tree must have none. */
export function pathPositionals(args: ArgsDef): string[] {
  return Object.entries(args)
    .filter(([, def]) => def.type === 'positional' && hints(def.valueHint).some(namesPath))
    .map(([name]) => name)
}

/**
 * The refusal (type `local_path`) for the first flag in `rawArgs` that names a local path,
 * or null. Parses with citty as the command will; arguments citty cannot parse never reach
 * the command either.
 */
export function refusePaths(path: string[], args: ArgsDef, rawArgs: string[]): CliError | null {
  const flags = pathFlags(path, args)
  if (flags.length === 0) return null
  let parsed: Record<string, unknown>
  try {
    parsed = parseArgs(rawArgs, args) as Record<string, unknown>
  } catch {
    return null
  }
  for (const flag of flags) {
    const values = ([] as unknown[]).concat(parsed[flag.name] ?? [])
    const named = values.some(
      (value) => !flag.takesId || (typeof value === 'string' && value !== '' && !PLAIN_ID.test(value)),
    )
    if (named) {
      const what = flag.takesId ? `${flag.flag} with a file path` : flag.flag
      return new CliError(
        'local_path',
        `"${path.join(' ')}" ${what} cannot be used through MCP: the MCP server never opens, lists or writes files on this machine. Instead, ${flag.instead}.`,
        EXIT.usage,
      )
    }
  }
  return null
}
