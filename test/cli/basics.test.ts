/**
 * Help, usage errors, exit codes and output rules that need no server.
 */
import { describe, expect, test } from 'bun:test'
import { ROOT } from '../../cli/commands/index.ts'
import { listLeaves } from '../../cli/tree.ts'
import { cliInProcess, cliProcess, startTestServer } from '../support/server.ts'

const leaves = await listLeaves(ROOT)

describe('help', () => {
  test.each(leaves.map((leaf) => [leaf.path.join(' '), leaf] as const))(
    'svc-cli %s --help has a description and an example',
    async (name, leaf) => {
      const run = await cliInProcess([...leaf.path, '--help'])
      expect(run.code).toBe(0)
      expect(run.stderr).toBe('')
      const description = (leaf.command.meta as { description: string }).description
      expect(description.length).toBeGreaterThan(10)
      expect(run.stdout).toContain(`${description} (svc-cli ${name})`)
      expect(run.stdout).toContain(`EXAMPLE\n\n  ${leaf.command.svc.example}\n`)
      expect(leaf.command.svc.example.startsWith('svc-cli') || leaf.command.svc.example.includes('svc-cli')).toBe(true)
    },
  )

  test('`svc-cli help app create` and `svc-cli app create --help` agree', async () => {
    const [a, b] = await Promise.all([
      cliInProcess(['help', 'app', 'create']),
      cliInProcess(['app', 'create', '--help']),
    ])
    expect(a).toMatchObject({ code: 0, stdout: b.stdout })
  })

  test('help is plain text (no colour) when stdout is not a terminal', async () => {
    const run = await cliProcess(['share', 'set', '--help'])
    expect(run.code).toBe(0)
    expect(run.stdout).not.toContain('\u001B[')
    expect(run.stdout).toContain('--rate-limit=<rate>')
  })

  test('a group without a subcommand prints its commands', async () => {
    const run = await cliInProcess(['field'])
    expect(run.code).toBe(0)
    for (const name of ['add', 'list', 'get', 'update', 'remove', 'move', 'options'])
      expect(run.stdout).toMatch(new RegExp(`^\\s+${name}\\s+\\S`, 'm'))
  })

  test('svc-cli --help lists the flags every command takes and the environment variables, one line each', async () => {
    const run = await cliProcess(['--help'])
    expect(run.code).toBe(0)
    const section = (title: string) => run.stdout.split(`\n${title}`)[1].split('\n\n')[1].split('\n')
    expect(section('GLOBAL FLAGS')).toEqual([
      '  --server <url>       svc server URL (else SVC_URL, stored config, http://localhost:8787)',
      '  --token <token>      Access token (else SVC_TOKEN, stored config); prefer SVC_TOKEN or `auth login --with-token`: a flag stays in shell history',
      '  --json               Print one JSON document on stdout (errors as JSON on stderr)',
      '  --timeout <seconds>  Seconds to wait for the server to answer or send more (else SVC_TIMEOUT, 30); exit 124 when it stays silent',
      '  -h, --help           Help for any command (also `svc-cli help <command>`)',
      '  -v, --version        The version of svc-cli',
    ])
    expect(section('ENVIRONMENT').map((line) => line.trim().split(/\s+/)[0])).toEqual([
      'SVC_URL',
      'SVC_TOKEN',
      'SVC_TIMEOUT',
      'XDG_CONFIG_HOME',
      'NO_COLOR',
      'SVC_MCP_SAMPLING_MS',
    ])
    expect(run.stdout).toContain(
      '\n  SVC_TOKEN            an access token (svc_pat_…) used instead of the stored login\n',
    )
  })

  test('`svc-cli help environment` says what each variable does, as `gh help environment` does', async () => {
    const run = await cliProcess(['help', 'environment'])
    expect([run.code, run.stderr]).toEqual([0, ''])
    expect(run.stdout).toStartWith(
      'ENVIRONMENT\n\nsvc-cli reads these variables; a flag given on the command line wins over them.\n\nSVC_URL\n  The svc server to talk to when --server is not given. Without either,\n  svc-cli uses the server of the last login, else http://localhost:8787.',
    )
    for (const name of ['SVC_URL', 'SVC_TOKEN', 'SVC_TIMEOUT', 'XDG_CONFIG_HOME', 'NO_COLOR', 'SVC_MCP_SAMPLING_MS'])
      expect(run.stdout).toMatch(new RegExp(`\\n\\n${name}\\n  [A-Z\`]`))
    expect(run.stdout).toContain('A timeout exits 124.')
    expect(run.stdout.split('\n').every((line) => line.length <= 80)).toBe(true)
    const typo = await cliProcess(['help', 'enviroment'])
    expect([typo.code, typo.stderr]).toEqual([
      2,
      'error: No help topic or command "enviroment". Did you mean `svc-cli help environment`?\n',
    ])
  })

  test('--version prints the package version', async () => {
    const run = await cliProcess(['--version'])
    expect(run).toMatchObject({ code: 0, stdout: `${(await import('../../package.json')).version}\n`, stderr: '' })
  })
})

