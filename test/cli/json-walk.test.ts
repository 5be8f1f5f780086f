/**
 * `--json` prints exactly one JSON document on stdout, for every command of the tree
 * (cli/tree.ts listLeaves), run in order against a real server so that each one succeeds:
 * sign up, build an app with every module, read it every way, then take it apart. The same
 * commands pointed at an app that does not exist print nothing on stdout and one JSON error
 * on stderr. Only `serve` and `mcp` are left out: they run until stopped and print no result.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { ROOT } from '../../cli/commands/index.ts'
import { listLeaves } from '../../cli/tree.ts'
import { cliInProcess, startTestServer, tempConfigHome } from '../support/server.ts'
import { startReceiver } from '../support/webhook-receiver.ts'
import type { JsonDocument } from '../support/contract.ts'

const server = await startTestServer({ SVC_SIGNUP: 'open', SVC_WEBHOOK_ALLOW_PRIVATE: '1' })
// Where the webhook commands send (a loopback receiver answering 200).
const receiver = startReceiver()
afterAll(async () => {
  receiver.stop()
  await server.close()
})

const EMAIL = 'walk@example.com'
const env = { SVC_URL: server.url, XDG_CONFIG_HOME: tempConfigHome() }
/** What earlier steps produced (ids), for the argv of later ones. */
const got: Record<string, string> = {}
const codeFrom = (to: string) => /\n\s{4}(\d{6})\n/.exec(server.mails.filter((m) => m.to === to).at(-1)!.text)![1]

interface Step {
  argv: () => string[]
  stdin?: () => string
  /** Keeps what later steps need from the document. */
  keep?: (doc: JsonDocument) => void
}

