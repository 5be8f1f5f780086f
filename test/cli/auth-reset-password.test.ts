/**
 * svc-cli auth reset-password against a real server: human and --json output, the stored
 * token, exit codes, non-TTY behaviour and the prompt path.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { hostname } from 'node:os'
import { configPath, readConfig } from '../../cli/config.ts'
import { tokensStillWork } from '../../server/core/auth/password-reset.ts'
import { cliInProcess, cliProcess, startTestServer, tempConfigHome } from '../support/server.ts'
import { SCOPES } from '../../server/contract/access/roles.ts'

const server = await startTestServer({ SVC_SIGNUP: 'open' })
afterAll(() => server.close())

const envFor = () => ({ SVC_URL: server.url, XDG_CONFIG_HOME: tempConfigHome() })
const codeFrom = (to: string) => /\n\s{4}(\d{6})\n/.exec(server.mails.filter((m) => m.to === to).at(-1)!.text)![1]

/** A fresh account with a code e-mailed to it. */
async function accountWithCode() {
  const { user, token } = await server.account()
  expect((await cliInProcess(['auth', 'code', '--email', user.email], { env: envFor() })).code).toBe(0)
  return { user, token, code: codeFrom(user.email) }
}

/** The account's stored tokens, `{id, name}`, oldest first. */
async function storedTokens(userId: string) {
  const rows = await server.ctx.storage.auth.tokens(userId)
  return rows.reverse().map((row) => ({ id: row.id, name: row.name }))
}
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

const passwordLogin = (email: string, password: string) =>
  cliInProcess(['auth', 'login', '--email', email, '--password-stdin', '--json'], { env: envFor(), stdin: password })