describe('usage errors exit 2 and say what to do', () => {
  const cases: [string[], string][] = [
    [
      ['ap', 'list'],
      'error: Unknown command "ap" for svc-cli. Did you mean "app"? Run `svc-cli --help` to see the commands.',
    ],
    [
      ['app', 'lst'],
      'error: Unknown command "lst" for svc-cli app. Did you mean "app list"? Run `svc-cli app --help` to see the commands.',
    ],
    [
      ['app', 'create', '--nam', 'x'],
      'error: Unknown flag "--nam" for svc-cli app create. Did you mean --name?\nRun `svc-cli app create --help` for usage.',
    ],
    [['app', 'create'], 'error: Missing required argument: --name\nRun `svc-cli app create --help` for usage.'],
    [
      ['share', 'query', '--app', 'a', '--size', 'ten'],
      'error: --size must be a whole number, got "ten"\nRun `svc-cli share query --help` for usage.',
    ],
    [
      ['share', 'query', '--app', 'a', '--size', '1001'],
      'error: --size must be between 1 and 1000, got 1001\nRun `svc-cli share query --help` for usage.',
    ],
    [
      ['share', 'set', '--app', 'a', '--reads', 'maybe'],
      'error: --reads must be off, summary or records (on still means records), got "maybe"\nRun `svc-cli share set --help` for usage.',
    ],
    [
      ['field', 'add', '--app', 'a', '--name', 'n', '--type', 'colour'],
      'error: Invalid value for argument: --type (colour). Expected one of: text, longtext, number, boolean, choice, multichoice, likert, rating, nps, date, time, datetime, email, phone, url, consent, file, json.\nRun `svc-cli field add --help` for usage.',
    ],
    [
      ['field', 'add', '--app', 'a', '--name', 'cv', '--type', 'file', '--max-size', '10 parsecs'],
      'error: --max-size must be bytes or a size like 500KB, 25MB, 1GB; got "10 parsecs"\nRun `svc-cli field add --help` for usage.',
    ],
    [
      ['skill', 'forms'],
      'error: No skill "forms"; choose one of form, scale, connect, report, expert, share\nRun `svc-cli skill --help` for usage.',
    ],
    [
      ['app', 'get', '--app', 'x', '--server', 'ftp://example.com'],
      'error: --server must start with http:// or https://, got "ftp://example.com"\nRun `svc-cli app get --help` for usage.',
    ],
    // Extra words are refused, not ignored: an unquoted value with a space would otherwise lose its tail.
    [
      ['app', 'list', 'extra'],
      'error: Unexpected word "extra" for svc-cli app list: it takes only flags (a value with spaces needs quotes).\nRun `svc-cli app list --help` for usage.',
    ],
    [
      ['app', 'create', '--name', 'Contact', 'form'],
      'error: Unexpected word "form" for svc-cli app create: it takes only flags (a value with spaces needs quotes).\nRun `svc-cli app create --help` for usage.',
    ],
  ]
  test.each(cases)('svc-cli %p', async (argv, message) => {
    const run = await cliInProcess(argv)
    expect(run).toMatchObject({ code: 2, stdout: '', stderr: `${message}\n` })
  })

  // An unset shell variable ($APP) gives an empty value: refused before any request is made.
  test.each([
    [['share', 'publish', '--app', ''], 'POST /api/v3/apps//share/publish', 'share publish'],
    [['field', 'get', '--app', 'a', '--field', ''], 'GET /api/v3/apps/a/fields/', 'field get'],
  ])('svc-cli %p: an empty id is a usage error, not a request', async (argv, request, command) => {
    const run = await cliInProcess(argv, { env: { SVC_URL: 'http://127.0.0.1:9', SVC_TOKEN: 'svc_pat_x' } })
    expect(run).toMatchObject({
      code: 2,
      stdout: '',
      stderr: `error: An id is empty in ${request}: a flag such as --app was given an empty value (an unset shell variable?)\nRun \`svc-cli ${command} --help\` for usage.\n`,
    })
  })

  test('with --json the error is one JSON document on stderr', async () => {
    const run = await cliInProcess(['app', 'lst', '--json'])
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(JSON.parse(run.stderr)).toEqual({
      error: {
        type: 'usage',
        message:
          'Unknown command "lst" for svc-cli app. Did you mean "app list"? Run `svc-cli app --help` to see the commands.',
        details: {
          problems: [
            {
              command: 'app lst',
              message: 'unknown command; run `svc-cli app --help` to see the commands',
              didYouMean: 'app list',
            },
          ],
        },
      },
    })
  })

  // details say which flag and what was wrong, in the words typed (flags, not API fields).
  test.each([
    [['app', 'create', '--nam', 'x'], { flag: '--nam', message: 'unknown flag', didYouMean: '--name' }],
    [['app', 'create'], { flag: '--name', message: 'is required' }],
    [
      ['share', 'query', '--app', 'a', '--size', 'ten'],
      { flag: '--size', message: 'must be a whole number, got "ten"' },
    ],
    [
      ['share', 'query', '--app', 'a', '--limit', '0'],
      { flag: '--size', message: 'must be between 1 and 1000, got 0' },
    ],
    [
      ['field', 'add', '--app', 'a', '--name', 'n', '--type', 'colour'],
      {
        flag: '--type',
        message:
          'must be one of text, longtext, number, boolean, choice, multichoice, likert, rating, nps, date, time, datetime, email, phone, url, consent, file, json; got "colour"',
      },
    ],
    [
      ['app', 'update', '--app', 'x'],
      { flags: ['--name', '--description'], message: 'Nothing to change: pass --name and/or --description' },
    ],
    [
      ['app', 'list', '--timeout', 'soon'],
      { flag: '--timeout', message: 'must be a number of seconds greater than 0 and at most 86400, got "soon"' },
    ],
    [['app', 'list', '--limit', 'all'], { flag: '--limit', message: 'must be a whole number, got "all"' }],
    [
      ['app', 'delete', '--app', 'x'],
      { flag: '--yes', message: 'Delete app x and all its records: refusing without confirmation; pass --yes' },
    ],
  ])('svc-cli %p --json: details name the flag', async (argv, problem) => {
    const run = await cliInProcess([...argv, '--json'], {
      env: { SVC_URL: 'http://127.0.0.1:9', SVC_TOKEN: 'svc_pat_x' },
    })
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    const { error } = JSON.parse(run.stderr)
    expect(error.type).toBe('usage')
    expect(error.details).toEqual({ problems: [problem] })
  })
})

