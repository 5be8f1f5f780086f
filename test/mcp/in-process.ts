/**
 * @module The MCP server in this test process (createMcpServer, the same function
 * `svc-cli mcp` serves) with a real SDK Client over InMemoryTransport: what the Client
 * receives is what a stdio client would, and spies in the test see the server's calls.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { ROOT } from '../../cli/commands/index.ts'
import { createMcpServer } from '../../cli/mcp/server.ts'

export interface InProcessMcp {
  client: Client
  /** Calls a tool and returns its result as the Client received it. */
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>
  close(): Promise<void>
}

/** Connects a Client to a server built with exactly `env`, run as `program` (`svc-cli` unless given). */
export async function inProcessMcp(env: Record<string, string | undefined>, program?: string): Promise<InProcessMcp> {
  const server = await createMcpServer(env, ROOT, program)
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair()
  await server.connect(serverSide)
  const client = new Client({ name: 'svc-in-process-test', version: '1.0.0' })
  await client.connect(clientSide)
  return {
    client,
    call: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult,
    close: async () => {
      await client.close()
      await server.close()
    },
  }
}

/** The text of a result, its parts joined by newlines. */
export const resultText = (result: CallToolResult) =>
  result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n')
