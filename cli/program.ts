/**
 * @module The name svc-cli is run by, so that every hint, example and help text can be pasted
 * back as it is printed: the single executable names itself by the name it was started as
 * (`svc` when installed as svc, `svc-cli` when linked as svc-cli); from a checkout it is
 * `svc-cli`. svc's own texts say `svc-cli` (test/cli/hints.test.ts checks them against the
 * command tree); `asProgram` puts the running name in where a text is shown.
 */
import { basename } from 'node:path'

/** How svc's texts name the CLI, and the name outside the single executable. */
export const CLI_NAME = 'svc-cli'

/**
 * The program name for this process: the basename of argv[0] when it runs as the single
 * executable (a name a shell runs as typed), else `svc-cli` (`bun cli/main.ts`, `npx svc-cli`).
 */
export function programName(argv0: string = process.argv0, standalone: boolean = Bun.isStandaloneExecutable): string {
  if (!standalone) return CLI_NAME
  const name = basename(argv0).replace(/\.exe$/i, '')
  return /^[\w.+-]+$/.test(name) ? name : CLI_NAME
}

/**
 * `svc-cli` where it is the command word: at the start, after a space, a backtick, `(` or a
 * colour code, and not part of a longer word or path (`_svc-cli`, `completions/svc-cli`,
 * `svc-cli.fish`) or a quoted name (the token name `"svc-cli on <host>"`).
 */
const COMMAND_WORD = /(?:(?<=\u001B\[[0-9;]*m)|(?<![\w./"'@-]))svc-cli(?![\w-]|\.\w)/g

/** `text`, one of svc's own, with the CLI named as this run was started (`svc app list`). */
export const asProgram = (text: string, program: string = CLI_NAME): string =>
  program === CLI_NAME ? text : text.replace(COMMAND_WORD, program)