describe('without a token or a server', () => {
  test('a command that needs login exits 4 and says how to log in', async () => {
    const server = await startTestServer()
    try {
      const run = await cliProcess(['app', 'list', '--json'], { env: { SVC_URL: server.url } })
      expect(run.code).toBe(4)
      expect(run.stdout).toBe('')
      expect(JSON.parse(run.stderr)).toEqual({
        error: {
          type: 'unauthorized',
          message: `Not logged in to ${server.url}. Run \`svc-cli auth login\` (or \`svc-cli auth login --with-token < token.txt\`), or set SVC_TOKEN.`,
        },
      })
    } finally {
      await server.close()
    }
  })

  test('a mistyped server without a login says it could not be reached, not that the login is missing', async () => {
    const run = await cliInProcess(['app', 'list', '--json', '--server', 'http://127.0.0.1:9'])
    expect(run.code).toBe(1)
    const { error } = JSON.parse(run.stderr)
    expect(error.type).toBe('unreachable')
    expect(error.message).toStartWith('Could not reach svc at http://127.0.0.1:9 (')
    expect(error.message).toEndWith('Start it with `svc-cli serve`, or point to it with --server or SVC_URL.')
    expect(error.details).toEqual({ server: 'http://127.0.0.1:9' })
  })

  test('an unreachable server exits 1 and names the URL and the fix', async () => {
    const run = await cliInProcess(['app', 'list', '--json'], {
      env: { SVC_URL: 'http://127.0.0.1:9', SVC_TOKEN: 'svc_pat_x' },
    })
    expect(run.code).toBe(1)
    const { error } = JSON.parse(run.stderr)
    expect(error.type).toBe('unreachable')
    expect(error.message).toStartWith('Could not reach svc at http://127.0.0.1:9 (')
    expect(error.message).toEndWith('Start it with `svc-cli serve`, or point to it with --server or SVC_URL.')
  })

  test('login off a terminal without flags fails with exit 2 naming the flags', async () => {
    const run = await cliProcess(['auth', 'login'], { env: { SVC_URL: 'http://127.0.0.1:9' }, stdin: '' })
    expect(run.code).toBe(2)
    expect(run.stderr).toBe(
      'error: Not a terminal, so svc-cli cannot ask how to log in: pipe an access token to --with-token (or set SVC_TOKEN), or pass --email <e> with --code <c> ' +
        '(request one with `svc-cli auth code --email <e>`) or with --password-stdin (the password piped to stdin)\n',
    )
  })

  test('skill works offline and prints the document built from the limits', async () => {
    const run = await cliInProcess(['skill', 'form', '--json'])
    expect(run.code).toBe(0)
    const { module, markdown } = run.json()
    expect(module).toBe('form')
    expect(markdown).toContain('At most **50 fields** per app')
  })
})
