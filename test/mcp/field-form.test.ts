/**
 * Field form settings through MCP: svc_exec "field add" takes the form flags (the same
 * contract schema as the API), a refused rule comes back as an isError result naming its
 * flag, and the field read back carries the settings.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startTestServer, tempConfigHome } from '../support/server.ts'
import { inProcessMcp, resultText, type InProcessMcp } from './in-process.ts'

const server = await startTestServer()
let mcp: InProcessMcp
let app: string

beforeAll(async () => {
  const { token } = await server.account()
  mcp = await inProcessMcp({ SVC_URL: server.url, SVC_TOKEN: token, XDG_CONFIG_HOME: tempConfigHome() })
  app = JSON.parse(resultText(await mcp.call('svc_exec', { command: 'app create', args: ['--name', 'Sign-up'] }))).id
}, 30_000)
afterAll(async () => {
  await mcp?.close()
  await server.close()
})

describe('svc_exec "field add" with form flags', () => {
  test('stores help, rules and hidden; an unsafe pattern is an isError result naming --pattern', async () => {
    const added = await mcp.call('svc_exec', {
      command: 'field add',
      args: [
        '--app',
        app,
        '--name',
        'code',
        '--help-text',
        'On your card',
        '--max-length',
        '6',
        '--pattern',
        '[A-Z]{2}[0-9]{4}',
      ],
    })
    expect(added.isError).toBeUndefined()
    expect(JSON.parse(resultText(added))).toMatchObject({
      name: 'code',
      help: 'On your card',
      rules: { maxLength: 6, pattern: '[A-Z]{2}[0-9]{4}' },
    })
    const hidden = await mcp.call('svc_exec', {
      command: 'field add',
      args: ['--app', app, '--name', 'source', '--hidden'],
    })
    expect(JSON.parse(resultText(hidden))).toMatchObject({ name: 'source', hidden: true })
    const refused = await mcp.call('svc_exec', {
      command: 'field add',
      args: ['--app', app, '--name', 'bad', '--pattern', '(a+)+'],
    })
    expect(refused.isError).toBe(true)
    expect(resultText(refused)).toContain(
      '--pattern: cannot repeat a group that holds a quantifier or | (like (a+)+ or (a|b)*)',
    )
  }, 30_000)
})
