/**
 * svc-cli and limited tokens against a real server: `auth token create --scopes --apps
 * --expires` (names looked up, typos refused before any request), what such a token may
 * do from the CLI and through MCP, how `auth status` and the MCP auth_status tool describe
 * it, and an expired token ending in exit 4 with how to get a new one.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { ROOT } from '../../cli/commands/index.ts'
import { createMcpServer } from '../../cli/mcp/server.ts'
import { ManualClock } from '../../server/core/clock.ts'
import { cliInProcess, startTestServer, tempConfigHome } from '../support/server.ts'

const DAY = 86_400_000
const clock = new ManualClock(Date.now())
const server = await startTestServer({ SVC_SIGNUP: 'open' }, { clock })
const clients: Client[] = []
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()))
  await server.close()
})

const PASSWORD = 'a long password'
const email = 'scoped@example.com'
const env = { SVC_URL: server.url, XDG_CONFIG_HOME: tempConfigHome() }
const signup = await cliInProcess(['auth', 'signup', '--email', email, '--password-stdin'], { env, stdin: PASSWORD })
expect(signup.code).toBe(0)
const cli = (argv: string[], extra: { stdin?: string; token?: string } = {}) =>
  cliInProcess(argv, {
    env: extra.token ? { SVC_URL: server.url, XDG_CONFIG_HOME: tempConfigHome(), SVC_TOKEN: extra.token } : env,
    stdin: extra.stdin ?? '',
  })
const survey = (await cli(['app', 'create', '--name', 'Survey', '--json'])).json()
const other = (await cli(['app', 'create', '--name', 'Other', '--json'])).json()

const created = await cli(
  [
    'auth',
    'token',
    'create',
    '--name',
    'export',
    '--scopes',
    'records:read',
    '--apps',
    'Survey',
    '--expires',
    '30d',
    '--password-stdin',
  ],
  { stdin: PASSWORD },
)

describe('auth token create with limits', () => {
  test('--scopes, --apps by name and --expires as a lifetime are sent as the token’s limits', async () => {
    const run = await cli(
      [
        'auth',
        'token',
        'create',
        '--name',
        'ci',
        '--scopes',
        'records:read,records:write',
        '--apps',
        survey.id,
        '--password-stdin',
      ],
      { stdin: PASSWORD },
    )
    expect(run.code).toBe(0)
    const lines = run.stdout.split('\n')
    expect(lines.slice(1, 5)).toEqual([
      'name     ci',
      'scopes   records:read, records:write',
      `apps     ${survey.id}`,
      'expires  never',
    ])
    expect(created.code).toBe(0)
    const expires = created.stdout.split('\n')[4]
    expect(expires).toMatch(/^expires {2}\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    // 30 days from when the CLI ran (its own clock), give or take the test's run.
    expect(Math.abs(Date.parse(expires.slice(9)) - (Date.now() + 30 * DAY))).toBeLessThan(DAY)
    const list = (await cli(['auth', 'token', 'list', '--json'])).json().tokens
    expect(list.find((t: { name: string }) => t.name === 'export')).toMatchObject({
      scopes: ['records:read'],
      apps: [survey.id],
    })
  })

  test('a typo in a scope or an expiry is a usage error before any request (exit 2)', async () => {
    const tokens = async () => (await cli(['auth', 'token', 'list', '--json'])).json().tokens.length
    const before = await tokens()
    for (const [argv, message] of [
      [
        ['--scopes', 'records:raed'],
        'error: --scopes: "records:raed" is not a scope (did you mean records:read?); the scopes are records:read, records:write, apps:write, share:write, members:write, account\n',
      ],
      [
        ['--expires', 'soon'],
        'error: --expires: "soon" is neither a lifetime (90d, 12h, 4w), a date (2027-03-01) nor "never"\n',
      ],
    ] as const) {
      const run = await cli(['auth', 'token', 'create', '--name', 'x', '--password-stdin', ...argv], {
        stdin: PASSWORD,
      })
      expect(run.code).toBe(2)
      expect(run.stdout).toBe('')
      expect(run.stderr).toStartWith(message)
    }
    expect(await tokens()).toBe(before)
  })

  test('an expiry in the past is refused by the server, naming expiresAt', async () => {
    const run = await cli(
      ['auth', 'token', 'create', '--name', 'old', '--expires', '2020-01-01', '--json', '--password-stdin'],
      {
        stdin: PASSWORD,
      },
    )
    expect(run.code).toBe(1)
    expect(JSON.parse(run.stderr).error).toMatchObject({
      type: 'validation',
      details: { problems: [{ path: 'expiresAt', message: expect.stringContaining('future') }] },
    })
  })
})

describe('what a limited token may do', () => {
  const token = () => created.stdout.split('\n')[6]

  test('it lists only its app, reads its records, and is refused a write naming the permission', async () => {
    const apps = (await cli(['app', 'list', '--json'], { token: token() })).json().apps
    expect(apps.map((a: { id: string }) => a.id)).toEqual([survey.id])
    const records = await cli(['share', 'query', '--app', survey.id, '--json'], { token: token() })
    expect(records.code).toBe(0)
    const refused = await cli(['app', 'delete', '--app', survey.id, '--yes', '--json'], { token: token() })
    expect(refused.code).toBe(1)
    expect(JSON.parse(refused.stderr)).toEqual({
      error: {
        type: 'forbidden',
        message:
          'This access token lacks the scope apps:write (permission apps:own); create a token with it: svc-cli auth token create --scopes apps:write',
        details: { permission: 'apps:own', scope: 'apps:write' },
      },
    })
    const elsewhere = await cli(['app', 'get', '--app', other.id, '--json'], { token: token() })
    expect(elsewhere.code).toBe(1)
    expect(JSON.parse(elsewhere.stderr).error.type).toBe('not_found')
  })

  test('auth status and the MCP auth_status tool say what it may do and when it ends', async () => {
    const status = await cli(['auth', 'status'], { token: token() })
    expect(status.stdout.split('\n').slice(2, 6)).toEqual([
      expect.stringMatching(/^token {4}"export" \(svc_pat_\S{6}…\) from SVC_TOKEN$/),
      'scopes   records:read',
      `apps     ${survey.id}`,
      expect.stringMatching(/^expires {2}\d{4}-\d\d-\d\dT/),
    ])
    const mcp = await createMcpServer(
      { SVC_URL: server.url, SVC_TOKEN: token(), XDG_CONFIG_HOME: tempConfigHome() },
      ROOT,
    )
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
    await mcp.connect(serverSide)
    const client = new Client({ name: 'svc-test', version: '1.0.0' })
    clients.push(client)
    await client.connect(clientSide)
    const answer = await client.callTool({ name: 'auth_status', arguments: {} })
    expect(answer.structuredContent).toEqual({
      server: server.url,
      tokenSource: 'env',
      authenticated: true,
      user: { id: expect.any(String), email, name: '' },
    })
    const expiresAt = status.stdout.split('\n')[5].slice('expires  '.length)
    expect((answer.content as { text: string }[])[0].text).toBe(
      `Logged in to ${server.url} as ${email}. The token "export" may records:read on the apps ${survey.id}; it expires at ${expiresAt}.`,
    )
  })

  test('once expired, every command exits 4 with how to make a new one', async () => {
    clock.advance(31 * DAY)
    const run = await cli(['app', 'list', '--json'], { token: token() })
    expect(run.code).toBe(4)
    expect(JSON.parse(run.stderr).error).toEqual({
      type: 'token_expired',
      message: expect.stringMatching(
        /^The access token "export" expired at \S+; create a new one with `svc-cli auth token create` or in the admin page \(Account → Access Tokens\)$/,
      ),
    })
  })
})
