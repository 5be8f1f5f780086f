/**
 * `svc-cli mcp` against a server that accepts the connection and never answers: through a
 * real SDK Client over stdio, a tool call that needs the server comes back as an isError
 * result naming the timeout (SVC_TIMEOUT=1 here), before the client's own 60 s limit.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { connectStdioMcp, type ToolResult } from '../support/mcp-client.ts'

const silent = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {}, open() {} } })
const url = `http://127.0.0.1:${silent.port}`
const advice =
  'Check that the server is running and that --server or SVC_URL points at it; to wait longer pass --timeout <seconds> or set SVC_TIMEOUT.'

let client: Client
beforeAll(async () => {
  client = await connectStdioMcp(
    { SVC_URL: url, SVC_TOKEN: 'svc_pat_x', SVC_TIMEOUT: '1' },
    { name: 'svc-timeout-test' },
  )
})
afterAll(async () => {
  await client.close()
  silent.stop(true)
})

describe('a silent server through MCP', () => {
  test.each([
    ['svc_read', { command: 'app list' }, 'GET /api/v3/apps?limit=1000'],
    ['svc_exec', { command: 'app create', args: ['--name', 'Never stored'] }, 'POST /api/v3/apps'],
    [
      'svc_snapshot',
      { appId: '0193a1a1-0000-7000-8000-000000000001' },
      'GET /api/v3/apps/0193a1a1-0000-7000-8000-000000000001',
    ],
  ])('%s %j is an isError result naming the server and the timeout', async (tool, args, request) => {
    // The SDK rejects the call itself after its own 60 s default; an answer before that is the point.
    const result = (await client.callTool({ name: tool, arguments: args })) as ToolResult
    expect(result.isError).toBe(true)
    expect(result.content).toHaveLength(1)
    const [first] = result.content[0].text.split('\n')
    expect(first).toBe(`Error (timeout): svc at ${url} did not answer ${request} within 1 s. ${advice}`)
  })
})
