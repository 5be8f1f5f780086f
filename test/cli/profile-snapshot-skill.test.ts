/**
 * svc-cli profile, snapshot, skill (and GET /api/v3/skills/:module), and serve.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { tmpdir } from 'node:os'
import { createAccessToken } from '../../server/core/auth/access-tokens.ts'
import { insertUser, toPublicUser } from '../../server/core/users/users.ts'
import { SKILL_MODULES, skillDocument } from '../../server/contract/skills/index.ts'
import { BUN, cliInProcess, ROOT, startTestServer, tempConfigHome, expectOk } from '../support/server.ts'
import { RECORDS_WARNING } from '../support/reads.ts'
import { testAdminDist } from '../support/admin-build.ts'
import { startListening } from '../support/process.ts'
import { tempDir } from '../support/tmp.ts'
import { callServer, type ErrorEnvelope } from '../support/call.ts'
import { SCOPES } from '../../server/contract/access/roles.ts'

const server = await startTestServer()
afterAll(() => server.close())

let env: Record<string, string>
let email: string
beforeAll(async () => {
  const account = await server.account()
  email = account.user.email
  env = { SVC_URL: server.url, SVC_TOKEN: account.token, XDG_CONFIG_HOME: tempConfigHome() }
})
const cli = (...argv: string[]) => cliInProcess(argv, { env })
const ok = expectOk

/** A password change's answer: the access tokens that still work (a change revokes none). */
const changedKeepingTokens = {
  changed: true,
  tokens: [
    {
      id: expect.any(String),
      name: 'test',
      prefix: expect.stringMatching(/^svc_pat_/),
      createdAt: expect.any(String),
      lastUsedAt: expect.any(String),
      scopes: [...SCOPES],
      apps: null,
      expiresAt: null,
    },
  ],
}

