/**
 * List commands against a real server: ids only with -q (docker -q), --limit/--page, the
 * first page by default only for a person at a terminal, and the "N more" line on stderr.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { LIMITS } from '../../server/contract/limits.ts'
import { cliInProcess, expectOk, startTestServer, tempConfigHome } from '../support/server.ts'
import { callServer } from '../support/call.ts'

const server = await startTestServer()
afterAll(() => server.close())

let env: Record<string, string>
let ids: string[]
beforeAll(async () => {
  const { token } = await server.account()
  // NO_COLOR: the runs that stand for a terminal print plain tables.
  env = { SVC_URL: server.url, SVC_TOKEN: token, XDG_CONFIG_HOME: tempConfigHome(), NO_COLOR: '1' }
  ids = []
  for (const name of ['One', 'Two', 'Three'])
    ids.push(expectOk(await cliInProcess(['app', 'create', '--name', name, '-q'], { env })).stdout.trim())
})
const cli = (argv: string[], extra: { stdoutTTY?: boolean; terminal?: boolean } = {}) =>
  cliInProcess(argv, { env, stdoutTTY: extra.stdoutTTY, prompt: extra.terminal ? async () => '' : undefined })
/** Newest first, as the API lists them. */
const newestFirst = () => [...ids].reverse()

describe('-q prints ids only', () => {
  test('create -q prints the new id and nothing else; list -q one id per line', async () => {
    expect(ids.every((id) => /^\S+$/.test(id))).toBe(true)
    expect(expectOk(await cli(['app', 'list', '-q'])).stdout).toBe(`${newestFirst().join('\n')}\n`)
    expect(expectOk(await cli(['app', 'list', '--quiet', '--json'])).json()).toEqual(newestFirst())
  })

  test('field add/list, scale add/list and report page add/list take -q too', async () => {
    const app = ids[0]
    const field = expectOk(
      await cli(['field', 'add', '--app', app, '--name', 'q1', '--type', 'number', '-q']),
    ).stdout.trim()
    expect(expectOk(await cli(['field', 'list', '--app', app, '-q'])).stdout).toBe(`${field}\n`)
    const scale = expectOk(
      await cli(['scale', 'add', '--app', app, '--key', 'total', '--name', 'Total', '-q']),
    ).stdout.trim()
    expect(expectOk(await cli(['scale', 'list', '--app', app, '-q'])).stdout).toBe(`${scale}\n`)
    const page = expectOk(await cli(['report', 'page', 'add', '--app', app, '--title', 'Results', '-q'])).stdout.trim()
    expect(expectOk(await cli(['report', 'page', 'list', '--app', app, '-q'])).stdout).toBe(`${page}\n`)
    expect(expectOk(await cli(['field', 'get', '--app', app, '--field', field, '--json'])).json().name).toBe('q1')
  })

  test('an empty list prints nothing at all', async () => {
    expect(await cli(['field', 'list', '--app', ids[2], '-q'])).toMatchObject({ code: 0, stdout: '', stderr: '' })
  })
})

