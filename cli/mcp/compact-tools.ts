/**
 * @module A lighter tools/list: every agent pays for that answer in every session. The SDK
 * writes `"$schema": "http://json-schema.org/draft-07/schema#"` into each input and output
 * schema (twelve copies, about 640 characters); the keywords these schemas use mean the same
 * in draft-07 and in 2020-12 (MCP's default when `$schema` is absent), so the answer leaves
 * it out. Installed by wrapping the handler the SDK registers for tools/list, through the
 * server's public `setRequestHandler`, before any tool is registered.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { ListToolsRequestSchema, type ListToolsResult } from '@modelcontextprotocol/sdk/types.js'

type Handler = Parameters<McpServer['server']['setRequestHandler']>[1]

/** A copy of `schema` without its top-level `$schema`. */
function withoutDialect(schema: Record<string, unknown> | undefined) {
  if (!schema || !('$schema' in schema)) return schema
  const { $schema: _, ...rest } = schema
  return rest
}

/** Makes `server`'s tools/list answers leave out `$schema`; call before registering tools. */
export function compactToolList(server: McpServer): void {
  const protocol = server.server
  const set = protocol.setRequestHandler.bind(protocol)
  protocol.setRequestHandler = ((schema: typeof ListToolsRequestSchema, handler: Handler) => {
    if (schema !== ListToolsRequestSchema) return set(schema, handler)
    return set(schema, (async (request: never, extra: never) => {
      const answer = (await (handler as (r: never, e: never) => Promise<ListToolsResult>)(
        request,
        extra,
      )) as ListToolsResult
      return {
        ...answer,
        tools: answer.tools.map((tool) => ({
          ...tool,
          inputSchema: withoutDialect(tool.inputSchema) as ListToolsResult['tools'][number]['inputSchema'],
          ...(tool.outputSchema
            ? { outputSchema: withoutDialect(tool.outputSchema) as ListToolsResult['tools'][number]['outputSchema'] }
            : {}),
        })),
      }
    }) as Handler)
  }) as typeof protocol.setRequestHandler
}
