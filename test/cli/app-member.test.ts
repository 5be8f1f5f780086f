/**
 * svc-cli app member against a real server where only the first account may sign up: the
 * owner invites (the link is printed, since there is no SMTP), the invitee makes an account
 * from the link or accepts with `app member accept`, the owner lists, changes, removes and
 * withdraws, and a member leaves.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { cliInProcess, startTestServer, tempConfigHome } from '../support/server.ts'

const server = await startTestServer({ SVC_SIGNUP: 'first' })
afterAll(() => server.close())

const PASSWORD = 'a long password'
const envFor = () => ({ SVC_URL: server.url, XDG_CONFIG_HOME: tempConfigHome() })
const owner = envFor()
const grace = envFor()
const run = (env: Record<string, string>, argv: string[], stdin = '') => cliInProcess(argv, { env, stdin })
const json = async (env: Record<string, string>, argv: string[]) => {
  const done = await run(env, [...argv, '--json'])
  if (done.code !== 0) throw new Error(`${argv.join(' ')}: exit ${done.code}: ${done.stderr}`)
  return done.json()
}

expect((await run(owner, ['auth', 'signup', '--email', 'ada@example.com', '--password-stdin'], PASSWORD)).code).toBe(0)
const survey = await json(owner, ['app', 'create', '--name', 'Survey'])
const other = await json(owner, ['app', 'create', '--name', 'Other'])

describe('app member', () => {
  test('add prints the link to pass on; the invitee makes an account from it although sign-up is closed', async () => {
    const argv = ['--app', 'Survey', '--email', 'Grace@example.com', '--role', 'viewer']
    const added = await run(owner, ['app', 'member', 'add', ...argv])
    expect(added.code).toBe(0)
    const lines = added.stdout.split('\n')
    expect(lines.slice(0, 3)).toEqual([
      'invited  grace@example.com',
      'role     viewer',
      expect.stringMatching(/^expires {2}\d{4}-\d\d-\d\dT/),
    ])
    expect(lines[4]).toMatch(/^http:\/\/localhost:\d+\/admin\/#\/invitation\/svc_inv_[\w-]+$/)
    expect(lines[6]).toBe(
      'This server has no SMTP, so nothing was mailed: send grace@example.com the link yourself. They accept in the admin page, or with: svc-cli app member accept <link>',
    )
    const token = lines[4].split('/').at(-1)!
    const accepted = await fetch(`${server.url}/api/v3/invitations/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    })
    expect(accepted.status).toBe(200)
    const login = await run(grace, ['auth', 'login', '--email', 'grace@example.com', '--password-stdin'], PASSWORD)
    expect(login.code).toBe(0)
    const apps = (await json(grace, ['app', 'list'])).apps
    expect(apps.map((app: { name: string; role: string }) => [app.name, app.role])).toEqual([['Survey', 'viewer']])
  })

  test('accept takes a link as the logged-in account', async () => {
    const made = await json(owner, [
      'app',
      'member',
      'add',
      '--app',
      other.id,
      '--email',
      'grace@example.com',
      '--role',
      'editor',
    ])
    const accepted = await run(grace, ['app', 'member', 'accept', made.url])
    expect(accepted).toMatchObject({ code: 0, stdout: `You now work on "Other" (${other.id}) as editor.\n` })
    const again = await run(grace, ['app', 'member', 'accept', made.url, '--json'])
    expect(again.code).toBe(1)
    expect(JSON.parse(again.stderr).error.type).toBe('not_found')
    const bad = await run(grace, ['app', 'member', 'accept', 'https://example.com/nothing'])
    expect(bad.code).toBe(2)
  })

  test('list, update and remove by address; a waiting invitation is withdrawn by remove', async () => {
    await json(owner, ['app', 'member', 'add', '--app', 'Survey', '--email', 'bob@example.com', '--role', 'editor'])
    const listed = await run(owner, ['app', 'member', 'list', '--app', 'Survey'])
    const lines = listed.stdout.split('\n')
    expect(lines[0]).toMatch(/^EMAIL\s+NAME\s+ROLE\s+SINCE\s+ID$/)
    expect(lines[1]).toMatch(/^ada@example\.com\s+-\s+owner\s/)
    expect(lines[2]).toMatch(/^grace@example\.com\s+-\s+viewer\s/)
    expect(listed.stdout).toContain('Waiting invitations:\n')
    expect(listed.stdout).toMatch(/\nbob@example\.com\s+editor\s+ada@example\.com\s+\d{4}-/)

    const updated = await run(owner, [
      'app',
      'member',
      'update',
      '--app',
      'Survey',
      '--member',
      'GRACE@example.com',
      '--role',
      'editor',
    ])
    expect(updated).toMatchObject({ code: 0, stdout: 'grace@example.com is now editor.\n' })
    const unknown = await run(owner, [
      'app',
      'member',
      'update',
      '--app',
      'Survey',
      '--member',
      'x@example.com',
      '--role',
      'viewer',
    ])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toStartWith(
      'error: --member: "x@example.com" is no member of this app; its members are ada@example.com, grace@example.com\n',
    )

    const withdrawn = await run(owner, [
      'app',
      'member',
      'remove',
      '--app',
      'Survey',
      '--member',
      'bob@example.com',
      '--yes',
    ])
    expect(withdrawn).toMatchObject({ code: 0, stdout: 'Withdrew the invitation of bob@example.com.\n' })
    const refused = await run(owner, ['app', 'member', 'remove', '--app', 'Survey', '--member', 'grace@example.com'])
    expect(refused.code).toBe(2)
    const removed = await json(owner, [
      'app',
      'member',
      'remove',
      '--app',
      'Survey',
      '--member',
      'grace@example.com',
      '--yes',
    ])
    expect(removed).toEqual({ removed: true, userId: expect.any(String), email: 'grace@example.com' })
    expect((await json(grace, ['app', 'list'])).apps.map((app: { name: string }) => app.name)).toEqual(['Other'])
    const members = await json(owner, ['app', 'member', 'list', '--app', 'Survey'])
    expect(members).toEqual({
      members: [expect.objectContaining({ email: 'ada@example.com', role: 'owner' })],
      invitations: [],
    })
  })

  test('a member leaves; what they may not do names the role', async () => {
    const edit = await run(grace, ['app', 'delete', '--app', other.id, '--yes', '--json'])
    expect(JSON.parse(edit.stderr).error).toMatchObject({ type: 'forbidden', details: { role: 'owner' } })
    const left = await run(grace, ['app', 'member', 'leave', '--app', other.id, '--yes'])
    expect(left).toMatchObject({ code: 0, stdout: `You left app ${other.id}.\n` })
    expect((await json(grace, ['app', 'list'])).apps).toEqual([])
    const ownerLeaves = await run(owner, ['app', 'member', 'leave', '--app', survey.id, '--yes', '--json'])
    expect([ownerLeaves.code, JSON.parse(ownerLeaves.stderr).error.type]).toEqual([1, 'conflict'])
  })
})
