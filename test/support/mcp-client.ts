/**
 * @module An MCP client talking to `bun cli/main.ts mcp` over stdio, started the way a desktop
 * client starts it: a bare environment (PATH, HOME and a fresh config home) with the test's
 * variables on top, so nothing from the developer's own config or shell leaks in.
 */
import { Client, type ClientOptions } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { BUN, ROOT, tempConfigHome } from './server.ts'

/** What a tools/call answers, narrowed to the parts the tests read. */
export interface ToolResult<Structured = unknown> {
  isError?: boolean
  content: { type: string; text: string }[]
  structuredContent?: Structured
}

export interface StdioMcpOptions {
  /** The client's name in `initialize` (shows in the server's logs). */
  name?: string
  /** Client options, e.g. the capabilities a sampling client declares. */
  client?: ClientOptions
  /** Runs before the client connects: the place for request and notification handlers. */
  prepare?: (client: Client) => void
}

/** Starts the MCP server with `env` over a bare environment and connects a client to it. */
export async function connectStdioMcp(env: Record<string, string>, options: StdioMcpOptions = {}): Promise<Client> {
  const transport = new StdioClientTransport({
    command: BUN,
    args: ['cli/main.ts', 'mcp'],
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', XDG_CONFIG_HOME: tempConfigHome(), ...env },
    stderr: 'pipe',
  })
  const client = new Client({ name: options.name ?? 'svc-test', version: '1.0.0' }, options.client)
  options.prepare?.(client)
  await client.connect(transport)
  return client
}

/** The text of a tool's answer, its content parts joined by lines. */
export function toolText(result: ToolResult): string {
  return result.content.map((part) => part.text).join('\n')
}
