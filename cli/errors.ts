/**
 * @module The CLI's one error type. Commands and the HTTP client throw it; the printing
 * layer turns it into a message and an exit code, the MCP server into an `isError` result.
 */

/** gh's exit codes: 1 failure, 2 usage, 4 authentication needed, 130 interrupted (Ctrl-C at a prompt). */
export const EXIT = { ok: 0, error: 1, usage: 2, auth: 4, interrupted: 130 } as const

export class CliError extends Error {
  override name = 'CliError'
  constructor(
    /** The server's error type (`not_found`, `validation`, …) or a CLI one (`usage`, `unauthorized`, `unreachable`). */
    readonly type: string,
    message: string,
    readonly exitCode: number = EXIT.error,
    readonly details?: unknown,
  ) {
    super(message)
  }
}

/** A mistake in how the command was called: exit 2. */
export const usageError = (message: string) => new CliError('usage', message, EXIT.usage)

/** No usable token: exit 4 with what to do. */
export const notLoggedIn = (server: string) =>
  new CliError(
    'unauthorized',
    `Not logged in to ${server}. Run \`svc-cli auth login\` (or \`svc-cli auth login --with-token < token.txt\`), or set SVC_TOKEN.`,
    EXIT.auth,
  )
