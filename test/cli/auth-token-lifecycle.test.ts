/**
 * svc-cli and the lifetime of access tokens against a real server: a login's token is
 * named after the machine and replaces only the token this config's last login made (also
 * through the MCP auth_login tool), never another config dir's, `auth logout` revokes on the server (and still logs out here when the
 * server cannot be reached), `auth token revoke <id>|--all`, and secrets stay off argv.
 * Each test checks what the server's tokens table holds afterwards.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { hostname } from 'node:os'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { configPath, readConfig, updateConfig } from '../../cli/config.ts'
import { ROOT } from '../../cli/commands/index.ts'
import { helpText } from '../../cli/help.ts'
import { createMcpServer } from '../../cli/mcp/server.ts'
import { listLeaves } from '../../cli/tree.ts'
import { SCOPES } from '../../server/contract/access/roles.ts'
import { cliInProcess, cliProcess, startTestServer, tempConfigHome } from '../support/server.ts'

const server = await startTestServer({ SVC_SIGNUP: 'open' })
const clients: Client[] = []
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()))
  await server.close()
})

const MACHINE = `svc-cli on ${hostname()}`
const PASSWORD = 'a long password'
const envFor = () => ({ SVC_URL: server.url, XDG_CONFIG_HOME: tempConfigHome() })

/** A new account with a password (signed up through the CLI, which leaves one machine token). */
async function passwordAccount(): Promise<{ email: string; userId: string; env: Record<string, string> }> {
  const email = `pw${crypto.randomUUID().slice(0, 8)}@example.com`
  const env = envFor()
  const signup = await cliInProcess(['auth', 'signup', '--email', email, '--password-stdin', '--json'], {
    env,
    stdin: PASSWORD,
  })
  expect(signup.code).toBe(0)
  return { email, userId: signup.json().user.id, env }
}

/** The account's stored tokens as `{id, name}`, oldest first. */
async function storedTokens(userId: string) {
  const rows = await server.ctx.storage.auth.tokens(userId)
  return rows.reverse().map((row) => ({ id: row.id, name: row.name }))
}

const passwordLogin = (email: string, env: Record<string, string>, extra: string[] = []) =>
  cliInProcess(['auth', 'login', '--email', email, '--password-stdin', '--json', ...extra], {
    env,
    stdin: `${PASSWORD}\n`,
  })

const tokenShape = (name: string) => ({
  id: expect.any(String),
  name,
  prefix: expect.stringMatching(/^svc_pat_.{6}$/),
  createdAt: expect.any(String),
  lastUsedAt: expect.any(String),
  scopes: [...SCOPES],
  apps: null,
  expiresAt: null,
})

