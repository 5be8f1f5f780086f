/**
 * Issue 41, row 13, in svc-cli: after many failed log-ins for an account, `svc-cli auth
 * login --password-stdin` learns a code was mailed; on a terminal it asks for the code, off
 * one it says to run again with --code, and the password with the code logs in.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { beginLoginAttempt } from '../../server/core/auth/login-throttle.ts'
import { signup } from '../../server/core/auth/signup.ts'
import { AUTH } from '../../server/contract/limits.ts'
import { cliInProcess, startTestServer, tempConfigHome } from '../support/server.ts'

const server = await startTestServer({ SVC_SIGNUP: 'open' })
afterAll(() => server.close())

const PASSWORD = 'correct horse'
const envFor = () => ({ SVC_URL: server.url, XDG_CONFIG_HOME: tempConfigHome() })
const codeFor = (to: string) => /\n\s{4}(\d{6})\n/.exec(server.mails.filter((m) => m.to === to).at(-1)!.text)![1]

/** An account with a password and AUTH.loginFailuresPerAccount failed log-ins from strangers' addresses. */
async function guessedAccount(email: string): Promise<void> {
  await signup(server.ctx, { email, password: PASSWORD })
  for (let i = 0; i < AUTH.loginFailuresPerAccount; i++)
    await beginLoginAttempt(server.ctx, email, `198.51.100.${1 + Math.floor(i / AUTH.loginFailuresPerWindow)}`)
}

const message = (email: string) =>
  `There were over ${AUTH.loginFailuresPerAccount} failed log-ins for ${email} within an hour, so a password log-in also needs a login code. ` +
  `If the password is right, a code has been e-mailed to ${email}: send it as "code" together with the password ` +
  '(it lasts 10 minutes; no new mail? use the last code you received).'

describe('auth login when the account needs a code', () => {
  test('off a terminal: exit 4 saying to pass --code; with --code it logs in', async () => {
    const email = 'batch@example.com'
    await guessedAccount(email)
    const env = envFor()
    const args = ['auth', 'login', '--email', email, '--password-stdin', '--json']
    const refused = await cliInProcess(args, { env, stdin: PASSWORD })
    expect(refused.code).toBe(4)
    expect(refused.stdout).toBe('')
    expect(JSON.parse(refused.stderr)).toEqual({
      error: {
        type: 'code_required',
        message: `${message(email)} With svc-cli: run the same command again with --code <the code from the e-mail>.`,
      },
    })
    const done = await cliInProcess([...args, '--code', codeFor(email)], { env, stdin: PASSWORD })
    expect(done.code).toBe(0)
    expect(done.json().user.email).toBe(email)
  })

  test('on a terminal: asks for the code from the e-mail', async () => {
    const email = 'person@example.com'
    await guessedAccount(email)
    const asked: string[] = []
    const run = await cliInProcess(['auth', 'login', '--email', email, '--password-stdin', '--json'], {
      env: envFor(),
      stdin: PASSWORD,
      prompt: async (question) => {
        asked.push(question)
        return codeFor(email)
      },
    })
    expect(asked).toEqual(['Code from the e-mail: '])
    expect(run.stderr).toBe(`${message(email)}\n`)
    expect([run.code, run.json().user.email]).toEqual([0, email])
  })
})