describe('profile', () => {
  test('get, update, password (stdin: new only and a mailed --code when there is none, then current + new)', async () => {
    const me = ok(await cli('profile', 'get', '--json')).json()
    expect(me).toEqual({
      id: expect.any(String),
      email,
      name: expect.any(String),
      hasPassword: false,
      createdAt: expect.any(String),
    })
    expect(ok(await cli('profile', 'update', '--name', 'Ada L.', '--json')).json()).toEqual({ ...me, name: 'Ada L.' })
    expect((await cli('profile', 'update')).code).toBe(2)

    const noCode = await cliInProcess(['profile', 'password', '--password-stdin'], { env, stdin: 'first password\n' })
    expect(noCode).toMatchObject({
      code: 2,
      stderr: `error: Your account has no password, so this needs a login code: run svc-cli auth code --email ${email}, then pass the code with --code\nRun \`svc-cli profile password --help\` for usage.\n`,
    })
    ok(await cli('auth', 'code', '--email', email))
    const code = /^\s+(\d{6})$/m.exec(server.mails.findLast((mail) => mail.to === email)!.text)![1]
    const set = await cliInProcess(['profile', 'password', '--password-stdin', '--code', code, '--json'], {
      env,
      stdin: 'first password\n',
    })
    expect(set).toMatchObject({ code: 0, stderr: '' })
    expect(set.json()).toEqual(changedKeepingTokens)
    const missingCurrent = await cliInProcess(['profile', 'password', '--password-stdin'], {
      env,
      stdin: 'second password\n',
    })
    expect(missingCurrent.code).toBe(2)
    const changed = await cliInProcess(['profile', 'password', '--password-stdin', '--json'], {
      env,
      stdin: 'first password\nsecond password\n',
    })
    expect(changed.json()).toEqual(changedKeepingTokens)
    const login = await cliInProcess(['auth', 'login', '--email', email, '--password-stdin', '--json'], {
      env: { SVC_URL: server.url },
      stdin: 'second password',
    })
    expect(login.code).toBe(0)
  })

  test('update --email takes the current password from stdin; the e-mail changes only through the link, and --cancel-email drops it', async () => {
    const user = await insertUser(server.ctx, { email: 'grace@example.com', name: 'Grace', password: 'first password' })
    const account = { user: toPublicUser(user), token: (await createAccessToken(server.ctx, user.id, 'cli')).token }
    const mine = { ...env, SVC_TOKEN: account.token }
    const newEmail = 'grace@hopper.example'
    const noPassword = await cliInProcess(['profile', 'update', '--email', newEmail], { env: mine })
    expect(noPassword).toMatchObject({
      code: 2,
      stderr: 'error: Not a terminal, so svc-cli cannot ask: pass --password-stdin\n',
    })
    const wrong = await cliInProcess(['profile', 'update', '--email', newEmail, '--password-stdin'], {
      env: mine,
      stdin: 'not it\n',
    })
    expect(wrong).toMatchObject({ code: 1, stderr: 'error: The current password is wrong; nothing was changed\n' })

    const asked = await cliInProcess(['profile', 'update', '--email', newEmail, '--password-stdin', '--json'], {
      env: mine,
      stdin: 'first password\n',
    })
    expect(asked.code).toBe(0)
    expect(asked.json()).toEqual({ ...account.user, pendingEmail: { email: newEmail, expiresAt: expect.any(String) } })
    const human = await cliInProcess(['profile', 'update', '--email', newEmail, '--password-stdin'], {
      env: mine,
      stdin: 'first password\n',
    })
    expect(human.stdout).toContain(`A confirmation link went to ${newEmail}: the e-mail changes when it is followed`)
    expect(ok(await cliInProcess(['profile', 'get', '--json'], { env: mine })).json()).toEqual({
      ...account.user,
      pendingEmail: { email: newEmail, expiresAt: expect.any(String) },
    })
    const shown = ok(await cliInProcess(['profile', 'get'], { env: mine })).stdout.split('\n')
    expect(shown.slice(1, 3)).toEqual([
      `email       ${account.user.email}`,
      expect.stringMatching(new RegExp(`^new e-mail  ${newEmail} \\(waiting for its link until \\S+\\)$`)),
    ])
    expect(ok(await cliInProcess(['profile', 'update', '--cancel-email', '--json'], { env: mine })).json()).toEqual({
      cancelled: true,
    })
    expect(ok(await cliInProcess(['profile', 'get', '--json'], { env: mine })).json()).toEqual(account.user)
    expect(ok(await cliInProcess(['profile', 'update', '--cancel-email'], { env: mine })).stdout).toBe(
      'No e-mail change was waiting.\n',
    )
  })

  test('password off a terminal without --password-stdin names the flag', async () => {
    const run = await cli('profile', 'password')
    expect(run).toMatchObject({
      code: 2,
      stderr: 'error: Not a terminal, so svc-cli cannot ask: pass --password-stdin\n',
    })
  })
})

