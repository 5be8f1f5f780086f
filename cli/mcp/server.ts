/**
 * @module `svc-cli mcp`: the MCP server over stdio. Same tools whether or not the user is
 * logged in; every call re-reads the stored token (a login in a terminal counts at once).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import type { CommandDef } from 'citty'
import { VERSION } from '../../server/contract/version.ts'
import { asProgram, CLI_NAME } from '../program.ts'
import { compactToolList } from './compact-tools.ts'
import { INSTRUCTIONS } from './constraints.ts'
import { execWhitelist } from './exec.ts'
import { registerRecordsResource } from './records-resource.ts'
import { registerResources } from './resources.ts'
import { namedAs } from './results.ts'
import type { McpSession } from './sampling.ts'
import { authEmailCode } from './tools/auth-email-code.ts'
import { authLogin } from './tools/auth-login.ts'
import { authStatus } from './tools/auth-status.ts'
import { execTools } from './tools/svc-exec.ts'
import { svcExecute } from './tools/svc-execute.ts'
import { svcGenerate } from './tools/svc-generate.ts'
import { svcSkill } from './tools/svc-skill.ts'
import { svcSnapshot } from './tools/svc-snapshot.ts'
import type { ToolExtra, ToolModule } from './tools/tool.ts'

type Env = Record<string, string | undefined>

/**
 * Builds the server with every tool and resource; `env` supplies SVC_URL/SVC_TOKEN/XDG_CONFIG_HOME,
 * `root` the command tree whose commands the tools run (svc-cli's, ROOT in commands/index.ts),
 * `program` the name the CLI was started by, which the hints for the user name (`svc auth login`).
 */
export async function createMcpServer(env: Env, root: CommandDef, program = CLI_NAME): Promise<McpServer> {
  const server = new McpServer({ name: 'svc', version: VERSION }, { instructions: asProgram(INSTRUCTIONS, program) })
  compactToolList(server)
  const tools: ToolModule[] = [
    authLogin(root),
    authEmailCode(root),
    authStatus,
    svcGenerate,
    svcExecute,
    svcSnapshot,
    svcSkill,
    ...execTools(root, await execWhitelist(root)),
  ]
  const session: McpSession = {
    canSample: () => server.server.getClientCapabilities()?.sampling !== undefined,
    createMessage: (params, options) => server.server.createMessage(params, options),
  }
  for (const tool of tools) {
    const config = { ...tool.config, description: asProgram(tool.config.description, program) }
    server.registerTool(tool.name, config, (async (input: unknown, extra: ToolExtra) =>
      namedAs(await tool.handler(env, input ?? {}, extra, session), program)) as never)
  }
  registerResources(server, program)
  registerRecordsResource(server, env)
  return server
}

/** Serves MCP on stdin/stdout until the client disconnects. */
export async function runMcpServer(env: Env, root: CommandDef, program = CLI_NAME): Promise<void> {
  const server = await createMcpServer(env, root, program)
  await server.connect(new StdioServerTransport())
  // The transport ignores the end of stdin; a client that went away without closing must
  // still end the resource subscriptions, whose streams would keep this process alive.
  process.stdin.once('end', () => void server.close())
}