/** Every command, in an order where each finds what it needs. */
const STEPS: [string, Step][] = [
  ['auth signup', { argv: () => ['--email', EMAIL, '--password-stdin'], stdin: () => 'a long first password' }],
  ['auth status', { argv: () => [] }],
  ['auth code', { argv: () => ['--email', EMAIL] }],
  [
    'auth reset-password',
    {
      argv: () => ['--email', EMAIL, '--code', codeFrom(EMAIL), '--password-stdin'],
      stdin: () => 'a long second password',
    },
  ],
  [
    'auth token create',
    {
      argv: () => ['--name', 'walk', '--password-stdin'],
      stdin: () => 'a long second password',
      keep: (d) => Object.assign(got, { tokenId: d.id, token: d.token }),
    },
  ],
  ['auth token list', { argv: () => [] }],
  ['auth login', { argv: () => ['--with-token'], stdin: () => got.token }],
  ['profile get', { argv: () => [] }],
  ['profile update', { argv: () => ['--name', 'Walker'] }],
  [
    'profile password',
    { argv: () => ['--password-stdin'], stdin: () => 'a long second password\na long third password\n' },
  ],
  ['app create', { argv: () => ['--name', 'Walk'], keep: (d) => Object.assign(got, { app: d.id }) }],
  ['app list', { argv: () => [] }],
  ['app get', { argv: () => ['--app', got.app] }],
  ['app update', { argv: () => ['--app', got.app, '--description', 'Every command once'] }],
  ['app urls', { argv: () => ['--app', got.app] }],
  ['app member add', { argv: () => ['--app', got.app, '--email', 'guest@example.com', '--role', 'viewer'] }],
  ['app member list', { argv: () => ['--app', got.app] }],
  ['app member remove', { argv: () => ['--app', got.app, '--member', 'guest@example.com', '--yes'] }],
  ['field add', { argv: () => ['--app', got.app, '--name', 'q1', '--type', 'choice', '--options', 'no,yes'] }],
  ['field list', { argv: () => ['--app', got.app] }],
  ['field accept', { argv: () => ['--app', got.app, '--all'] }],
  ['field get', { argv: () => ['--app', got.app, '--field', 'q1'] }],
  ['field update', { argv: () => ['--app', got.app, '--field', 'q1', '--label', 'Question one'] }],
  ['field options', { argv: () => ['--app', got.app, '--field', 'q1', '--set', 'no,maybe,yes'] }],
  ['field move', { argv: () => ['--app', got.app, '--field', 'q1', '--to', '0'] }],
  ['share publish', { argv: () => ['--app', got.app] }],
  ['share status', { argv: () => ['--app', got.app] }],
  ['audit list', { argv: () => ['--app', got.app] }],
  ['share set', { argv: () => ['--app', got.app, '--honeypot', '_trap'] }],
  ['share url', { argv: () => ['--app', got.app] }],
  [
    'share webhook add',
    { argv: () => ['--app', got.app, '--url', receiver.url], keep: (d) => Object.assign(got, { webhook: d.id }) },
  ],
  ['share webhook list', { argv: () => ['--app', got.app] }],
  [
    'share sender add',
    {
      argv: () => ['--app', got.app, '--name', 'stripe', '--kind', 'stripe', '--secret-stdin'],
      stdin: () => 'whsec_abc\n',
    },
  ],
  ['share sender list', { argv: () => ['--app', got.app] }],
  ['share sender remove', { argv: () => ['--app', got.app, '--name', 'stripe', '--yes'] }],
  [
    'share webhook update',
    { argv: () => ['--app', got.app, '--webhook', got.webhook, '--events', 'record.created,record.deleted'] },
  ],
  ['share webhook test', { argv: () => ['--app', got.app, '--webhook', got.webhook] }],
  ['share notifications', { argv: () => ['--app', got.app, '--email', 'on'] }],
  [
    'share post',
    { argv: () => ['--app', got.app, '--data', '{"q1":"yes"}'], keep: (d) => Object.assign(got, { record: d.id }) },
  ],
  ['share query', { argv: () => ['--app', got.app] }],
  ['share get', { argv: () => ['--app', got.app, '--record', got.record] }],
  ['share edit', { argv: () => ['--app', got.app, '--record', got.record, '--set', 'q1=no', '--yes'] }],
  ['share summary', { argv: () => ['--app', got.app] }],
  ['share export', { argv: () => ['--app', got.app] }],
  [
    'share webhook deliveries',
    {
      argv: () => ['--app', got.app, '--webhook', got.webhook],
      keep: (d) => Object.assign(got, { delivery: d[0].id }),
    },
  ],
  ['share webhook retry', { argv: () => ['--app', got.app, '--webhook', got.webhook, '--delivery', got.delivery] }],
  ['share spam', { argv: () => ['--app', got.app, '--not', got.record] }],
  ['scale add', { argv: () => ['--app', got.app, '--key', 'agree', '--name', 'Agreement'] }],
  ['scale list', { argv: () => ['--app', got.app] }],
  ['scale get', { argv: () => ['--app', got.app, '--scale', 'agree'] }],
  ['scale update', { argv: () => ['--app', got.app, '--scale', 'agree', '--method', 'sum'] }],
  [
    'scale item add',
    { argv: () => ['--app', got.app, '--scale', 'agree', '--field', 'q1', '--scores', 'no=0,maybe=1,yes=2'] },
  ],
  [
    'scale level set',
    {
      argv: () => [
        '--app',
        got.app,
        '--scale',
        'agree',
        '--level',
        'all',
        '--label',
        'All',
        '--min',
        '0',
        '--max',
        '2',
      ],
    },
  ],
  ['scale rescore', { argv: () => ['--app', got.app] }],
  ['report page add', { argv: () => ['--app', got.app, '--title', 'Results'] }],
  ['report page list', { argv: () => ['--app', got.app] }],
  ['report page update', { argv: () => ['--app', got.app, '--page', '1', '--title', 'Your results'] }],
  [
    'report section add',
    {
      argv: () => [
        '--app',
        got.app,
        '--page',
        '1',
        '--type',
        'score',
        '--scale',
        'agree',
        '--text',
        'You scored {{score.agree}}.',
      ],
    },
  ],
  ['report get', { argv: () => ['--app', got.app] }],
  ['report preview', { argv: () => ['--app', got.app, '--answers', '{"q1":"yes"}'] }],
  ['expert get', { argv: () => ['--app', got.app] }],
  ['expert set', { argv: () => ['--app', got.app, '--name', 'Dr. Walk'] }],
  [
    'expert comment set',
    { argv: () => ['--app', got.app, '--scale', 'agree', '--level', 'all', '--text', 'Keep going.'] },
  ],
  ['expert comment list', { argv: () => ['--app', got.app] }],
  ['connect get', { argv: () => ['--app', got.app] }],
  ['connect set', { argv: () => ['--app', got.app, '--primary-color', 'teal'] }],
  ['connect preview', { argv: () => ['--app', got.app, '--layout', 'one-per-screen'] }],
  ['snapshot', { argv: () => ['--app', got.app] }],
  ['skill', { argv: () => ['form'] }],
  ['completion', { argv: () => ['bash'] }],
  [
    'smart generate',
    {
      argv: () => ['--input', 'a 4-question sleep check', '--planner', 'builtin', '--plan-only'],
      keep: (d) => Object.assign(got, { plan: d.planId, job: d.jobId }),
    },
  ],
  ['smart status', { argv: () => ['--job', got.job] }],
  ['smart plan list', { argv: () => [] }],
  [
    'smart plan show',
    { argv: () => ['--plan', got.plan], keep: (d) => Object.assign(got, { planDocument: JSON.stringify(d.plan) }) },
  ],
  ['smart plan validate', { argv: () => ['--plan', got.plan] }],
  ['smart plan edit', { argv: () => ['--plan', got.plan, '--data', got.planDocument] }],
  ['smart execute', { argv: () => ['--plan', got.plan] }],
  ['records find', { argv: () => ['--value', 'nobody@example.com', '--app', got.app] }],
  ['records erase', { argv: () => ['--value', 'nobody@example.com', '--app', got.app, '--yes'] }],
  ['expert comment remove', { argv: () => ['--app', got.app, '--scale', 'agree', '--level', 'all', '--yes'] }],
  ['report section remove', { argv: () => ['--app', got.app, '--page', '1', '--section', '1', '--yes'] }],
  ['report page remove', { argv: () => ['--app', got.app, '--page', '1', '--yes'] }],
  ['scale level remove', { argv: () => ['--app', got.app, '--scale', 'agree', '--level', 'all', '--yes'] }],
  ['scale item remove', { argv: () => ['--app', got.app, '--scale', 'agree', '--field', 'q1', '--yes'] }],
  ['scale remove', { argv: () => ['--app', got.app, '--scale', 'agree', '--yes'] }],
  ['connect reset', { argv: () => ['--app', got.app, '--yes'] }],
  ['share webhook remove', { argv: () => ['--app', got.app, '--webhook', got.webhook, '--yes'] }],
  ['share rotate', { argv: () => ['--app', got.app, '--yes'] }],
  ['share unpublish', { argv: () => ['--app', got.app, '--yes'] }],
  ['field remove', { argv: () => ['--app', got.app, '--field', 'q1', '--yes'] }],
  ['app delete', { argv: () => ['--app', got.app, '--yes'] }],
  ['auth token revoke', { argv: () => ['--id', got.tokenId, '--yes'] }],
  ['auth logout', { argv: () => [] }],
]
/**
 * They run until stopped (HTTP, MCP on stdio, a live tail: test/cli/share-tail.test.ts) and print no
 * result document; or act on the server's files (test/cli/backup.test.ts).
 */
