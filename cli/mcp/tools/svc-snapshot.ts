/**
 * @module svc_snapshot: an app's state across modules, as Markdown or JSON, narrowed by
 * module and detail to stay small, fenced as untrusted data.
 */
import { z } from 'zod'
import { resolveConnection, SvcClient } from '../../client.ts'
import { notLoggedIn } from '../../errors.ts'
import { asCliError } from '../../output.ts'
import { buildSnapshot } from '../../snapshot/build.ts'
import { SECTION_NAMES } from '../../snapshot/sections.ts'
import { capped, fail, ok, untrusted } from '../results.ts'
import type { ToolModule } from './tool.ts'

export const svcSnapshot: ToolModule = {
  name: 'svc_snapshot',
  config: {
    title: 'Snapshot of an app',
    description: `One app in one document (${SECTION_NAMES.join(', ')}): detail "summary" (default) or "full" (every setting); module picks one section.`,
    inputSchema: {
      appId: z.string().min(1).describe('App id (svc_read "app list")'),
      module: z
        .enum(SECTION_NAMES as [string, ...string[]])
        .optional()
        .describe('Only this section'),
      detail: z.enum(['summary', 'full']).default('summary'),
      format: z.enum(['markdown', 'json']).default('markdown'),
    },
    annotations: {
      title: 'Snapshot of an app',
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: true,
    },
  },
  async handler(
    env,
    input: { appId: string; module?: string; detail: 'summary' | 'full'; format: 'markdown' | 'json' },
  ) {
    try {
      const connection = resolveConnection({}, env)
      if (!connection.token) throw notLoggedIn(connection.server)
      const { snapshot, markdown } = await buildSnapshot(new SvcClient(connection), input.appId, {
        module: input.module,
        detail: input.detail,
      })
      const text = input.format === 'json' ? JSON.stringify(snapshot, null, 2) : markdown
      // Field names can come from the public (auto-create), so the whole document is fenced.
      return ok(untrusted(capped(text, 'Ask for one module, or detail "summary".')))
    } catch (error) {
      return fail(asCliError(error))
    }
  },
}