describe("a login replaces only the token this config's last login made", () => {
  test('password login twice (in-process): the second revokes the first; the signup token of another config stays', async () => {
    const { email, userId } = await passwordAccount()
    const [signupToken] = await storedTokens(userId)
    const env = envFor()
    const first = await passwordLogin(email, env)
    expect(first.code).toBe(0)
    expect(first.json()).toEqual({
      server: server.url,
      user: { id: userId, email, name: '', hasPassword: true, createdAt: expect.any(String) },
      configFile: configPath(env),
      token: { ...tokenShape(MACHINE), lastUsedAt: null },
      replacedTokens: [],
    })
    expect(readConfig(env).servers[server.url].tokenId).toBe(first.json().token.id)
    const firstToken = readConfig(env).servers[server.url].token
    expect(await storedTokens(userId)).toEqual([signupToken, { id: first.json().token.id, name: MACHINE }])

    const second = await passwordLogin(email, env)
    expect(second.json().replacedTokens).toEqual([{ ...first.json().token, lastUsedAt: null }])
    expect(await storedTokens(userId)).toEqual([signupToken, { id: second.json().token.id, name: MACHINE }])
    expect((await cliInProcess(['auth', 'status'], { env: { ...envFor(), SVC_TOKEN: firstToken } })).code).toBe(4)
    expect((await cliInProcess(['auth', 'status'], { env })).code).toBe(0)
  })

  test('two config dirs on one machine (same hostname) log in as real processes: both keep working', async () => {
    const { email, userId } = await passwordAccount()
    const [desk, cron] = [envFor(), envFor()]
    const login = (env: Record<string, string>) =>
      cliProcess(['auth', 'login', '--email', email, '--password-stdin'], { env, stdin: `${PASSWORD}\n` })
    expect((await login(desk)).code).toBe(0)
    const cronLogin = await login(cron)
    expect(cronLogin).toMatchObject({ code: 0, stderr: '' })
    expect(cronLogin.stdout).toBe(
      `Logged in to ${server.url} as ${email}. The token is stored in ${configPath(cron)}.\n\n` +
        `id     ${userId}\nemail  ${email}\nname   \n`,
    )
    expect((await cliProcess(['auth', 'status'], { env: desk })).code).toBe(0)
    expect((await cliProcess(['auth', 'status'], { env: cron })).code).toBe(0)
    expect((await storedTokens(userId)).map((t) => t.name)).toEqual([MACHINE, MACHINE, MACHINE])
  })

  test('as real processes with the password on stdin; human output names the replaced token', async () => {
    const { email, userId } = await passwordAccount()
    const env = envFor()
    expect(
      (await cliProcess(['auth', 'login', '--email', email, '--password-stdin'], { env, stdin: `${PASSWORD}\n` })).code,
    ).toBe(0)
    const before = readConfig(env).servers[server.url].tokenId!
    const prefix = (await server.ctx.storage.auth.tokens(userId)).find((row) => row.id === before)!.prefix
    const again = await cliProcess(['auth', 'login', '--email', email, '--password-stdin'], {
      env,
      stdin: `${PASSWORD}\n`,
    })
    expect(again.stderr).toBe('')
    expect(again.code).toBe(0)
    expect(again.stdout).toMatch(
      new RegExp(
        `^Logged in to ${server.url} as ${email}\\. The token is stored in ${configPath(env)}\\.\n` +
          `Replaced the earlier token "${MACHINE}" \\(${prefix}…, last used [^)]+\\); it no longer works\\.\n\n`,
      ),
    )
    const ids = (await storedTokens(userId)).map((t) => t.id)
    expect(ids).toHaveLength(2)
    expect(ids).not.toContain(before)
  })

  test('a token pasted with --with-token is never revoked by a later login', async () => {
    const { email, userId } = await passwordAccount()
    const env = envFor()
    await passwordLogin(email, env)
    const ci = await cliInProcess(['auth', 'token', 'create', '--name', 'ci', '--json', '--password-stdin'], {
      env,
      stdin: PASSWORD,
    })
    const pasted = envFor()
    expect((await cliInProcess(['auth', 'login', '--with-token'], { env: pasted, stdin: ci.json().token })).code).toBe(
      0,
    )
    const login = await passwordLogin(email, pasted)
    expect(login.json().replacedTokens).toEqual([])
    expect((await storedTokens(userId)).map((t) => t.name)).toContain('ci')
    expect((await cliInProcess(['auth', 'status'], { env: { ...envFor(), SVC_TOKEN: ci.json().token } })).code).toBe(0)
  })

  test('--token-name only names the token; `auth token create` never revokes', async () => {
    const { email, userId } = await passwordAccount()
    const env = envFor()
    await passwordLogin(email, env)
    const ci = await cliInProcess(['auth', 'token', 'create', '--name', 'desk', '--json', '--password-stdin'], {
      env,
      stdin: PASSWORD,
    })
    expect(ci.code).toBe(0)
    const desk = await passwordLogin(email, envFor(), ['--token-name', 'desk'])
    expect(desk.json().replacedTokens).toEqual([])
    const created = await cliInProcess(['auth', 'token', 'create', '--name', MACHINE, '--json', '--password-stdin'], {
      env,
      stdin: PASSWORD,
    })
    expect(created.code).toBe(0)
    expect((await storedTokens(userId)).map((t) => t.name).sort()).toEqual(['desk', 'desk', MACHINE, MACHINE, MACHINE])
  })

  test("an e-mail code login replaces this config's token too", async () => {
    const { email, userId } = await passwordAccount()
    const env = envFor()
    const first = await passwordLogin(email, env)
    await cliInProcess(['auth', 'code', '--email', email], { env })
    const code = /\n\s{4}(\d{6})\n/.exec(server.mails.filter((m) => m.to === email).at(-1)!.text)![1]
    const login = await cliInProcess(['auth', 'login', '--email', email, '--code', code, '--json'], { env })
    expect(login.code).toBe(0)
    expect(login.json().replacedTokens.map((t: { id: string }) => t.id)).toEqual([first.json().token.id])
    expect((await storedTokens(userId)).map((t) => t.id)).not.toContain(first.json().token.id)
  })

  test('the MCP auth_login tool makes the same machine token and replaces its own', async () => {
    const { email, userId } = await passwordAccount()
    const mcp = await createMcpServer(envFor(), ROOT)
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
    await mcp.connect(serverSide)
    const client = new Client({ name: 'svc-test', version: '1.0.0' })
    await client.connect(clientSide)
    clients.push(client)
    for (let i = 0; i < 2; i++) {
      const result = (await client.callTool({ name: 'auth_login', arguments: { email, password: PASSWORD } })) as {
        isError?: boolean
      }
      expect(result.isError).toBeFalsy()
    }
    // The signup's token (another config) and the MCP server's one login.
    expect((await storedTokens(userId)).map((t) => t.name)).toEqual([MACHINE, MACHINE])
  })
})

