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
import { SKILL_SUMMARIES, type SkillModule } from './modules.ts'

export { isSkillModule, SKILL_MODULES, type SkillModule } from './modules.ts'

export const SKILLS: Record<SkillModule, { summary: string; render: () => string }> = {
  form: { summary: SKILL_SUMMARIES.form, render: formSkill },
  scale: { summary: SKILL_SUMMARIES.scale, render: scaleSkill },
  connect: { summary: SKILL_SUMMARIES.connect, render: connectSkill },
  report: { summary: SKILL_SUMMARIES.report, render: reportSkill },
  expert: { summary: SKILL_SUMMARIES.expert, render: expertSkill },
  share: { summary: SKILL_SUMMARIES.share, render: shareSkill },
}

/** The Markdown document of a module. */
export const skillDocument = (module: SkillModule): string => SKILLS[module].render()
