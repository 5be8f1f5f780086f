/**
 * Every hint names something that exists: each `svc-cli …` written in cli/ (messages,
 * examples, help texts, comments) and in the README is resolved against the command
 * tree, and each flag it shows against that command's flags. A typo in a hint, or a
 * command or flag renamed without its hints, fails here with the file and the text.
 */
import { describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { ArgsDef, CommandDef } from 'citty'
import { ROOT } from '../../cli/commands/index.ts'
import { HELP_TOPICS } from '../../cli/help.ts'
import { subCommandsOf } from '../../cli/tree.ts'
import { ROOT as CHECKOUT } from '../support/server.ts'

/** Words after "svc-cli" that are prose ("the svc-cli command", "`which svc-cli bun`"), not a command. */
const PROSE = new Set([
  'command',
  'commands',
  'invocation',
  'itself',
  'cannot',
  'waits',
  'on',
  'and',
  'or',
  'is',
  'in',
  'as',
  'to',
  'uses',
  'runs',
  'bun',
  'reads',
])
/** Where a command line ends: pipes, redirections, separators, a comment, an ellipsis. */
const END = /^(\||>|<|&&|;|#|\)|then|…|\.\.\.)/

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'completion' ? [] : files(path)
    return path.endsWith('.ts') ? [path] : []
  })
}

interface Hint {
  file: string
  text: string
}

/** Every "svc-cli <words>" in a text, as far as a command line goes. */
function hintsIn(file: string, text: string): Hint[] {
  const found: Hint[] = []
  // A backslash ends it too: an escaped backtick closing a code span inside a template string.
  for (const match of text.matchAll(/svc-cli((?:[ \t]+[^\s`'"\\]+)+)/g))
    found.push({ file, text: `svc-cli${match[1]}` })
  return found
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
const resolve = async <T>(value: T | (() => T | Promise<T>)): Promise<T> =>
  typeof value === 'function' ? await (value as () => T)() : value

/** What is wrong with a hint, or null when it names a real command and real flags. */
async function problemWith(hint: string): Promise<string | null> {
  let words = hint.split(/[ \t]+/).slice(1)
  const end = words.findIndex((w) => END.test(w))
  if (end >= 0) words = words.slice(0, end)
  if (words[0] === 'help') words = words.slice(1)
  // A help topic that is not a command (`svc-cli help environment`).
  if (words.length === 1 && words[0].replace(/[.,:)`]+$/, '') in HELP_TOPICS) return null
  if (words.length === 0) return null
  // A placeholder in command position (`svc-cli ${top}`, `svc-cli <module>`): nothing fixed to check.
  if (/[$<{]/.test(words[0])) return null
  if (PROSE.has(words[0].replace(/[.,:]$/, ''))) return null
  let command: CommandDef<ArgsDef> = ROOT
  const path: string[] = []
  while (words.length && !words[0].startsWith('-')) {
    const subs = await subCommandsOf(command)
    if (!subs) break
    const word = words[0].replace(/[.,:)]+$/, '')
    if (/[$<{]/.test(word)) return null
    if (!(word in subs)) return `"${word}" is not a command of svc-cli${path.length ? ` ${path.join(' ')}` : ''}`
    command = await resolve(subs[word])
    path.push(word)
    words = words.slice(1)
  }
  if (await subCommandsOf(command)) {
    // A group named alone prints its commands; a flag after a group is wrong.
    return words.some((w) => w.startsWith('-') && w !== '--help')
      ? `svc-cli ${path.join(' ')} is a group of commands, not a command`
      : null
  }
  const args = ((await resolve(command.args)) ?? {}) as ArgsDef
  const known = new Set(['--help', '-h'])
  for (const [name, def] of Object.entries(args)) {
    if (def.type === 'positional') continue
    known.add(`--${kebab(name)}`)
    if (def.type === 'boolean') known.add(`--no-${kebab(name)}`)
    for (const alias of ([] as string[]).concat((def as { alias?: string | string[] }).alias ?? []))
      known.add(alias.length === 1 ? `-${alias}` : `--${alias}`)
  }
  for (const word of words) {
    if (!/^--?[a-z]/.test(word)) continue
    const flag = word.split('=')[0].replace(/[.,:)]+$/, '')
    if (!known.has(flag)) return `svc-cli ${path.join(' ')} has no flag ${flag}`
  }
  return null
}

const sources = files(join(CHECKOUT, 'cli')).map((path) => ({ path, text: readFileSync(path, 'utf8') }))
const readme = readFileSync(join(CHECKOUT, 'README.md'), 'utf8')
const hints = [
  ...sources.flatMap(({ path, text }) => hintsIn(relative(CHECKOUT, path), text)),
  ...hintsIn('README.md', readme),
]

describe('hints name commands and flags that exist', () => {
  test('there are hints to check in both the CLI and the README', () => {
    expect(hints.filter((h) => h.file === 'README.md').length).toBeGreaterThan(20)
    expect(hints.filter((h) => h.file.startsWith('cli/')).length).toBeGreaterThan(100)
  })

  test('every one of them', async () => {
    const wrong: string[] = []
    for (const hint of hints) {
      const problem = await problemWith(hint.text)
      if (problem) wrong.push(`${hint.file}: ${hint.text} — ${problem}`)
    }
    expect(wrong).toEqual([])
  })

  test('the checker itself catches a wrong command, a wrong flag and a flag after a group', async () => {
    expect(await problemWith('svc-cli apps list')).toBe('"apps" is not a command of svc-cli')
    expect(await problemWith('svc-cli app create --nmae x')).toBe('svc-cli app create has no flag --nmae')
    expect(await problemWith('svc-cli app --name x')).toBe('svc-cli app is a group of commands, not a command')
    expect(await problemWith('svc-cli help app create')).toBeNull()
    expect(await problemWith('svc-cli help environment')).toBeNull()
    expect(await problemWith('svc-cli help environmnt')).toBe('"environmnt" is not a command of svc-cli')
    expect(await problemWith('svc-cli app list -q | xargs -n1 svc-cli share status --json --app')).toBeNull()
    expect(await problemWith('svc-cli share query --app <id> --limit 5 --no-all')).toBeNull()
  })
})