describe('auth logout', () => {
  test('revokes the stored token on the server, then forgets it (human output)', async () => {
    const { email, userId, env } = await passwordAccount()
    const login = await passwordLogin(email, env)
    const prefix: string = login.json().token.prefix
    const out = await cliInProcess(['auth', 'logout'], { env })
    expect(out).toMatchObject({
      code: 0,
      stderr: '',
      stdout: `Logged out of ${server.url} and revoked the token (${prefix}…) on the server.\n`,
    })
    expect(await storedTokens(userId)).toEqual([])
    expect(readConfig(env)).toEqual({ servers: {} })
  })

  test('--no-revoke only forgets it here: the token keeps working', async () => {
    const { email, userId, env } = await passwordAccount()
    await passwordLogin(email, env)
    const token = readConfig(env).servers[server.url].token
    const out = await cliInProcess(['auth', 'logout', '--no-revoke', '--json'], { env })
    expect(out.json()).toEqual({ server: server.url, loggedOut: true, revoked: false })
    expect(await storedTokens(userId)).toHaveLength(1)
    expect((await cliInProcess(['auth', 'status'], { env: { ...envFor(), SVC_TOKEN: token } })).code).toBe(0)
  })

  test('a token already revoked elsewhere: logged out here, exit 0, says so', async () => {
    const { email, env } = await passwordAccount()
    await passwordLogin(email, env)
    const prefix = readConfig(env).servers[server.url].token.slice(0, 14)
    const elsewhere = envFor()
    expect((await passwordLogin(email, elsewhere)).code).toBe(0)
    expect((await cliInProcess(['auth', 'token', 'revoke', '--all', '--yes'], { env: elsewhere })).code).toBe(0)
    const out = await cliInProcess(['auth', 'logout'], { env })
    expect(out).toMatchObject({
      code: 0,
      stderr: '',
      stdout: `Logged out of ${server.url}; the token (${prefix}…) was already invalid on the server.\n`,
    })
    expect(readConfig(env)).toEqual({ servers: {} })
    const json = await cliInProcess(['auth', 'logout', '--json'], { env })
    expect(json.json()).toEqual({ server: server.url, loggedOut: false, revoked: false })
  })

  test('an unreachable server: forgotten here anyway, exit 1 saying the token still works (real process)', async () => {
    const env = { SVC_URL: 'http://127.0.0.1:9', XDG_CONFIG_HOME: tempConfigHome() }
    updateConfig(env, (config) => {
      config.servers['http://127.0.0.1:9'] = { token: 'svc_pat_abcdefghijklmnop', savedAt: '2026-01-01T00:00:00.000Z' }
      config.current = 'http://127.0.0.1:9'
    })
    const run = await cliProcess(['auth', 'logout', '--json'], { env })
    expect(run.code).toBe(1)
    expect(run.stdout).toBe('')
    const { error } = JSON.parse(run.stderr)
    expect(error.type).toBe('unreachable')
    expect(error.message).toStartWith(
      'Logged out of http://127.0.0.1:9 on this machine, but the token (svc_pat_abcdef…) could not be revoked on the server: Could not reach svc at http://127.0.0.1:9 (',
    )
    expect(error.message).toEndWith(
      'It still works until it is revoked: revoke it with `svc-cli auth token revoke <id>` (see `svc-cli auth token list`) from another login, or in the admin page (Account → Access Tokens).',
    )
    expect(readConfig(env)).toEqual({ servers: {} })
  })

  test('with SVC_TOKEN set it says that token is still in use', async () => {
    const { email, env } = await passwordAccount()
    await passwordLogin(email, env)
    const other = await server.account()
    const out = await cliInProcess(['auth', 'logout'], { env: { ...env, SVC_TOKEN: other.token } })
    expect(out.code).toBe(0)
    expect(out.stdout).toEndWith(
      ' on the server. SVC_TOKEN is set in the environment and is still used: unset it to log out completely.\n',
    )
  })
})