describe('snapshot', () => {
  test('JSON with every section; Markdown; one module; summary detail', async () => {
    const app = ok(await cli('app', 'create', '--name', 'Snap', '--description', 'All of it', '--json')).json()
    ok(await cli('field', 'add', '--app', app.id, '--name', 'q1', '--type', 'number', '--required'))
    const share = ok(await cli('share', 'publish', '--app', app.id, '--json')).json()
    ok(await cli('share', 'post', '--app', app.id, '--data', '{"q1":3}'))

    const full = ok(await cli('snapshot', '--app', app.id, '--json')).json()
    expect(Object.keys(full.sections)).toEqual([
      'app',
      'fields',
      'scales',
      'report',
      'expert',
      'connect',
      'share',
      'counts',
    ])
    expect(full.sections.app).toEqual({
      id: app.id,
      name: 'Snap',
      description: 'All of it',
      createdAt: app.createdAt,
      updatedAt: expect.any(String),
    })
    expect(full.sections.fields).toMatchObject({ limit: 50, fields: [{ name: 'q1', type: 'number', required: true }] })
    // The record posted since publishing is counted (records, what closeAfter counts).
    expect(full.sections.share).toEqual({ ...share, records: 1 })
    expect(full.sections.counts).toEqual({ records: 1, spam: 0, fields: 1, lastRecordAt: expect.any(String) })

    const markdown = ok(await cli('snapshot', '--app', app.id)).stdout
    expect(markdown).toStartWith('# Snap\n\nAll of it\n')
    expect(markdown).toContain('## Fields (1 of 50)')
    expect(markdown).toContain(`- endpoint: ${share.endpoint}`)
    expect(markdown).toContain('- writes: on · reads: off · auto-create: on\n')
    expect(markdown).not.toContain('**warning:**')
    expect(markdown).toContain('- records: 1 (spam: 0)')

    const one = ok(await cli('snapshot', '--app', app.id, '--module', 'fields', '--detail', 'summary', '--json')).json()
    expect(one).toEqual({
      appId: app.id,
      detail: 'summary',
      sections: { fields: { limit: 50, fields: [{ name: 'q1', type: 'number', required: true, options: null }] } },
    })

    // With records open, the share section says so and carries the server's warning.
    expect((await cli('share', 'set', '--app', app.id, '--reads', 'records', '--yes')).code).toBe(0)
    const open = ok(await cli('snapshot', '--app', app.id, '--module', 'share', '--detail', 'summary', '--json')).json()
    expect(open.sections.share).toEqual({
      published: true,
      endpoint: share.endpoint,
      service: true,
      reads: 'records',
      autoCreate: true,
      warnings: [RECORDS_WARNING],
    })
    expect(ok(await cli('snapshot', '--app', app.id, '--module', 'share')).stdout).toContain(
      `- writes: on · reads: records · auto-create: on\n- **warning:** ${RECORDS_WARNING}\n`,
    )

    const missing = await cli('snapshot', '--app', 'nope', '--json')
    expect(missing.code).toBe(1)
    expect(JSON.parse(missing.stderr).error.type).toBe('not_found')
  })
})

describe('skills', () => {
  test.each(SKILL_MODULES)('GET /api/v3/skills/%s is the same Markdown as `svc-cli skill`', async (module) => {
    const response = await callServer(server.url, 'skills.get', { params: { module } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8')
    const { text } = response
    expect(text).toBe(skillDocument(module))
    expect(ok(await cliInProcess(['skill', module])).stdout).toBe(`${text}`)
  })

  test('an unknown module is a JSON 404 listing the valid ones', async () => {
    const response = await callServer(server.url, 'skills.get', { params: { module: 'forms' } })
    expect(response.status).toBe(404)
    expect(response.body).toEqual<ErrorEnvelope>({
      code: 404,
      error: {
        type: 'not_found',
        message: 'No skill "forms"; the modules are form, scale, connect, report, expert, share',
        details: { modules: SKILL_MODULES },
      },
    })
  })

  test('every module has a real document built from the limits (details: test/core/skills)', () => {
    for (const module of SKILL_MODULES) expect(skillDocument(module)).not.toContain('coming')
    expect(skillDocument('scale')).toContain('At most **20 scales** per app, **50 items** and **10 levels** per scale')
    expect(skillDocument('connect')).toContain('- cannot use @import;')
    expect(skillDocument('share')).toContain('stop at the first page with fewer than 1000 records')
    expect(skillDocument('form')).toContain('- `multichoice`')
  })
})

describe('serve', () => {
  test('`svc-cli serve` starts the server like npm start', async () => {
    const dataDir = tempDir('svc-serve-')
    // A built admin page from the run's temp folder: without one, serve would build admin/dist into the checkout.
    const { proc, url } = await startListening([BUN, 'cli/main.ts', 'serve'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: tmpdir(),
        PORT: '0',
        SVC_DATA_DIR: dataDir,
        SVC_LOG: 'warn',
        // SIGTERM stops at once here; the drain has its own test (test/process/ready.test.ts).
        SVC_DRAIN_SECONDS: '0',
        SVC_ADMIN_DIR: testAdminDist(),
      },
      dataDir,
    })
    try {
      const health = (await callServer(url, 'health.get')).body
      expect(health).toEqual({ code: 200, data: { status: 'ok', version: expect.any(String) } })
    } finally {
      proc.kill('SIGTERM')
      expect(await proc.exited).toBe(0)
    }
  })
})
