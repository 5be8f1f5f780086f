/**
 * @module The skill documents by module: what the platform allows and requires, generated
 * from the constants the server enforces. Served at GET /api/v3/skills/:module, printed by
 * `svc-cli skill` and exposed to agents as svc://skills/<module>.
 */
import { connectSkill, expertSkill, reportSkill, scaleSkill } from './coming.ts'
import { formSkill } from './form.ts'
import { shareSkill } from './share.ts'

export const SKILLS = {
  form: { summary: 'apps and fields: limits, field types, rules', render: formSkill },
  scale: { summary: 'scoring dimensions (coming)', render: scaleSkill },
  connect: { summary: 'fill-in and report page styling (coming)', render: connectSkill },
  report: { summary: 'respondent report pages (coming)', render: reportSkill },
  expert: { summary: 'author profile and commentary (coming)', render: expertSkill },
  share: { summary: 'the collection endpoint: sending, reading, limits, switches', render: shareSkill },
} as const

export type SkillModule = keyof typeof SKILLS

export const SKILL_MODULES = Object.keys(SKILLS) as SkillModule[]

export const isSkillModule = (name: string): name is SkillModule => Object.hasOwn(SKILLS, name)

/** The Markdown document of a module. */
export const skillDocument = (module: SkillModule): string => SKILLS[module].render()
