/**
 * @module The CLI's one error type. Commands and the HTTP client throw it; the printing
 * layer turns it into a message and an exit code, the MCP server into an `isError` result.
 */

/**
 * gh's exit codes (1 failure, 2 usage, 4 authentication needed, 130 interrupted at a
 * prompt) plus coreutils `timeout`'s 124: the server did not answer in time.
 */
export const EXIT = { ok: 0, error: 1, usage: 2, auth: 4, timeout: 124, interrupted: 130 } as const

/** What each exit code means, for `svc-cli --help` and the README. */
export const EXIT_MEANINGS: Record<(typeof EXIT)[keyof typeof EXIT], string> = {
  0: 'ok (also when a reader such as `head` closes stdout early)',
  1: 'failed (the message says why)',
  2: 'usage: a bad flag or value, or a confirmation needed off a terminal (pass --yes)',
  4: 'not logged in, or the token was refused',
  124: 'the server did not answer in time (--timeout, SVC_TIMEOUT)',
  130: 'interrupted',
}

/**
 * One thing wrong with how a command was called or with what it sent, named the way the
 * user typed it: a flag (`--name`), several flags (`--name`, `--description`: pass one),
 * a command word, or, where no flag maps, the API path.
 */
export interface Problem {
  flag?: string
  flags?: string[]
  command?: string
  path?: string
  message: string
  didYouMean?: string
}

export class CliError extends Error {
  override name = 'CliError'
  constructor(
    /** The server's error type (`not_found`, `validation`, …) or a CLI one (`usage`, `unauthorized`, `unreachable`, `timeout`). */
    readonly type: string,
    message: string,
    readonly exitCode: number = EXIT.error,
    readonly details?: unknown,
  ) {
    super(message)
  }
}

const FLAG = /(?<![\w-])--[a-z][a-z0-9-]*/g

/** The flags a message names, in order, once each. */
export const flagsIn = (message: string): string[] => [...new Set(message.match(FLAG) ?? [])]

/** A problem naming the flags its message mentions (one as `flag`, several as `flags`); none when it mentions none. */
export function problemOf(message: string): Problem | undefined {
  const flags = flagsIn(message)
  return flags.length === 1 ? { flag: flags[0], message } : flags.length > 1 ? { flags, message } : undefined
}

/**
 * A mistake in how the command was called: exit 2. `details.problems` names the flags at
 * fault: given, or else the flags the message mentions (a message naming none has no details).
 */
export function usageError(message: string, problems?: Problem[]): CliError {
  const found = problems ?? [problemOf(message)].filter((p) => p !== undefined)
  return new CliError('usage', message, EXIT.usage, found.length ? { problems: found } : undefined)
}

/** A bad value for one flag: `--size must be …`, with `{flag, message}` in details. */
export const flagError = (flag: string, problem: string) =>
  usageError(`${flag} ${problem}`, [{ flag, message: problem }])

/** None of the optional flags of an update was given. */
export function nothingToChange(flags: string[], verb = 'change'): CliError {
  const list = flags.length > 1 ? `${flags.slice(0, -1).join(', ')} or ${flags.at(-1)}` : flags[0]
  return usageError(`Nothing to ${verb}: pass ${list}`, [
    { flags, message: `pass at least one of ${flags.join(', ')}` },
  ])
}

/** No usable token: exit 4 with what to do. */
export const notLoggedIn = (server: string) =>
  new CliError(
    'unauthorized',
    `Not logged in to ${server}. Run \`svc-cli auth login\` (or \`svc-cli auth login --with-token < token.txt\`), or set SVC_TOKEN.`,
    EXIT.auth,
  )

/**
 * Whoever reads stdout has gone (`svc-cli … | head`). Not a failure: the run ends quietly
 * with exit 0, like a command killed by SIGPIPE in a shell pipeline that only wanted the start.
 */
export class OutputClosed extends CliError {
  constructor() {
    super('output_closed', 'stdout was closed by the reader', EXIT.ok)
  }
}
