/**
 * @module Skill documents of the assessment modules (scale, connect, report, expert). The
 * server does not enforce these yet; the documents say what is coming, and nothing more.
 */
import { LIMITS } from '../limits.ts'

const coming = (title: string, body: string, commands: string) =>
  `# Skill: ${title}

**Status: coming.** \`svc-cli\` and the MCP tools cannot manage this module yet. The rules below are what it will enforce:

${body}

Planned commands: ${commands}.
`

/** Scoring dimensions. */
export const scaleSkill = () =>
  coming(
    'scale (scoring dimensions)',
    `- A scale links fields to a dimension: choice fields score per option, number fields by their value (optional min/max clamp).
- Items may be reverse-scored (\`max + min − value\`) and weighted; a scale combines them by \`sum\` or \`mean\`.
- Levels are ordered score ranges (key, label, interpretation) that must cover the possible range with no gaps or overlaps (422 lists the gaps).
- Items must reference existing fields of a suitable type (an app has at most ${LIMITS.maxFields} fields).
- Scores are computed when a record is submitted and stored with it.`,
    '`svc-cli scale add|list|get|update|remove`, `scale item add|remove`, `scale level set|remove`',
  )

/** Fill-in and report page styling. */
export const connectSkill = () =>
  coming(
    'connect (page styling)',
    `- The theme of the fill-in page (\`{base}/f/<token>\`) and report pages: colours, a system font stack (no web fonts from a CDN), logo URL, layout (one question per screen or all on one page), button text.
- Custom CSS is sanitised: no \`@import\`, no \`url()\` to other origins, no \`expression\`.`,
    '`svc-cli connect get|set|reset|preview`',
  )

/** Report pages a respondent sees. */
export const reportSkill = () =>
  coming(
    'report (respondent report pages)',
    `- Ordered pages of sections: intro text, a dimension's score with level and interpretation, a chart of all dimensions, expert commentary, closing text.
- Placeholders \`{{name}}\`, \`{{score.<scale>}}\`, \`{{level.<scale>}}\` are rendered escaped.
- A respondent's report lives at \`{base}/r/<recordId>?k=<key>\`; without the right key it is a 404.`,
    '`svc-cli report get|preview`, `report page add|list|update|remove`, `report section add|remove`',
  )

/** The author's profile and commentary. */
export const expertSkill = () =>
  coming(
    'expert (author profile and commentary)',
    `- The author's profile shown on reports: name, title, bio, avatar URL.
- Commentary (advice text) per scale level, shown to respondents whose score falls in that level.`,
    '`svc-cli expert get|set`, `expert comment set|list|remove`',
  )
