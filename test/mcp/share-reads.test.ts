/**
 * Records stay the owner's through MCP (docs/design.md rule 16): an app an agent creates starts with
 * reads off, the agent still reads its records (svc_read runs with the owner's token), and a
 * result that opens reads carries the server's warnings for the agent to pass on.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { connectStdioMcp, toolText, type ToolResult } from '../support/mcp-client.ts'
import { RECORDS_WARNING, SUMMARY_WARNING } from '../support/reads.ts'
import { startTestServer } from '../support/server.ts'

// Explicit timeouts below: in a whole-suite run Bun applies the preload's default (30 s) to the first file only.

const server = await startTestServer()
let client: Client
let token: string

beforeAll(async () => {
  token = (await server.account()).token
  client = await connectStdioMcp({ SVC_URL: server.url, SVC_TOKEN: token }, { name: 'svc-reads-test' })
}, 30_000)
afterAll(async () => {
  await client?.close()
  await server.close()
})

const call = async (name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as ToolResult
const json = (result: ToolResult) => {
  expect(result.isError).toBeUndefined()
  return JSON.parse(toolText(result))
}

describe('reads through MCP', () => {
  test('an app made by an agent starts with reads off; publishing keeps the records private, and svc_read still reads them', async () => {
    const app = json(await call('svc_exec', { command: 'app create', args: ['--name', 'Contact form'] }))
    expect(app).toMatchObject({ name: 'Contact form', published: false, reads: 'off' })
    expect(app).not.toHaveProperty('warnings')
    const share = json(await call('svc_exec', { command: 'share publish', args: ['--app', app.id] }))
    expect(share).toMatchObject({ published: true, reads: 'off' })
    expect(share).not.toHaveProperty('warnings')

    const posted = await fetch(share.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"Ada"}',
    })
    expect(posted.status).toBe(200)
    const anonymous = await fetch(`${share.endpoint}/query`)
    expect(anonymous.status).toBe(403)

    const query = (await call('svc_read', { command: 'share query', args: ['--app', app.id] })).content[0].text
    expect(query).toContain('"name": "Ada"')
    const summary = (await call('svc_read', { command: 'share summary', args: ['--app', app.id] })).content[0].text
    expect(summary).toContain('"total": 1')
  }, 30_000)

  test('opening reads answers with the warnings, and share status repeats them while reads are open', async () => {
    const app = json(await call('svc_exec', { command: 'app create', args: ['--name', 'Poll'] }))
    const summary = json(
      await call('svc_exec', { command: 'share set', args: ['--app', app.id, '--reads', 'summary'] }),
    )
    expect(summary).toMatchObject({ reads: 'summary', warnings: [SUMMARY_WARNING] })
    // Every record to anyone with the link: the user's decision, like a destructive command.
    const unasked = await call('svc_exec', { command: 'share set', args: ['--app', app.id, '--reads', 'records'] })
    expect(unasked.isError).toBe(true)
    expect(unasked.content[0].text).toStartWith(
      'Error (confirmation_required): --reads records lets anyone with the endpoint link read every record. Ask the user, then call again with confirm: true.',
    )
    expect(json(await call('svc_read', { command: 'share status', args: ['--app', app.id] })).reads).toBe('summary')
    const records = json(
      await call('svc_exec', {
        command: 'share set',
        args: ['--app', app.id, '--reads', 'records'],
        confirm: true,
      }),
    )
    expect(records).toMatchObject({ reads: 'records', warnings: [RECORDS_WARNING] })
    expect(json(await call('svc_read', { command: 'share status', args: ['--app', app.id] }))).toMatchObject({
      reads: 'records',
      warnings: [RECORDS_WARNING],
    })
    const closed = json(await call('svc_exec', { command: 'share set', args: ['--app', app.id, '--reads', 'off'] }))
    expect(closed.reads).toBe('off')
    expect(closed).not.toHaveProperty('warnings')
  }, 30_000)
})