describe('auth reset-password', () => {
  test('--json: sets the password, stores a new token, lists the tokens that still work; revoke --all removes them', async () => {
    const { user, token, code } = await accountWithCode()
    const [old] = await server.ctx.storage.auth.tokens(user.id)
    const env = envFor()
    const run = await cliProcess(
      ['auth', 'reset-password', '--email', user.email, '--code', code, '--password-stdin', '--json'],
      { env, stdin: 'new secret words\n' },
    )
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const [, made] = await storedTokens(user.id)
    expect(run.json()).toEqual({
      server: server.url,
      user: {
        id: user.id,
        email: user.email,
        name: user.name,
        hasPassword: true,
        createdAt: new Date(user.createdAt).toISOString(),
      },
      configFile: configPath(env),
      token: {
        id: made.id,
        name: `svc-cli on ${hostname()}`,
        prefix: expect.stringMatching(/^svc_pat_.{6}$/),
        createdAt: expect.any(String),
        lastUsedAt: null,
        scopes: [...SCOPES],
        apps: null,
        expiresAt: null,
      },
      replacedTokens: [],
      endedSessions: 0,
      tokens: [
        {
          id: old.id,
          name: 'test',
          prefix: old.prefix,
          createdAt: iso(old.createdAt),
          lastUsedAt: iso(old.lastUsedAt),
          scopes: [...SCOPES],
          apps: null,
          expiresAt: null,
        },
      ],
      warnings: [tokensStillWork(1)],
    })
    // Only the reset's own session exists: the CLI does not keep it, but nothing older survived.
    expect(await server.ctx.storage.auth.sessions(user.id)).toHaveLength(1)
    const stored = readConfig(env)
    expect(stored.current).toBe(server.url)
    expect(stored.servers[server.url]).toEqual({
      token: expect.stringMatching(/^svc_pat_/),
      email: user.email,
      tokenId: run.json().token.id,
      savedAt: expect.any(String),
    })

    const status = await cliInProcess(['auth', 'status', '--json'], { env })
    expect(status.json()).toMatchObject({ authenticated: true, user: { email: user.email } })
    const tokens = (await cliInProcess(['auth', 'token', 'list', '--json'], { env }))
      .json()
      .tokens.map((t: { name: string }) => t.name)
    expect(tokens).toContain(`svc-cli on ${hostname()}`)
    // Access tokens are not sessions: the one made before the reset still works.
    expect((await cliInProcess(['auth', 'status'], { env: { ...envFor(), SVC_TOKEN: token } })).code).toBe(0)

    // The one command the answer names: every token but this login's is revoked.
    const all = await cliProcess(['auth', 'token', 'revoke', '--all', '--yes', '--json'], { env })
    expect(all.stderr).toBe('')
    // (The status check above with the old token set its last use.)
    expect(all.json()).toEqual({
      revoked: [{ ...run.json().tokens[0], lastUsedAt: expect.any(String) }],
      kept: made.id,
    })
    expect(await storedTokens(user.id)).toEqual([{ id: made.id, name: `svc-cli on ${hostname()}` }])
    expect((await cliInProcess(['auth', 'status'], { env: { ...envFor(), SVC_TOKEN: token } })).code).toBe(4)
    expect((await cliInProcess(['auth', 'status'], { env })).code).toBe(0)
    expect((await passwordLogin(user.email, 'new secret words')).code).toBe(0)
  })

  test('human output says what happened and how to revoke the surviving tokens; --token-name names the token', async () => {
    const { user, code } = await accountWithCode()
    const [old] = await server.ctx.storage.auth.tokens(user.id)
    const env = envFor()
    const run = await cliInProcess(
      ['auth', 'reset-password', '--email', user.email, '--code', code, '--password-stdin', '--token-name', 'desk'],
      { env, stdin: 'new secret words' },
    )
    expect(run.code).toBe(0)
    expect(run.stderr).toBe('')
    const created = iso(old.createdAt)!
    const lastUsed = iso(old.lastUsedAt) ?? '-'
    expect(run.stdout).toBe(
      `Password changed; the account had no admin sessions to end.\nLogged in to ${server.url} as ${user.email}. The token is stored in ${configPath(env)}.\n\n` +
        `id     ${user.id}\nemail  ${user.email}\nname   ${user.name}\n\n` +
        'This access token made before the reset still works:\n' +
        `${'ID'.padEnd(old.id.length)}  NAME  PREFIX           ${'CREATED'.padEnd(created.length)}  LAST USED\n` +
        `${old.id}  test  ${old.prefix}…  ${created}  ${lastUsed}\n\n` +
        'Revoke one you do not recognise:  svc-cli auth token revoke <id>\n' +
        "Revoke all but this login's:      svc-cli auth token revoke --all\n",
    )
    const tokens = (await cliInProcess(['auth', 'token', 'list', '--json'], { env }))
      .json()
      .tokens.map((t: { name: string }) => t.name)
    expect(tokens).toContain('desk')
  })

  test("a wrong code exits 4 with the server's 401; the password is unchanged", async () => {
    const { user, code } = await accountWithCode()
    const wrong = `${(Number(code[0]) + 1) % 10}${code.slice(1)}`
    const run = await cliInProcess(
      ['auth', 'reset-password', '--email', user.email, '--code', wrong, '--password-stdin', '--json'],
      { env: envFor(), stdin: 'new secret words' },
    )
    expect(run.code).toBe(4)
    expect(run.stdout).toBe('')
    expect(JSON.parse(run.stderr)).toEqual({
      error: {
        type: 'unauthorized',
        message:
          'That code does not log in this e-mail address: it is mistyped, expired (codes last 10 minutes), already used, ' +
          'replaced by a newer code, or was tried wrong 5 times; check it or request a new one. ' +
          'Log in again with `svc-cli auth login`, or set SVC_TOKEN to a valid access token.',
      },
    })
    expect((await passwordLogin(user.email, 'new secret words')).code).toBe(4)
  })

  test('a weak password exits 1 naming the problem, before anything is sent', async () => {
    const { user, code } = await accountWithCode()
    const run = await cliInProcess(
      ['auth', 'reset-password', '--email', user.email, '--code', code, '--password-stdin', '--json'],
      { env: envFor(), stdin: 'short' },
    )
    expect(run.code).toBe(1)
    expect(JSON.parse(run.stderr)).toEqual({
      error: {
        type: 'validation',
        message: 'newPassword: must be at least 8 characters',
        details: { problems: [{ path: 'newPassword', message: 'must be at least 8 characters' }] },
      },
    })
    // The code was not spent.
    const ok = await cliInProcess(
      ['auth', 'reset-password', '--email', user.email, '--code', code, '--password-stdin'],
      { env: envFor(), stdin: 'long enough now' },
    )
    expect(ok.code).toBe(0)
  })

  test('off a terminal without --password-stdin: exit 2 naming the flag; missing flags: exit 2', async () => {
    const noStdin = await cliInProcess(['auth', 'reset-password', '--email', 'a@example.com', '--code', '123456'], {
      env: envFor(),
    })
    expect(noStdin).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'error: Not a terminal, so svc-cli cannot ask: pass --password-stdin\n',
    })
    const empty = await cliInProcess(
      ['auth', 'reset-password', '--email', 'a@example.com', '--code', '123456', '--password-stdin'],
      { env: envFor(), stdin: '' },
    )
    expect(empty.code).toBe(2)
    expect(empty.stderr).toStartWith('error: No password on stdin')
    expect((await cliInProcess(['auth', 'reset-password', '--email', 'a@example.com'], { env: envFor() })).code).toBe(2)
  })

  test('on a terminal it asks for the new password twice (without echo)', async () => {
    const { user, code } = await accountWithCode()
    const asked: string[] = []
    const run = await cliInProcess(['auth', 'reset-password', '--email', user.email, '--code', code, '--json'], {
      env: envFor(),
      prompt: async (question, secret) => {
        asked.push(`${question}${secret ? '(secret)' : ''}`)
        return 'typed at a terminal'
      },
    })
    expect(run.code).toBe(0)
    expect(asked).toEqual(['New password: (secret)', 'New password again: (secret)'])
    expect((await passwordLogin(user.email, 'typed at a terminal')).code).toBe(0)
  })
})
