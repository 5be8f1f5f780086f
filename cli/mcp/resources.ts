/**
 * @module The skill documents as resources svc://skills/<module>.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { SKILL_MODULES, SKILLS, skillDocument } from '../../server/core/skills/index.ts'

/** Registers one resource per skill module. */
export function registerSkillResources(server: McpServer): void {
  for (const module of SKILL_MODULES) {
    const uri = `svc://skills/${module}`
    server.registerResource(
      `skill-${module}`,
      uri,
      { title: `svc rules: ${module}`, description: SKILLS[module].summary, mimeType: 'text/markdown' },
      async () => ({ contents: [{ uri, mimeType: 'text/markdown', text: skillDocument(module) }] }),
    )
  }
}
