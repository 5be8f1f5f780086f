/**
 * @module The environment variables svc-cli reads, written once for `svc-cli --help` (a line
 * each), `svc-cli help environment` (what each does, like `gh help environment`) and the
 * README (test/docs/readme-cli.test.ts compares them).
 */
import { DEFAULT_SERVER } from './config.ts'
import { DEFAULT_TIMEOUT_SECONDS } from './timeout.ts'

export interface EnvironmentVariable {
  name: string
  /** One line for `svc-cli --help` and the README. */
  summary: string
  /** What `svc-cli help environment` says about it: the summary and then this. */
  more?: string
}

/** Every variable svc-cli reads (the server's own, for `svc-cli serve`, are in the README's Configuration). */
export const CLI_ENVIRONMENT: EnvironmentVariable[] = [
  {
    name: 'SVC_URL',
    summary: 'the svc server to talk to when --server is not given',
    more: `Without either, svc-cli uses the server of the last login, else ${DEFAULT_SERVER}. Logins are kept per server, so SVC_URL also picks which stored login is used.`,
  },
  {
    name: 'SVC_TOKEN',
    summary: 'an access token (svc_pat_…) used instead of the stored login',
    more: 'For CI and scripts: nothing is stored and no login is needed. Make one with `svc-cli auth token create --name ci`, or in the admin page under Account.',
  },
  {
    name: 'SVC_TIMEOUT',
    summary: `seconds to wait for the server to answer or send more (default ${DEFAULT_TIMEOUT_SECONDS}); --timeout overrides it`,
    more: 'The limit is on silence, not length: a long export that keeps sending never times out. A timeout exits 124. `svc-cli mcp` keeps the same limit for every tool call.',
  },
  {
    name: 'XDG_CONFIG_HOME',
    summary: 'where logins are stored: $XDG_CONFIG_HOME/svc/config.json, else ~/.config/svc/config.json',
    more: 'The folder is made 0700 and the file 0600 (only you can read the tokens in it).',
  },
  {
    name: 'NO_COLOR',
    summary: 'set to anything: no colours (also TERM=dumb; output that is not a terminal has none anyway)',
  },
  {
    name: 'SVC_MCP_SAMPLING_MS',
    summary: '`svc-cli mcp` only: milliseconds the MCP client’s model may take to write a plan for svc_generate',
  },
]

/** The text of `svc-cli help environment`. */
export function environmentHelp(): string {
  const entries = CLI_ENVIRONMENT.map(({ name, summary, more }) => {
    const text = `${summary[0].toUpperCase()}${summary.slice(1)}.${more ? ` ${more}` : ''}`
    return `${name}\n${wrap(text, 76)
      .map((line) => `  ${line}`)
      .join('\n')}`
  })
  return [
    'ENVIRONMENT',
    '',
    'svc-cli reads these variables; a flag given on the command line wins over them.',
    '',
    entries.join('\n\n'),
    '',
    ...wrap(
      '`svc-cli serve` (like `npm start`) is configured by the server’s own variables: PORT, HOST, SVC_DATA_DIR, SVC_BASE_URL and more; the README lists them under "Configuration".',
      78,
    ),
  ].join('\n')
}

/** Words of `text` in lines of at most `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(line)
  return lines
}
