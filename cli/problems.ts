/**
 * @module Validation problems in the user's words. The server (and the schemas the CLI
 * shares with it) name request-body fields (`autoCreate`, `options.2`); the person typed
 * flags (`--auto-create`, `--set`). This maps one to the other for the command that ran.
 */
import type { ArgsDef } from 'citty'
import type { SvcCommand } from './command.ts'
import { CliError, type Problem } from './errors.ts'

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)

/** The flag a body path came from, and the rest of the path inside that flag's value. */
export function flagForPath(command: SvcCommand, path: string): { flag: string; rest: string } | undefined {
  const flagFor = command.svc.flagFor ?? {}
  if (flagFor['*']) return { flag: flagFor['*'], rest: path }
  if (flagFor[path]) return { flag: flagFor[path], rest: '' }
  const head = path.split(/[.[]/)[0]
  const rest = path.slice(head.length).replace(/^\./, '')
  if (!head) return undefined
  if (flagFor[head]) return { flag: flagFor[head], rest }
  const args = (command.args ?? {}) as ArgsDef
  for (const name of [head, kebab(head)]) {
    const def = args[name]
    if (def && def.type !== 'positional') return { flag: `--${kebab(name)}`, rest }
  }
  return undefined
}

/** The same summary the server writes for a list of problems (server/contract/errors.ts). */
const summary = (problems: { where: string; message: string }[]) =>
  problems.length === 1
    ? `${problems[0].where ? `${problems[0].where}: ` : ''}${problems[0].message}`
    : `${problems.length} problems: ${problems.map((p) => (p.where ? `${p.where}: ${p.message}` : p.message)).join('; ')}`

/**
 * The error with each `details.problems[].path` that a flag of `command` carries named
 * by that flag, and the message rewritten to match when it was the generated summary.
 * Problems no flag carries keep their path. Other errors come back unchanged.
 */
export function withFlagNames(error: CliError, command: SvcCommand): CliError {
  const details = error.details as { problems?: Problem[] } | undefined
  const problems = details?.problems
  if (!Array.isArray(problems) || !problems.some((p) => typeof p.path === 'string' && p.flag === undefined))
    return error
  const mapped: Problem[] = problems.map((p) => {
    if (typeof p.path !== 'string' || p.flag !== undefined) return p
    const found = flagForPath(command, p.path)
    if (!found) return p
    const { path: _path, ...rest } = p
    // "rateLimit must look like …": the flag is named beside it already.
    const head = p.path.slice(0, p.path.length - found.rest.length).replace(/\.$/, '')
    const message =
      !found.rest && head && p.message.startsWith(`${head} `) ? p.message.slice(head.length + 1) : p.message
    return { ...rest, flag: found.flag, message: found.rest ? `${found.rest}: ${message}` : message }
  })
  const before = summary(problems.map((p) => ({ where: p.flag ?? p.path ?? '', message: p.message })))
  const message =
    error.message === before
      ? summary(mapped.map((p) => ({ where: p.flag ?? p.path ?? '', message: p.message })))
      : error.message
  return new CliError(error.type, message, error.exitCode, { ...details, problems: mapped })
}
