/**
 * svc-cli auth reset-password against a real server: human and --json output, the stored
 * token, exit codes, non-TTY behaviour and the prompt path.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { hostname } from 'node:os'
import { configPath, readConfig } from '../../cli/config.ts'
import { cliInProcess, cliProcess, startTestServer, tempConfigHome } from '../support/server.ts'

const server = startTestServer({ SVC_SIGNUP: 'open' })
afterAll(() => server.close())

const envFor = () => ({ SVC_URL: server.url, XDG_CONFIG_HOME: tempConfigHome() })
const codeFrom = (to: string) => /\n\s{4}(\d{6})\n/.exec(server.mails.filter((m) => m.to === to).at(-1)!.text)![1]

/** A fresh account with a code e-mailed to it. */
async function accountWithCode() {
  const { user, token } = await server.account()
  expect((await cliInProcess(['auth', 'code', '--email', user.email], { env: envFor() })).code).toBe(0)
  return { user, token, code: codeFrom(user.email) }
}

const passwordLogin = (email: string, password: string) => cliInProcess(['auth', 'login', '--email', email, '--password-stdin', '--json'], { env: envFor(), stdin: password })

describe('auth reset-password', () => {
  test('--json: sets the password, stores a new token for the server, the old password-less token keeps working', async () => {
    const { user, token, code } = await accountWithCode()
    const env = envFor()
    const run = await cliProcess(['auth', 'reset-password', '--email', user.email, '--code', code, '--password-stdin', '--json'], { env, stdin: 'new secret words\n' })
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.json()).toEqual({
      server: server.url,
      user: { id: user.id, email: user.email, name: user.name, hasPassword: true, createdAt: new Date(user.createdAt).toISOString() },
      configFile: configPath(env),
    })
    const stored = readConfig(env)
    expect(stored.current).toBe(server.url)
    expect(stored.servers[server.url]).toEqual({ token: expect.stringMatching(/^svc_pat_/), email: user.email, savedAt: expect.any(String) })

    const status = await cliInProcess(['auth', 'status', '--json'], { env })
    expect(status.json()).toMatchObject({ authenticated: true, user: { email: user.email } })
    const tokens = (await cliInProcess(['auth', 'token', 'list', '--json'], { env })).json().tokens.map((t: { name: string }) => t.name)
    expect(tokens).toContain(`svc-cli on ${hostname()}`)
    // Access tokens are not sessions: the one made before the reset still works.
    expect((await cliInProcess(['auth', 'status'], { env: { ...envFor(), SVC_TOKEN: token } })).code).toBe(0)
    expect((await passwordLogin(user.email, 'new secret words')).code).toBe(0)
  })

  test('human output says what happened; --token-name names the token', async () => {
    const { user, code } = await accountWithCode()
    const env = envFor()
    const run = await cliInProcess(['auth', 'reset-password', '--email', user.email, '--code', code, '--password-stdin', '--token-name', 'desk'], { env, stdin: 'new secret words' })
    expect(run.code).toBe(0)
    expect(run.stderr).toBe('')
    expect(run.stdout).toBe(
      `Password changed; every other session of the account has ended.\nLogged in to ${server.url} as ${user.email}. The token is stored in ${configPath(env)}.\n\n` +
        `id     ${user.id}\nemail  ${user.email}\nname   ${user.name}\n`,
    )
    const tokens = (await cliInProcess(['auth', 'token', 'list', '--json'], { env })).json().tokens.map((t: { name: string }) => t.name)
    expect(tokens).toContain('desk')
  })

  test('a wrong code exits 4 with the server\'s 401; the password is unchanged', async () => {
    const { user, code } = await accountWithCode()
    const wrong = `${(Number(code[0]) + 1) % 10}${code.slice(1)}`
    const run = await cliInProcess(['auth', 'reset-password', '--email', user.email, '--code', wrong, '--password-stdin', '--json'], { env: envFor(), stdin: 'new secret words' })
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
    const run = await cliInProcess(['auth', 'reset-password', '--email', user.email, '--code', code, '--password-stdin', '--json'], { env: envFor(), stdin: 'short' })
    expect(run.code).toBe(1)
    expect(JSON.parse(run.stderr)).toEqual({
      error: { type: 'validation', message: 'newPassword: must be at least 8 characters', details: { problems: [{ path: 'newPassword', message: 'must be at least 8 characters' }] } },
    })
    // The code was not spent.
    const ok = await cliInProcess(['auth', 'reset-password', '--email', user.email, '--code', code, '--password-stdin'], { env: envFor(), stdin: 'long enough now' })
    expect(ok.code).toBe(0)
  })

  test('off a terminal without --password-stdin: exit 2 naming the flag; missing flags: exit 2', async () => {
    const noStdin = await cliInProcess(['auth', 'reset-password', '--email', 'a@example.com', '--code', '123456'], { env: envFor() })
    expect(noStdin).toMatchObject({ code: 2, stdout: '', stderr: 'error: Not a terminal, so svc-cli cannot ask: pass --password-stdin\n' })
    const empty = await cliInProcess(['auth', 'reset-password', '--email', 'a@example.com', '--code', '123456', '--password-stdin'], { env: envFor(), stdin: '' })
    expect(empty.code).toBe(2)
    expect(empty.stderr).toStartWith('error: No password on stdin')
    expect((await cliInProcess(['auth', 'reset-password', '--email', 'a@example.com'], { env: envFor() })).code).toBe(2)
  })

  test('on a terminal it asks for the new password twice (without echo)', async () => {
    const { user, code } = await accountWithCode()
    const asked: string[] = []
    const run = await cliInProcess(['auth', 'reset-password', '--email', user.email, '--code', code, '--json'], {
      env: envFor(),
      prompt: async (question, secret) => (asked.push(`${question}${secret ? '(secret)' : ''}`), 'typed at a terminal'),
    })
    expect(run.code).toBe(0)
    expect(asked).toEqual(['New password: (secret)', 'New password again: (secret)'])
    expect((await passwordLogin(user.email, 'typed at a terminal')).code).toBe(0)
  })
})