describe('--limit and --page', () => {
  test('pick a page in every output mode; --json adds where the page sits', async () => {
    const [first, second, third] = newestFirst()
    expect(expectOk(await cli(['app', 'list', '--limit', '2', '-q'])).stdout).toBe(`${first}\n${second}\n`)
    expect(expectOk(await cli(['app', 'list', '--limit', '2', '--page', '2', '-q'])).stdout).toBe(`${third}\n`)
    const json = expectOk(await cli(['app', 'list', '--limit', '2', '--page', '2', '--json'])).json()
    expect(json).toEqual({
      apps: [expect.objectContaining({ id: third, name: 'One' })],
      paging: { page: 2, limit: 2, total: 3, more: 0 },
    })
    expect(expectOk(await cli(['app', 'list', '--page', '9', '--json'])).json()).toEqual({
      apps: [],
      paging: { page: 9, limit: LIMITS.defaultPageSize, total: 3, more: 0 },
    })
  })

  test('without them, --json, -q and a pipe get every item and the API shape', async () => {
    const json = expectOk(await cli(['app', 'list', '--json'])).json()
    expect(Object.keys(json)).toEqual(['apps'])
    expect(json.apps.map((a: { id: string }) => a.id)).toEqual(newestFirst())
  })

  test('on a terminal the "N more" line goes to stderr after the table; never with --json or off a terminal', async () => {
    const terminal = await cli(['app', 'list', '--limit', '1'], { stdoutTTY: true, terminal: true })
    expect(terminal.code).toBe(0)
    expect(terminal.stdout.split('\n')).toEqual([
      expect.stringMatching(/^ID\s+NAME\s+FIELDS\s+RECORDS\s+PUBLISHED\s+LAST RECORD$/),
      expect.stringMatching(new RegExp(`^${newestFirst()[0]}\\s+Three\\s+0\\s+0\\s+no\\s+-$`)),
      '',
    ])
    expect(terminal.stderr).toBe('2 more — use --page 2 --limit 1\n')
    expect((await cli(['app', 'list', '--limit', '1', '-q'], { terminal: true })).stderr).toBe(
      '2 more — use --page 2 --limit 1\n',
    )
    expect((await cli(['app', 'list', '--limit', '1', '--json'], { stdoutTTY: true, terminal: true })).stderr).toBe('')
    expect((await cli(['app', 'list', '--limit', '1'])).stderr).toBe('')
  })

  test(`a person at a terminal sees the first ${LIMITS.defaultPageSize}; a script gets them all`, async () => {
    const { token } = await server.account()
    const many = { ...env, SVC_TOKEN: token }
    for (let i = 0; i <= LIMITS.defaultPageSize; i++) {
      const response = await callServer(server.url, 'apps.create', { body: { name: `App ${i}` } }, { token })
      expect(response.status).toBe(200)
    }
    const person = await cliInProcess(['app', 'list'], { env: many, stdoutTTY: true, prompt: async () => '' })
    expect(person.stdout.trim().split('\n')).toHaveLength(1 + LIMITS.defaultPageSize)
    expect(person.stderr).toBe('1 more — use --page 2\n')
    expect(
      expectOk(await cliInProcess(['app', 'list', '-q'], { env: many }))
        .stdout.trim()
        .split('\n'),
    ).toHaveLength(LIMITS.defaultPageSize + 1)
    expect(expectOk(await cliInProcess(['app', 'list', '--json'], { env: many })).json().apps).toHaveLength(
      LIMITS.defaultPageSize + 1,
    )
  })

  test('field list pages and still counts every field against the limit', async () => {
    const app = ids[1]
    for (const name of ['a', 'b', 'c'])
      expectOk(await cli(['field', 'add', '--app', app, '--name', name, '--type', 'text']))
    const page = expectOk(await cli(['field', 'list', '--app', app, '--limit', '2', '--page', '2', '--json'])).json()
    expect(page).toEqual({
      fields: [expect.objectContaining({ name: 'c', position: 2 })],
      limit: LIMITS.maxFields,
      unlisted: [],
      paging: { page: 2, limit: 2, total: 3, more: 0 },
    })
    expect(expectOk(await cli(['field', 'list', '--app', app, '--limit', '2'])).stdout).toEndWith(
      '\n\n3 of 50 fields\n',
    )
  })

  test.each([
    ['--limit', '0'],
    ['--limit', '1001'],
    ['--page', '0'],
    ['--page', 'two'],
  ])('%s %s is a usage error before anything is sent', async (flag, value) => {
    const run = await cliInProcess(['app', 'list', flag, value, '--json'], {
      env: { SVC_URL: 'http://127.0.0.1:9', SVC_TOKEN: 'x' },
    })
    expect(run.code).toBe(2)
    expect(JSON.parse(run.stderr).error.details).toEqual({
      problems: [{ flag, message: expect.stringContaining(`"${value}"`.replace(/^"(\d+)"$/, '$1')) }],
    })
  })
})
