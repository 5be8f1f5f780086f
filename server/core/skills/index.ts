/**
 * @module The skill documents by module: what the platform allows and requires, generated
 * from the constants the server enforces. Served at GET /api/v3/skills/:module, printed by
 * `svc-cli skill` and exposed to agents as svc://skills/<module>.
 */
import { connectSkill } from './connect.ts'
import { expertSkill } from './expert.ts'
import { formSkill } from './form.ts'
import { reportSkill } from './report.ts'
import { scaleSkill } from './scale.ts'
import { shareSkill } from './share.ts'

export const SKILLS = {
  form: { summary: 'apps and fields: limits, field types, rules; generating a whole app', render: formSkill },
  scale: { summary: 'scoring dimensions: items, reverse scoring, weights, sum or mean, levels tiling the range', render: scaleSkill },
  connect: { summary: 'fill-in and report page styling: colours, system font stacks, layout, custom CSS rules', render: connectSkill },
  report: { summary: 'respondent report pages: sections, placeholders, report URLs, preview', render: reportSkill },
  expert: { summary: 'author profile and commentary per scale level', render: expertSkill },
  share: { summary: 'the collection endpoint: sending, reading, limits, switches', render: shareSkill },
} as const

export type SkillModule = keyof typeof SKILLS

export const SKILL_MODULES = Object.keys(SKILLS) as SkillModule[]

export const isSkillModule = (name: string): name is SkillModule => Object.hasOwn(SKILLS, name)

/** The Markdown document of a module. */
export const skillDocument = (module: SkillModule): string => SKILLS[module].render()
