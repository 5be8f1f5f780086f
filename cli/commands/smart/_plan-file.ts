/**
 * @module Plan documents from the user: read from --file, --data or stdin, and checked
 * with the server's own plan rules (check-plan.ts) before anything is sent, so a mistake
 * is listed in full without a round trip and the CLI cannot drift from the server.
 */
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { CommandEnv } from '../../command.ts'
import { CliError, EXIT, usageError } from '../../errors.ts'
import { checkPlan } from '../../../server/contract/smart/check-plan.ts'
import type { Plan, Problem } from './_api.ts'

/** A document that is not a valid plan: exit 1, every problem in the message (so --json shows them too). */
export function planInvalid(what: string, problems: readonly Problem[]): CliError {
  const list = problems.map((p) => `  - ${p.path || '(plan)'}: ${p.message}`).join('\n')
  return new CliError(
    'validation',
    `${what} is not a valid plan (${problems.length} problem${problems.length === 1 ? '' : 's'}); fix ${problems.length === 1 ? 'it' : 'them'} and try again:\n${list}`,
    EXIT.error,
  )
}

/** A server 422 about a plan, rewritten the same way; any other error unchanged. */
export function asPlanError(error: unknown, what: string): unknown {
  const problems =
    error instanceof CliError && error.type === 'validation'
      ? (error.details as { problems?: Problem[] } | undefined)?.problems
      : undefined
  return problems?.length ? planInvalid(what, problems) : error
}

/**
 * True when `value` names a plan file rather than a stored plan's id: `-` (stdin), a name
 * ending in .json, or a path with a separator. Decided from the text alone, never by looking
 * at the disk, so a plan id can never be taken for a file that happens to exist.
 */
export const looksLikeFile = (value: string) => value === '-' || /\.json$/i.test(value) || /[\\/]/.test(value)

/** Reads JSON text from a file (`-` is stdin), from --data, or from piped stdin. */
export async function readPlanText(
  env: CommandEnv,
  file: string | undefined,
  data: string | undefined,
): Promise<{ text: string; source: string }> {
  if (file !== undefined && data !== undefined)
    throw usageError('Pass the plan either with --file or with --data, not both')
  if (data !== undefined) return { text: data, source: '--data' }
  if (file !== undefined && file !== '-') {
    const path = resolve(file)
    if (!existsSync(path)) throw usageError(`No such file: ${path}`)
    return { text: readFileSync(path, 'utf8'), source: file }
  }
  if (file === undefined && env.io.stdin.isTTY)
    throw usageError("No plan given: pass --data '{…}', --file plan.json, or pipe the plan into stdin")
  const text = await env.io.stdin.read()
  if (text.trim() === '') throw usageError("No plan given: stdin was empty; pass --data '{…}' or --file plan.json")
  return { text, source: 'stdin' }
}

/** Parses plan JSON; a syntax error is a usage error naming where the text came from. */
export function parsePlanJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw usageError(`${source} is not valid JSON (${(error as Error).message})`)
  }
}

/** The parsed plan, or every problem as a `validation` error. */
export function requirePlan(document: unknown, source: string): Plan {
  const checked = checkPlan(document)
  if (!checked.plan) throw planInvalid(source, checked.problems)
  return checked.plan
}
