/**
 * The human output of every command not covered elsewhere, run as a real process, checked
 * line by line; plus a check that every runnable command appears in one of the tests.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { cliInProcess, cliProcess, startTestServer, tempConfigHome } from '../support/server.ts'

const server = await startTestServer({ SVC_SIGNUP: 'open' })
afterAll(() => server.close())

let env: Record<string, string>
let app: { id: string; createdAt: string }
let email: string
beforeAll(async () => {
  const account = await server.account()
  email = account.user.email
  env = { SVC_URL: server.url, SVC_TOKEN: account.token, XDG_CONFIG_HOME: tempConfigHome() }
  app = (await cliInProcess(['app', 'create', '--name', 'Human', '--json'], { env })).json()
})

/** Runs as a real process and expects success with nothing on stderr. */
async function human(...argv: string[]): Promise<string[]> {
  const run = await cliProcess(argv, { env })
  expect(run.stderr).toBe('')
  expect(run.code).toBe(0)
  return run.stdout.split('\n')
}

describe('human output', () => {
  test('app get, update, urls', async () => {
    expect((await human('app', 'get', '--app', app.id)).slice(0, 3)).toEqual([
      `id           ${app.id}`,
      'name         Human',
      'description  -',
    ])
    expect((await human('app', 'update', '--app', app.id, '--description', 'People')).slice(1, 3)).toEqual([
      'name         Human',
      'description  People',
    ])
    const urls = await human('app', 'urls', '--app', app.id)
    expect(urls).toEqual([
      'endpoint  -',
      'help      -',
      'fill-in   -',
      `editor    ${server.ctx.config.baseUrl}/admin/#/apps/${app.id}`,
      `data      ${server.ctx.config.baseUrl}/admin/#/apps/${app.id}/data`,
      '',
      `Not published yet: run svc-cli share publish --app ${app.id}`,
      '',
    ])
  })

  test('field add, get, update, options, remove', async () => {
    const added = await human(
      'field',
      'add',
      '--app',
      app.id,
      '--name',
      'mood',
      '--type',
      'choice',
      '--options',
      'good,bad',
    )
    expect(added.slice(1, 6)).toEqual([
      'name          mood',
      'type          choice',
      'label         -',
      'required      no',
      'options       good, bad',
    ])
    expect((await human('field', 'get', '--app', app.id, '--field', 'mood'))[1]).toBe('name          mood')
    expect((await human('field', 'update', '--app', app.id, '--field', 'mood', '--label', 'Mood today'))[3]).toBe(
      'label         Mood today',
    )
    expect((await human('field', 'options', '--app', app.id, '--field', 'mood', '--set', 'good,ok,bad'))[5]).toBe(
      'options       good, ok, bad',
    )
    const removed = await human('field', 'remove', '--app', app.id, '--field', 'mood', '--yes')
    expect(removed[0]).toMatch(/^Removed field mood \(\S+\)\.$/)
  })

  test('share publish, status, post, rotate', async () => {
    const published = await human('share', 'publish', '--app', app.id)
    expect(published[0]).toMatch(/^published {14}yes \(since \S+Z\)$/)
    expect(published[1]).toMatch(new RegExp(`^endpoint {15}${server.ctx.config.baseUrl}/api/v3/share/\\S+$`))
    expect((await human('share', 'status', '--app', app.id)).slice(2, 6)).toEqual([
      'service (writes)       on',
      'reads (query/summary)  off (only you read, with your access token)',
      'public summary         values at least 5 records gave; never e-mail addresses',
      'auto-create fields     on',
    ])
    expect((await human('share', 'post', '--app', app.id, '--data', '{"mood":"good"}'))[0]).toMatch(
      /^Stored record \S+$/,
    )
    const rotated = await human('share', 'rotate', '--app', app.id, '--yes')
    expect(rotated[1]).not.toBe(published[1])
  })

  test('profile get and update', async () => {
    const me = await human('profile', 'get')
    expect(me[1]).toBe(`email     ${email}`)
    expect(me[3]).toBe('password  none (log in by e-mail code or token)')
    expect((await human('profile', 'update', '--name', 'Grace'))[2]).toBe('name      Grace')
  })

  test('auth status, code, token create and revoke, signup', async () => {
    const status = await human('auth', 'status')
    expect(status).toEqual([
      `server   ${server.url}`,
      expect.stringMatching(new RegExp(`^user     ${email} \\(\\S+\\)$`)),
      expect.stringMatching(/^token {4}"test" \(svc_pat_\S{6}…\) from SVC_TOKEN$/),
      'scopes   all',
      'apps     all',
      'expires  never',
      '',
    ])
    expect(await human('auth', 'code', '--email', email)).toEqual([
      `This server has no SMTP (SVC_SMTP_URL), so no e-mail was sent: if ${email} has an account, the login code for ${email} is in the server's log (the terminal running svc, or its service's journal), valid 10 minutes.`,
      `Then run: svc-cli auth login --email ${email} --code <code>`,
      '',
    ])
    const code = /\n\s{4}(\d{6})\n/.exec(server.mails.filter((m) => m.to === email).at(-1)!.text)![1]
    const created = await human(
      'auth',
      'token',
      'create',
      '--name',
      'deploy',
      '--scopes',
      'records:read',
      '--code',
      code,
    )
    expect(created.slice(1, 5)).toEqual(['name     deploy', 'scopes   records:read', 'apps     all', 'expires  never'])
    expect(created[6]).toMatch(/^svc_pat_\S+$/)
    expect(created.slice(8)).toEqual([
      'This is the only time the token is shown. Use it as SVC_TOKEN or with `svc-cli auth login --with-token`.',
      'It never expires: revoke it when it is no longer needed, or make tokens with --expires 90d.',
      '',
    ])
    const id = created[0].replace(/^id\s+/, '')
    expect(await human('auth', 'token', 'revoke', '--id', id, '--yes')).toEqual([`Revoked token ${id}.`, ''])

    const signup = await cliProcess(['auth', 'signup', '--email', 'new@example.com', '--password-stdin'], {
      env: { SVC_URL: server.url, XDG_CONFIG_HOME: tempConfigHome() },
      stdin: 'password123',
    })
    expect(signup.code).toBe(0)
    expect(signup.stdout).toStartWith(`Logged in to ${server.url} as new@example.com. The token is stored in `)
  })
})

describe('coverage of the command tree', () => {
  test('every runnable command is run by some CLI or MCP test', async () => {
    const { listLeaves } = await import('../../cli/tree.ts')
    const { ROOT } = await import('../../cli/commands/index.ts')
    const root = `${import.meta.dir}/../..`
    const sources = await Promise.all(
      [...new Bun.Glob('test/{cli,mcp}/*.test.ts').scanSync({ cwd: root })].map((f) => Bun.file(`${root}/${f}`).text()),
    )
    const all = sources.join('\n')
    const untested = (await listLeaves(ROOT))
      .map((l) => l.path)
      .filter((path) => !all.includes(path.map((p) => `'${p}'`).join(', ')) && !all.includes(`'${path.join(' ')}'`))
    expect(untested).toEqual([])
  })
})
