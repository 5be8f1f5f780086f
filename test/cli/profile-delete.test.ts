/**
 * svc-cli profile delete: the account goes with its apps, records and tokens, after the same
 * proof the admin and the API ask for (the password); it asks on a terminal and needs --yes
 * otherwise; the stored login for the server is forgotten. What the server stores afterwards.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { readConfig } from '../../cli/config.ts'
import { cliInProcess, cliProcess, expectOk, startTestServer, tempConfigHome } from '../support/server.ts'

const server = await startTestServer({ SVC_SIGNUP: 'open' })
afterAll(() => server.close())

const PASSWORD = 'a long password'

/** A new account with a password and one app, logged in through its own config dir. */
async function account() {
  const email = `del${crypto.randomUUID().slice(0, 8)}@example.com`
  const env = { SVC_URL: server.url, XDG_CONFIG_HOME: tempConfigHome() }
  const signup = await cliInProcess(['auth', 'signup', '--email', email, '--password-stdin', '--json'], {
    env,
    stdin: PASSWORD,
  })
  expect(signup.code).toBe(0)
  const app = expectOk(await cliInProcess(['app', 'create', '--name', 'RSVP', '--json'], { env })).json().id as string
  return { email, env, userId: signup.json().user.id as string, app }
}

describe('profile delete', () => {
  test('off a terminal without --yes: exit 2 naming --yes; the account stays', async () => {
    const { email, env, userId } = await account()
    const run = await cliProcess(['profile', 'delete', '--password-stdin'], { env, stdin: `${PASSWORD}\n` })
    expect(run).toMatchObject({
      code: 2,
      stdout: '',
      stderr: `error: Delete the account ${email} for good, with every app, record and access token: refusing without confirmation; pass --yes\n`,
    })
    expect(await server.ctx.storage.users.byId(userId)).not.toBeNull()
  })

  test('a wrong password: refused with the server error (exit 1); the account stays', async () => {
    const { env, userId } = await account()
    const run = await cliInProcess(['profile', 'delete', '--password-stdin', '--yes', '--json'], {
      env,
      stdin: 'not it\n',
    })
    expect(run.code).toBe(1)
    expect(JSON.parse(run.stderr).error.type).toBe('wrong_password')
    expect(await server.ctx.storage.users.byId(userId)).not.toBeNull()
  })

  test('--password-stdin --yes (real process): deleted with its apps; the stored login is forgotten', async () => {
    const { email, env, userId, app } = await account()
    const run = await cliProcess(['profile', 'delete', '--password-stdin', '--yes'], { env, stdin: `${PASSWORD}\n` })
    expect(run).toMatchObject({
      code: 0,
      stderr: '',
      stdout: `Deleted the account ${email} on ${server.url} with its apps, records and access tokens. Its stored login here is forgotten.\n`,
    })
    expect(await server.ctx.storage.users.byId(userId)).toBeNull()
    expect(await server.ctx.storage.apps.byId(app)).toBeNull()
    expect(readConfig(env)).toEqual({ servers: {} })
  })

  test('on a terminal it asks to confirm, then for the password (not echoed); "n" changes nothing', async () => {
    const { email, env, userId } = await account()
    const asked: string[] = []
    const prompt = (answers: string[]) => async (question: string, secret: boolean) => {
      asked.push(`${question}${secret ? '(secret)' : ''}`)
      return answers.shift() ?? ''
    }
    const no = await cliInProcess(['profile', 'delete'], { env, prompt: prompt(['n']) })
    expect(no.code).toBe(1)
    expect(await server.ctx.storage.users.byId(userId)).not.toBeNull()
    const yes = await cliInProcess(['profile', 'delete', '--json'], { env, prompt: prompt(['y', PASSWORD]) })
    expect(yes.json()).toEqual({ deleted: true, email, server: server.url, loggedOut: true })
    const question = `Delete the account ${email} for good, with every app, record and access token? [y/N] `
    expect(asked).toEqual([question, question, 'Current password: (secret)'])
    expect(await server.ctx.storage.users.byId(userId)).toBeNull()
  })
})
