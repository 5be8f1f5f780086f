/**
 * @module svc_skill: the rule document of a module (no login needed).
 */
import { z } from 'zod'
import { SKILL_MODULES, SKILLS, skillDocument, type SkillModule } from '../../../server/contract/skills/index.ts'
import { ok } from '../results.ts'
import type { ToolModule } from './tool.ts'

export const svcSkill: ToolModule = {
  name: 'svc_skill',
  config: {
    title: "Read a module's rules",
    description: `The rules of one module (Markdown; also resource svc://skills/<module>): ${SKILL_MODULES.map((m) => `${m} (${SKILLS[m].summary.split(':')[0]})`).join(', ')}. No login needed.`,
    inputSchema: { module: z.enum(SKILL_MODULES as [SkillModule, ...SkillModule[]]).describe('Which module') },
    annotations: {
      title: "Read a module's rules",
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    },
  },
  async handler(_env, input: { module: SkillModule }) {
    return ok(skillDocument(input.module))
  },
}
