import { defineSvcCommand } from '../command.ts'

export default defineSvcCommand({
  description: 'Run the MCP server on stdio for AI clients (Claude, Cursor, VS Code, …)',
  example:
    '{"mcpServers":{"svc":{"command":"/path/to/svc/cli/svc-cli","args":["mcp"]}}}   (or /usr/local/bin/svc; README: "Using svc from an AI assistant")',
  effect: 'write',
  async run(_args, env) {
    // First thing: stdout belongs to the protocol.
    const { routeConsoleToStderr } = await import('../mcp/stdio-guard.ts')
    routeConsoleToStderr()
    const { runMcpServer } = await import('../mcp/server.ts')
    // Its tools run the commands of the tree this command runs in.
    await runMcpServer(env.io.env, env.root, env.io.program)
    return { data: undefined, streamed: true }
  },
})