describe('auth token revoke', () => {
  test('<id> as a positional or --id; --all keeps the CLI’s own token; usage errors exit 2', async () => {
    const { email, userId, env } = await passwordAccount()
    await passwordLogin(email, env)
    const make = async (name: string) =>
      (
        await cliInProcess(['auth', 'token', 'create', '--name', name, '--json', '--password-stdin'], {
          env,
          stdin: PASSWORD,
        })
      ).json().id as string
    const [a, b, c] = [await make('a'), await make('b'), await make('c')]
    expect((await cliInProcess(['auth', 'token', 'revoke', a, '--yes', '--json'], { env })).json()).toEqual({
      revoked: true,
      id: a,
    })
    expect((await cliInProcess(['auth', 'token', 'revoke', '--id', b, '--yes', '--json'], { env })).json()).toEqual({
      revoked: true,
      id: b,
    })

    for (const [argv, message] of [
      [
        ['--all'],
        'error: Revoke every access token except the one this CLI uses: refusing without confirmation; pass --yes\n',
      ],
      [
        [c, '--all', '--yes'],
        'error: Pass a token id or --all, not both\nRun `svc-cli auth token revoke --help` for usage.\n',
      ],
      [
        ['--yes'],
        'error: Name the token to revoke: svc-cli auth token revoke <id> (ids: svc-cli auth token list), or pass --all\n',
      ],
    ] as const) {
      expect(await cliInProcess(['auth', 'token', 'revoke', ...argv], { env })).toMatchObject({
        code: 2,
        stdout: '',
        stderr: message,
      })
    }
    expect((await storedTokens(userId)).map((t) => t.name)).toEqual([MACHINE, 'c'])

    const all = await cliInProcess(['auth', 'token', 'revoke', '--all', '--yes'], { env })
    expect(all.code).toBe(0)
    expect(all.stdout).toStartWith('Revoked 1 access token; the one this CLI uses still works.\n\nID')
    expect(all.stdout).toContain(`${c}  c`)
    expect((await storedTokens(userId)).map((t) => t.name)).toEqual([MACHINE])
    const none = await cliInProcess(['auth', 'token', 'revoke', '--all', '--yes'], { env })
    expect(none.stdout).toBe('No other access tokens; nothing was revoked.\n')
  })
})

describe('secrets stay off argv', () => {
  test('--with-token on a terminal asks for the token without echo', async () => {
    const { token, user } = await server.account()
    const env = envFor()
    const asked: string[] = []
    const run = await cliInProcess(['auth', 'login', '--with-token'], {
      env,
      prompt: async (question, secret) => {
        asked.push(`${question}${secret ? '(secret)' : ''}`)
        return token
      },
    })
    expect(run.code).toBe(0)
    expect(asked).toEqual(['Paste an access token: (secret)'])
    expect(readConfig(env).servers[server.url]).toEqual({ token, email: user.email, savedAt: expect.any(String) })
  })

  test('--with-token with nothing on stdin: exit 2 naming stdin and SVC_TOKEN (real process)', async () => {
    const run = await cliProcess(['auth', 'login', '--with-token'], { env: envFor(), stdin: '' })
    expect(run).toMatchObject({
      code: 2,
      stdout: '',
      stderr:
        'error: No token on stdin: pipe one in, e.g. `svc-cli auth login --with-token < token.txt`, or set SVC_TOKEN\nRun `svc-cli auth login --help` for usage.\n',
    })
  })

  test.each([
    [['auth', 'login', '--email', 'a@example.com']],
    [['auth', 'signup', '--email', 'a@example.com']],
    [['auth', 'reset-password', '--email', 'a@example.com', '--code', '123456']],
    [['profile', 'password']],
  ])('%p refuses --password <value> with exit 2, pointing at --password-stdin, without echoing it', async (argv) => {
    for (const flag of [['--password', 'hunter22secret'], ['--password=hunter22secret']]) {
      const run = await cliInProcess([...argv, ...flag], { env: { ...envFor(), SVC_TOKEN: 'svc_pat_x' } })
      expect(run.code).toBe(2)
      expect(run.stdout).toBe('')
      const command = argv.filter((a) => !a.startsWith('-') && !a.includes('@') && !/^\d+$/.test(a)).join(' ')
      expect(run.stderr).toBe(
        'error: Passwords are not taken as arguments (they would stay in your shell history and show in ps): pipe the password to --password-stdin, ' +
          `e.g. \`--password-stdin < password.txt\`, or leave it out to be asked on a terminal\nRun \`svc-cli ${command} --help\` for usage.\n`,
      )
      expect(run.stderr).not.toContain('hunter22secret')
    }
  })

  test('no help text, example or hint shows a secret as an argument', async () => {
    const texts = [await helpText(ROOT, [], { color: false })]
    for (const leaf of await listLeaves(ROOT)) texts.push(await helpText(leaf.command, leaf.path, { color: false }))
    const offenders = texts.filter((text) =>
      /--token[ =](?!<token>)|--password(?!-stdin)\b|<<<|svc_pat_\w/.test(text.replace(/--token=<token>/g, '')),
    )
    expect(offenders).toEqual([])
    expect(texts[0]).toContain('svc-cli auth login --with-token < token.txt')
  })
})
