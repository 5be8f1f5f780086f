/**
 * @module `svc serve --env-file <file>` (cli/commands/serve.ts): the one way svc reads a dotenv file. Bun's own
 * loading of `.env` from the working directory is off everywhere (cli/svc-cli runs Bun with
 * `--no-env-file`; the executable is built without it), because the CLI and the MCP server
 * run inside other people's repositories, whose `.env` could set HTTP_PROXY or
 * NODE_TLS_REJECT_UNAUTHORIZED and take the stored token. The server reads a file only when
 * named; a variable already set in the environment wins over the file.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseEnv } from 'node:util'
import { flagError } from './errors.ts'

export const envFileArg = {
  'env-file': {
    type: 'string',
    description:
      'Read settings (VAR=value lines) from this file; variables set in the environment win. No .env is read otherwise',
    valueHint: 'file',
  },
} as const

/** Sets the file's variables that `env` lacks; the names it set, for the start-up message. */
export function applyEnvFile(path: string, env: Record<string, string | undefined>): { file: string; names: string[] } {
  const file = resolve(path)
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw flagError(
      '--env-file',
      `cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message} (${file})`,
    )
  }
  const names: string[] = []
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (env[name] !== undefined || value === undefined) continue
    env[name] = value
    names.push(name)
  }
  return { file, names }
}
