/**
 * svc-cli audit list against a real server: the owner signs up and logs in, publishes an app
 * and changes its share settings through the CLI; the app's log shows who did it, how and
 * what changed, the account's log shows the log-ins; --since/--until take ages, dates and
 * date-times (a bad one is a usage error before any request), --action takes a prefix, and
 * --limit/--cursor/--all page through the log.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { hostname } from 'node:os'
import type { AuditPage } from '../../server/contract/api/audit.ts'
import { cliInProcess, expectOk, startTestServer, tempConfigHome } from '../support/server.ts'

const server = await startTestServer({ SVC_SIGNUP: 'first' })
afterAll(() => server.close())

const PASSWORD = 'a long password'
const EMAIL = 'ada@example.com'
// NO_COLOR: the runs that stand for a terminal print plain tables.
const env = { SVC_URL: server.url, XDG_CONFIG_HOME: tempConfigHome(), NO_COLOR: '1' }
const cli = (argv: string[], options: { terminal?: boolean } = {}) =>
  cliInProcess(argv, {
    env,
    stdoutTTY: options.terminal,
    prompt: options.terminal ? async () => '' : undefined,
  })
const page = async (argv: string[]) => expectOk(await cli(['audit', 'list', ...argv, '--json'])).json<AuditPage>()
/** The way in of every command after the log-in: the access token `auth login` made, named after the machine. */
const VIA = `token svc-cli on ${hostname()}`.slice(0, 100)

const signup = ['auth', 'signup', '--email', EMAIL, '--password-stdin']
expect((await cliInProcess(signup, { env, stdin: PASSWORD })).code).toBe(0)
const login = ['auth', 'login', '--email', EMAIL, '--password-stdin']
expect((await cliInProcess(login, { env, stdin: PASSWORD })).code).toBe(0)
const me = expectOk(await cli(['auth', 'status', '--json'])).json<{ user: { id: string } }>().user
const survey = expectOk(await cli(['app', 'create', '--name', 'Survey', '--json'])).json<{ id: string }>()
expectOk(await cli(['share', 'publish', '--app', 'Survey']))
expectOk(await cli(['share', 'set', '--app', 'Survey', '--honeypot', '_trap']))

/** The line of a table whose action cell is `action` (the newest such entry: tables are newest first). */
const rowOf = (stdout: string, action: string) =>
  stdout.split('\n').find((line) => new RegExp(`\\s${literal(action)}\\s`).test(line))

describe('audit list --app', () => {
  test('the table shows the share change: when, who, the way in, from where, the action and what changed', async () => {
    const run = expectOk(await cli(['audit', 'list', '--app', 'Survey']))
    const [header] = run.stdout.split('\n')
    expect(header).toMatch(/^WHEN\s+WHO\s+VIA\s+FROM\s+ACTION\s+TARGET\s+CHANGE$/)
    const entry = (await page(['--app', survey.id])).entries.find((e) => e.action === 'share.update')!
    const row = rowOf(run.stdout, 'share.update')!
    const cells = [entry.at.replace(/\.\d+Z$/, 'Z'), EMAIL, VIA, entry.address, 'share.update', entry.target ?? '-']
    expect(row).toMatch(new RegExp(`^${cells.map(literal).join('\\s+')}\\s+.*honeypot: _gotcha → _trap`))
  })

  test('--json gives the whole entry', async () => {
    const { entries, nextCursor } = await page(['--app', 'Survey'])
    expect(nextCursor).toBeNull()
    const entry = entries.find((e) => e.action === 'share.update')
    expect(entry).toEqual({
      id: expect.any(String),
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
      appId: survey.id,
      actor: { userId: me.id, email: EMAIL },
      via: VIA,
      address: expect.any(String),
      action: 'share.update',
      target: null,
      before: expect.objectContaining({ honeypot: '_gotcha' }),
      after: expect.objectContaining({ honeypot: '_trap' }),
    })
    // Newest first: the change came after the publish.
    const actions = entries.map((e) => e.action)
    expect(actions.indexOf('share.update')).toBeLessThan(actions.indexOf('share.publish'))
  })

  test('--action with a trailing dot takes every action so starting; without one, exactly that action', async () => {
    const share = (await page(['--app', 'Survey', '--action', 'share.'])).entries.map((e) => e.action)
    expect(share).toEqual(expect.arrayContaining(['share.update', 'share.publish']))
    expect(share.every((action) => action.startsWith('share.'))).toBe(true)
    const exact = (await page(['--app', 'Survey', '--action', 'share.update'])).entries.map((e) => e.action)
    expect(exact).toEqual(['share.update'])
  })

  test('--actor takes an e-mail address or a user id', async () => {
    const all = (await page(['--app', 'Survey'])).entries
    expect((await page(['--app', 'Survey', '--actor', EMAIL])).entries).toEqual(all)
    expect((await page(['--app', 'Survey', '--actor', me.id])).entries).toEqual(all)
    expect((await page(['--app', 'Survey', '--actor', 'nobody@example.com'])).entries).toEqual([])
  })
})

