/**
 * @module The names and one-line summaries of the skill documents, apart from the documents
 * themselves (skills/index.ts), so `svc-cli --help` and `svc-cli skill` can list them without
 * loading every schema the documents are built from.
 */

export const SKILL_SUMMARIES = {
  form: 'apps and fields: limits, field types, rules; generating a whole app',
  scale: 'scoring dimensions: items, reverse scoring, weights, sum or mean, levels tiling the range',
  connect: 'fill-in and report page styling: colours, system font stacks, layout, custom CSS rules',
  report: 'respondent report pages: sections, placeholders, report URLs, preview',
  expert: 'author profile and commentary per scale level',
  share: 'the collection endpoint: sending, reading, limits, switches',
} as const

export type SkillModule = keyof typeof SKILL_SUMMARIES

export const SKILL_MODULES = Object.keys(SKILL_SUMMARIES) as SkillModule[]

export const isSkillModule = (name: string): name is SkillModule => Object.hasOwn(SKILL_SUMMARIES, name)
