/**
 * `--app` takes an app's id or its name: a name no other app has works in every command that
 * has the flag (and through MCP's svc_exec); several apps of one name are a usage error
 * listing their ids; an unknown name or id is named, with `svc-cli app list` to find the
 * right one. Checks that need no server still come before the name is looked up.
 */
import { describe, expect, test } from 'bun:test'
import { inProcessMcp, resultText } from '../mcp/in-process.ts'
import { cliAccount, cliProcess, expectOk } from '../support/server.ts'

const { env, cli } = await cliAccount()
const create = async (name: string) => expectOk(await cli('app', 'create', '--name', name, '--json')).json()
const contact = await create('Contact form')
const first = await create('Survey')
const second = await create('Survey')
const UNKNOWN_ID = '0193abcd-0000-7000-8000-000000000000'

describe('--app by name', () => {
  test('a name no other app has stands for its app, in reads, changes and exports alike', async () => {
    expect(expectOk(await cli('app', 'get', '--app', 'Contact form', '--json')).json().id).toBe(contact.id)
    const field = expectOk(
      await cli('field', 'add', '--app', 'Contact form', '--name', 'email', '--type', 'email', '--json'),
    )
    expect(field.json()).toMatchObject({ name: 'email', type: 'email' })
    const fields = expectOk(await cli('field', 'list', '--app', contact.id, '--json')).json()
    expect(fields.fields.map((f: { name: string }) => f.name)).toEqual(['email'])
    const published = expectOk(await cli('share', 'publish', '--app', 'Contact form', '--json')).json()
    expect(published).toMatchObject({ published: true })
    expectOk(await cli('share', 'post', '--app', 'Contact form', '--data', '{"email":"ada@example.com"}'))
    const exported = expectOk(await cli('share', 'export', '--app', 'Contact form', '--format', 'jsonl'))
    expect(
      exported.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).data),
    ).toEqual([{ email: 'ada@example.com' }])
  })

  test('case does not matter when only one app matches that way', async () => {
    expect(expectOk(await cli('app', 'get', '--app', 'contact FORM', '--json')).json().id).toBe(contact.id)
  })

  test('several apps of one name: exit 2, listing their ids to choose from', async () => {
    const run = await cli('app', 'get', '--app', 'Survey')
    expect(run.code).toBe(2)
    const ids = [second, first].map((app) => `${app.id} (created ${app.createdAt})`).join(', ')
    expect(run.stderr).toBe(`error: 2 apps are named "Survey": pass --app one of their ids: ${ids}\n`)
    const json = await cli('app', 'get', '--app', 'Survey', '--json')
    expect(JSON.parse(json.stderr)).toEqual({
      error: {
        type: 'usage',
        message: `2 apps are named "Survey": pass --app one of their ids: ${ids}`,
        details: { problems: [{ flag: '--app', message: '2 apps have this name; pass one of their ids' }] },
      },
    })
  })

  test('a name no app has: named, with the nearest name and `svc-cli app list`', async () => {
    const run = await cli('field', 'list', '--app', 'Contcat form')
    expect([run.code, run.stdout, run.stderr]).toEqual([
      1,
      '',
      'error: No app has the id or name "Contcat form". Did you mean "Contact form"? See your apps with `svc-cli app list`.\n',
    ])
    const json = await cli('field', 'list', '--app', 'Newsletter', '--json')
    expect(JSON.parse(json.stderr)).toEqual({
      error: {
        type: 'not_found',
        message: 'No app has the id or name "Newsletter". See your apps with `svc-cli app list`.',
        details: { problems: [{ flag: '--app', message: 'no app has this id or name' }] },
      },
    })
  })

  test('a bad flag is still a usage error before the name is looked up (no server needed)', async () => {
    const run = await cliProcess(['share', 'query', '--app', 'Contact form', '--size', 'ten'], {
      env: { SVC_URL: 'http://127.0.0.1:9', SVC_TOKEN: 'svc_pat_x' },
    })
    expect([run.code, run.stderr]).toEqual([
      2,
      'error: --size must be a whole number, got "ten"\nRun `svc-cli share query --help` for usage.\n',
    ])
  })
})

describe('--app with an id the server does not know', () => {
  test('names the id and points at `svc-cli app list`, as a real process', async () => {
    const run = await cliProcess(['app', 'get', '--app', UNKNOWN_ID], { env })
    expect([run.code, run.stdout, run.stderr]).toEqual([
      1,
      '',
      `error: App ${UNKNOWN_ID} not found. See your apps with \`svc-cli app list\`.\n`,
    ])
    const json = await cliProcess(['share', 'status', '--app', UNKNOWN_ID, '--json'], { env })
    expect(JSON.parse(json.stderr)).toEqual({
      error: {
        type: 'not_found',
        message: `App ${UNKNOWN_ID} not found. See your apps with \`svc-cli app list\`.`,
        details: { problems: [{ flag: '--app', message: 'no app has this id' }] },
      },
    })
  })

  test('a missing field of an app that exists keeps its own message', async () => {
    const run = await cli('field', 'get', '--app', 'Contact form', '--field', 'phone')
    expect([run.code, run.stderr]).toEqual([1, 'error: Field "phone" not found\n'])
  })
})

describe('--app through MCP', () => {
  test('svc_exec and svc_snapshot take a name too, and say which app they could not find', async () => {
    const mcp = await inProcessMcp(env)
    try {
      const urls = await mcp.call('svc_exec', { command: 'app urls', args: ['--app', 'Contact form'] })
      expect(urls.isError).toBeUndefined()
      expect(JSON.parse(resultText(urls)).endpoint).toBe(
        expectOk(await cli('share', 'url', '--app', contact.id)).stdout.trim(),
      )
      const snapshot = await mcp.call('svc_snapshot', { appId: 'Contact form', format: 'json', detail: 'full' })
      expect(snapshot.isError).toBeUndefined()
      expect(resultText(snapshot)).toContain(contact.id)
      const missing = await mcp.call('svc_read', { command: 'field list', args: ['--app', 'Newsletter'] })
      expect(missing.isError).toBe(true)
      expect(resultText(missing)).toStartWith(
        'Error (not_found): No app has the id or name "Newsletter". See your apps with `svc-cli app list`.\n',
      )
    } finally {
      await mcp.close()
    }
  })
})