describe('audit list (the account)', () => {
  test("shows the owner's log-ins: by sign-up, then by password", async () => {
    const run = expectOk(await cli(['audit', 'list']))
    const logins = run.stdout.split('\n').filter((line) => /\sauth\.login\s/.test(line))
    expect(logins).toEqual([
      expect.stringMatching(new RegExp(`^\\S+\\s+${literal(EMAIL)}\\s+password\\s+\\S+\\s+auth\\.login(\\s|$)`)),
      expect.stringMatching(new RegExp(`^\\S+\\s+${literal(EMAIL)}\\s+signup\\s+\\S+\\s+auth\\.login(\\s|$)`)),
    ])
    const { entries } = await page(['--action', 'auth.login'])
    expect(entries.map((e) => [e.via, e.actor, e.appId])).toEqual([
      ['password', { userId: me.id, email: EMAIL }, null],
      ['signup', { userId: me.id, email: EMAIL }, null],
    ])
  })

  test('holds what the account did in its apps too', async () => {
    const { entries } = await page(['--action', 'share.update'])
    expect(entries.map((e) => [e.action, e.appId])).toEqual([['share.update', survey.id]])
  })
})

describe('--since and --until', () => {
  test('take an age before now, a date and a date-time', async () => {
    const all = (await page(['--app', 'Survey'])).entries
    expect(all.length).toBeGreaterThan(1)
    expect((await page(['--app', 'Survey', '--since', '1h'])).entries).toEqual(all)
    expect((await page(['--app', 'Survey', '--since', '2000-01-01'])).entries).toEqual(all)
    expect((await page(['--app', 'Survey', '--until', '1h'])).entries).toEqual([])
    const oldest = all.at(-1)!
    // --since is "at or after", --until "before": the oldest entry's own time splits the log there.
    expect((await page(['--app', 'Survey', '--since', oldest.at])).entries).toEqual(all)
    expect((await page(['--app', 'Survey', '--until', oldest.at])).entries).toEqual([])
  })

  test('an empty answer says so in a line', async () => {
    expect(expectOk(await cli(['audit', 'list', '--app', 'Survey', '--until', '30m'])).stdout).toBe(
      'No audit entries match.\n',
    )
  })

  test.each([
    ['--since', 'yesterday'],
    ['--until', '7 days'],
    ['--since', '2026-02-30'],
    ['--since', '2026-03-01T25:00:00Z'],
  ])('%s %s is a usage error naming the forms, before any request', async (flag, value) => {
    // Port 9 answers nothing: a request would fail otherwise than with exit 2.
    const offline = { SVC_URL: 'http://127.0.0.1:9', SVC_TOKEN: 'svc_pat_x', XDG_CONFIG_HOME: tempConfigHome() }
    const run = await cliInProcess(['audit', 'list', flag, value], { env: offline })
    expect(run).toMatchObject({
      code: 2,
      stdout: '',
      stderr: `error: ${flag} must be an age (30m, 24h, 7d, 4w), a date (2026-03-01) or a date-time (2026-03-01T09:30:00Z), got "${value}"\nRun \`svc-cli audit list --help\` for usage.\n`,
    })
  })

  test('--since after --until is a usage error: nothing could match', async () => {
    const run = await cli(['audit', 'list', '--since', '1h', '--until', '2h', '--json'])
    expect(run.code).toBe(2)
    expect(JSON.parse(run.stderr).error).toMatchObject({
      type: 'usage',
      details: { problems: [{ flags: ['--since', '--until'] }] },
    })
  })
})

describe('paging', () => {
  test('--limit gives a page and its nextCursor; --cursor the next; --all every page', async () => {
    const all = (await page(['--app', 'Survey'])).entries
    const first = await page(['--app', 'Survey', '--limit', '1'])
    expect(first).toEqual({ entries: [all[0]], nextCursor: expect.any(String) })
    const second = await page(['--app', 'Survey', '--limit', '1', '--cursor', first.nextCursor!])
    expect(second.entries).toEqual([all[1]])
    expect(await page(['--app', 'Survey', '--all'])).toEqual({ entries: all, nextCursor: null })
  })

  test('on a terminal, the way to the next page is a line on stderr; never with --json', async () => {
    const first = await page(['--app', 'Survey', '--limit', '1'])
    const terminal = await cli(['audit', 'list', '--app', 'Survey', '--limit', '1'], { terminal: true })
    expect(terminal.code).toBe(0)
    expect(terminal.stdout.trim().split('\n')).toHaveLength(2)
    expect(terminal.stderr).toBe(`More entries — use --cursor ${first.nextCursor}, or --all for every one\n`)
    const json = await cli(['audit', 'list', '--app', 'Survey', '--limit', '1', '--json'], { terminal: true })
    expect(json.stderr).toBe('')
  })

  test.each([
    [['--limit', '0'], '--limit must be between 1 and 500, got 0'],
    [['--limit', '501'], '--limit must be between 1 and 500, got 501'],
    [['--all', '--limit', '5'], 'Pass --limit or --all, not both'],
  ])('%p is a usage error', async (argv, message) => {
    const run = await cli(['audit', 'list', '--app', 'Survey', ...argv])
    expect(run).toMatchObject({ code: 2, stderr: `error: ${message}\nRun \`svc-cli audit list --help\` for usage.\n` })
  })
})

/** `text` as a regular expression that matches exactly it. */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