// profile delete would end the walk's account; test/cli/profile-delete.test.ts checks its --json.
// records download needs a record holding files; test/cli/files.test.ts checks its --json.
// app member update, leave and accept need a second account; test/cli/app-member.test.ts checks their --json.
const NOT_WALKED = [
  'app member update',
  'app member leave',
  'app member accept',
  'serve',
  'mcp',
  'share tail',
  'backup',
  'restore',
  'profile delete',
  'records download',
]

const tree = await listLeaves(ROOT)
const leaves = tree.map((leaf) => leaf.path.join(' '))
/** The commands with an --app flag. */
const takesApp = new Set(tree.filter((leaf) => 'app' in (leaf.command.args ?? {})).map((leaf) => leaf.path.join(' ')))

test('the walk covers every command of the tree', () => {
  expect([...STEPS.map(([name]) => name), ...NOT_WALKED].sort()).toEqual([...leaves].sort())
})

describe('svc-cli <command> --json prints one JSON document on stdout', () => {
  test.each(STEPS)('%s', async (_name, step) => {
    const name = _name.split(' ')
    const run = await cliInProcess([...name, ...step.argv(), '--json'], { env, stdin: step.stdin?.() })
    expect({ code: run.code, stderr: run.code ? run.stderr : '' }).toEqual({ code: 0, stderr: '' })
    expect(run.stdout).toEndWith('\n')
    // JSON.parse takes exactly one value: a second document, or text before or after it, fails.
    const doc = JSON.parse(run.stdout)
    expect(doc).not.toBeUndefined()
    step.keep?.(doc)
    // Nothing on stderr either: no progress lines with --json (smart generate's included).
    expect(run.stderr).toBe('')
  })
})

describe('and on failure nothing on stdout, one JSON error on stderr', () => {
  const OFFLINE = ['skill', 'completion']
  const LOGGING_IN = ['auth status', 'auth logout', 'auth signup', 'auth code', 'auth reset-password', 'auth login']
  const argvOf = (step: Step, replace: (value: string) => string) => step.argv().map(replace)

  // Without a login, every command that needs one fails the same way.
  const anonymous = { SVC_URL: server.url, XDG_CONFIG_HOME: tempConfigHome() }
  test.each(STEPS.filter(([name]) => !OFFLINE.includes(name) && !LOGGING_IN.includes(name)))(
    '%s, not logged in: exit 4',
    async (name, step) => {
      const run = await cliInProcess([...name.split(' '), ...argvOf(step, (v) => v), '--json'], {
        env: anonymous,
        stdin: step.stdin?.() ?? '',
      })
      expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 4, stdout: '' })
      expect(JSON.parse(run.stderr)).toEqual({
        error: {
          type: 'unauthorized',
          message: `Not logged in to ${server.url}. Run \`svc-cli auth login\` (or \`svc-cli auth login --with-token < token.txt\`), or set SVC_TOKEN.`,
        },
      })
    },
  )

  // Every command about an app, pointed at one that does not exist: the error names it.
  const onApp = STEPS.filter(([name]) => takesApp.has(name))
  const missing = '0193abcd-0000-7000-8000-000000000000'
  test.each(onApp)('%s --app <missing>: exit 1, not_found naming the app', async (name, step) => {
    const { token } = await server.account()
    const run = await cliInProcess(
      [...name.split(' '), ...argvOf(step, (v) => (v === got.app ? missing : v)), '--json'],
      { env: { ...anonymous, SVC_TOKEN: token }, stdin: step.stdin?.() ?? '' },
    )
    expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 1, stdout: '' })
    expect(JSON.parse(run.stderr)).toEqual({
      error: {
        type: 'not_found',
        message: `App ${missing} not found. See your apps with \`svc-cli app list\`.`,
        details: { problems: [{ flag: '--app', message: 'no app has this id' }] },
      },
    })
  })
})
