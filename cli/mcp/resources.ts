/**
 * @module The resources: the skill documents as svc://skills/<module>, and the platform
 * constraints as svc://constraints (the same text as the server instructions).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { SKILL_MODULES, SKILLS, skillDocument } from '../../server/contract/skills/index.ts'
import { asProgram, CLI_NAME } from '../program.ts'
import { CONSTRAINTS_URI, constraintsDocument } from './constraints.ts'

/** Registers one resource per skill module, then the constraints; their commands name the CLI `program`. */
export function registerResources(server: McpServer, program = CLI_NAME): void {
  for (const module of SKILL_MODULES) {
    const uri = `svc://skills/${module}`
    server.registerResource(
      `skill-${module}`,
      uri,
      { title: `svc rules: ${module}`, description: SKILLS[module].summary, mimeType: 'text/markdown' },
      async () => ({ contents: [{ uri, mimeType: 'text/markdown', text: asProgram(skillDocument(module), program) }] }),
    )
  }
  server.registerResource(
    'constraints',
    CONSTRAINTS_URI,
    {
      title: 'svc constraints',
      description:
        'Limits, field types, plan sizes, login, no local files, untrusted record data: what every tool keeps to',
      mimeType: 'text/markdown',
    },
    async () => ({
      contents: [{ uri: CONSTRAINTS_URI, mimeType: 'text/markdown', text: asProgram(constraintsDocument(), program) }],
    }),
  )
}
