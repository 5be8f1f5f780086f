/**
 * The form's limits through MCP: svc_exec runs `share set` with the limit flags (the same
 * command and schema as the CLI), and a post to the closed form is 403 closed.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { connectStdioMcp, toolText, type ToolResult } from '../support/mcp-client.ts'
import { startTestServer } from '../support/server.ts'

const server = await startTestServer()
let client: Client

beforeAll(async () => {
  const token = (await server.account()).token
  client = await connectStdioMcp({ SVC_URL: server.url, SVC_TOKEN: token }, { name: 'svc-limits-test' })
}, 30_000)
afterAll(async () => {
  await client?.close()
  await server.close()
})

const exec = async (command: string, args: string[]) => {
  const result = (await client.callTool({ name: 'svc_exec', arguments: { command, args } })) as ToolResult
  expect(result.isError).toBeUndefined()
  return JSON.parse(toolText(result))
}

test('svc_exec "share set" takes the limit flags; the closed form answers 403 closed', async () => {
  const app = await exec('app create', ['--name', 'Workshop'])
  await exec('field add', ['--app', app.id, '--name', 'email', '--type', 'email'])
  const share = await exec('share publish', ['--app', app.id])
  const set = await exec('share set', ['--app', app.id, '--close-after', '1', '--unique-field', 'email'])
  expect(set).toMatchObject({ closeAfter: 1, uniqueField: 'email', closedNow: false, records: 0 })
  const post = (email: string) =>
    fetch(share.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    })
  expect((await post('ada@example.com')).status).toBe(200)
  const closed = await post('bo@example.com')
  expect(closed.status).toBe(403)
  expect(((await closed.json()) as { error: { type: string } }).error.type).toBe('closed')
  expect(await exec('share status', ['--app', app.id])).toMatchObject({ closedNow: true, records: 1 })
}, 30_000)
