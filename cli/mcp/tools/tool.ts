/**
 * @module The shape of one MCP tool file: name, config (description, schemas,
 * annotations) and a handler that gets the environment to resolve server and token from.
 */
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js'
import type {
  CallToolResult,
  ServerNotification,
  ServerRequest,
  ToolAnnotations,
} from '@modelcontextprotocol/sdk/types.js'
import type { ZodRawShape } from 'zod'
import type { McpSession } from '../sampling.ts'

export interface ToolModule {
  name: string
  config: {
    title: string
    description: string
    inputSchema: ZodRawShape
    outputSchema?: ZodRawShape
    annotations: Required<
      Pick<ToolAnnotations, 'title' | 'readOnlyHint' | 'destructiveHint' | 'idempotentHint' | 'openWorldHint'>
    >
  }
  /** `extra` carries the request's progress token, notification sender and abort signal; `session` what the client can do (sampling). */
  handler(
    env: Record<string, string | undefined>,
    input: unknown,
    extra?: ToolExtra,
    session?: McpSession,
  ): Promise<CallToolResult>
}

export type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>
