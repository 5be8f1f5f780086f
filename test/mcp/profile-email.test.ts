/**
 * Issue 31, row 5, from an agent's side: an MCP client holding the owner's access token
 * cannot move the account to another e-mail address. The only proof the server takes is
 * the current password, and no tool asks for it (nor elicits it: the client here offers
 * elicitation and records every request) or lets `--password-stdin` through.
 */
import { afterAll, expect, test } from 'bun:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { ElicitRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { ROOT } from '../../cli/commands/index.ts'
import { createMcpServer } from '../../cli/mcp/server.ts'
import { createAccessToken } from '../../server/core/auth/access-tokens.ts'
import { insertUser } from '../../server/core/users/users.ts'
import { startTestServer, tempConfigHome } from '../support/server.ts'
import { resultText } from './in-process.ts'

const server = await startTestServer()
afterAll(() => server.close())

test('svc_exec cannot change the e-mail with the token alone, refuses --password-stdin, and never elicits', async () => {
  const user = await insertUser(server.ctx, { email: 'ada@example.com', name: 'Ada', password: 'correct horse' })
  const { token } = await createAccessToken(server.ctx, user.id, 'agent')
  const mcpServer = await createMcpServer(
    { XDG_CONFIG_HOME: tempConfigHome(), SVC_URL: server.url, SVC_TOKEN: token },
    ROOT,
  )
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair()
  await mcpServer.connect(serverSide)
  const client = new Client({ name: 'eliciting-client', version: '1.0.0' }, { capabilities: { elicitation: {} } })
  const elicited: unknown[] = []
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    elicited.push(request.params)
    return { action: 'decline' }
  })
  await client.connect(clientSide)
  const exec = async (args: string[]) =>
    (await client.callTool({ name: 'svc_exec', arguments: { command: 'profile update', args } })) as CallToolResult
  try {
    const plain = await exec(['--email', 'mallory@evil.example'])
    expect(plain.isError).toBe(true)
    expect(resultText(plain)).toContain('Not a terminal, so svc-cli cannot ask: pass --password-stdin')
    const stdin = await exec(['--email', 'mallory@evil.example', '--password-stdin'])
    expect(stdin.isError).toBe(true)
    expect(resultText(stdin)).toContain(
      '--password-stdin cannot be passed through MCP (passwords never pass through an agent; the user runs the command in a terminal)',
    )

    expect(elicited).toEqual([])
    expect((await server.ctx.storage.users.byId(user.id))?.email).toBe('ada@example.com')
    expect(await server.ctx.storage.users.emailChange(user.id)).toBeNull()
    expect(server.mails).toEqual([])
  } finally {
    await client.close()
    await mcpServer.close()
  }
})
