/**
 * @module Skill document "report": the report pages respondents see, as the server
 * enforces them. Limits come from ASSESSMENT, bodies from the zod schemas, and the
 * placeholder examples and errors are produced by the real placeholder functions.
 */
import { ASSESSMENT } from '../limits.ts'
import { fillPlaceholders, placeholderProblems } from '../reports/placeholders.ts'
import {
  addPageSchema,
  addSectionSchema,
  previewReportSchema,
  REPORT_FORMATS,
  SECTION_TYPES,
  type SectionType,
} from '../reports/schemas.ts'
import { bodyTable } from './schema-table.ts'

const SECTION_RULES: Record<SectionType, string> = {
  intro: 'opening text; `text` is required',
  score: "one scale: its score, level label and the level's interpretation, then `text`; `scale` is required",
  chart: 'a bar chart (inline SVG, no CDN) of every scale; leave `scale` out',
  expert:
    "the expert profile and the comment for the respondent's level on each scale (or only on `scale`); shown only when there is a profile (name or bio) or a matching comment",
  closing: 'closing text; `text` is required',
}

const EXAMPLE_TEXT = 'Hello {{name}}: your energy score is {{score.energy}} ({{level.energy}}).'
const EXAMPLE_VALUES = { answers: { name: 'Ada <b>' }, scores: { energy: { score: 4.3333, levelLabel: 'High' } } }

/** The rules for report pages: sections, placeholders, limits, commands, routes, errors. */
export function reportSkill(): string {
  const unknownField = placeholderProblems('{{nmae}}', ['name'], ['energy'], 'text')[0].message
  const unknownScale = placeholderProblems('{{score.enrgy}}', ['name'], ['energy'], 'text')[0].message
  return `# Skill: report (respondent report pages)

After submitting the fill-in page a respondent lands on **their report**: ordered pages of sections showing their scores, levels, interpretations, a chart of all dimensions and expert commentary. The owner designs those pages here; the scores come from the app's scales (see the \`scale\` skill).

## Pages and sections
- At most **${ASSESSMENT.maxReportPages} pages** per app and **${ASSESSMENT.maxSectionsPerPage} sections** per page. Pages and sections are addressed by id or by their 1-based number; positions stay dense (1, 2, 3…).
- An app with **no pages** shows a default page: a score section for every scale, the chart and the expert.
- Section types:
${SECTION_TYPES.map((type) => `  - \`${type}\`: ${SECTION_RULES[type]}.`).join('\n')}
- A section whose scale is later removed is skipped when the report is drawn (\`scale\` shows \`null\`).
- Text is plain text, up to ${ASSESSMENT.maxTextLength} characters; a blank line starts a new paragraph. No Markdown or HTML: everything is escaped.

Body of \`POST …/report/pages/:page/sections\` (\`report section add\`):

${bodyTable(addSectionSchema)}

Body of \`POST …/report/pages\` and \`PATCH …/report/pages/:page\`:

${bodyTable(addPageSchema)}

## Placeholders
Titles and texts may contain:
- \`{{<field>}}\` — the respondent's answer to that field (lists joined by ", ");
- \`{{score.<key>}}\` — their score on the scale with that key (\`–\` when they answered none of its items);
- \`{{level.<key>}}\` — the label of their level on that scale.

Placeholders are checked when a section is saved: each must name a field or a scale of the app. They are filled with plain text and then escaped like all text, so an answer can never become markup or script.
Example: \`${EXAMPLE_TEXT}\` with the answer \`name = ${JSON.stringify(EXAMPLE_VALUES.answers.name)}\` and an energy score of ${EXAMPLE_VALUES.scores.energy.score} (High) reads \`${fillPlaceholders(EXAMPLE_TEXT, EXAMPLE_VALUES)}\` on the page, the \`<b>\` shown as text, not bold.

## The respondent's report
- URL: \`{base}/r/<recordId>?k=<key>\`. The key is ${ASSESSMENT.reportKeyBytes} random bytes made for that record when it is submitted through the fill-in page; only its hash is stored. Without the right key the answer is the same 404 as for a missing record, so nobody can read others' reports.
- The report shows the scores **stored with the record** at submission; later scale edits change it only after \`svc-cli scale rescore\`. Page text and styling (the \`connect\` skill) are read live.
- \`report preview\` draws the report for answers you give, as ${REPORT_FORMATS.map((f) => `\`${f}\``).join(' or ')}, without storing anything. Body:

${bodyTable(previewReportSchema)}

## Commands
Every command needs login and \`--app <appId>\`; \`--page\` takes a page number or id. Add \`--json\` for machine-readable output.
- \`svc-cli report get\` — \`svc-cli report get --app $APP\` (every page with its sections)
- \`svc-cli report page add\` — \`svc-cli report page add --app $APP --title "Your results"\` (\`--position 1\` puts it first)
- \`svc-cli report page list\` — \`svc-cli report page list --app $APP\`
- \`svc-cli report page update\` — \`svc-cli report page update --app $APP --page 2 --title "Advice" --position 1\`
- \`svc-cli report page remove\` — \`svc-cli report page remove --app $APP --page 2 --yes\`
- \`svc-cli report section add\` — \`svc-cli report section add --app $APP --page 1 --type score --scale energy --text "You scored {{score.energy}} ({{level.energy}})."\`
- \`svc-cli report section remove\` — \`svc-cli report section remove --app $APP --page 1 --section 2 --yes\`
- \`svc-cli report preview\` — \`svc-cli report preview --app $APP --answers '{"q1":"4","q2":"5","q3":"2"}' --format text\` (answers may also come on stdin)

## HTTP routes
All under \`/api/v3/apps/:id/report\`, with \`Authorization: Bearer <token>\`; answers are \`{code:200, data}\`.

| method | path | body | data |
|---|---|---|---|
| GET | /api/v3/apps/:id/report | | \`{pages:[ReportPage]}\` |
| GET | /api/v3/apps/:id/report/pages | | \`{pages:[ReportPage]}\` |
| POST | /api/v3/apps/:id/report/pages | \`{title?, position?}\` | \`ReportPage\` |
| PATCH | /api/v3/apps/:id/report/pages/:page | \`{title?, position?}\` | \`ReportPage\` |
| DELETE | /api/v3/apps/:id/report/pages/:page | | \`{deleted:true, id}\` |
| POST | /api/v3/apps/:id/report/pages/:page/sections | section body | \`ReportPage\` |
| DELETE | /api/v3/apps/:id/report/pages/:page/sections/:section | | \`ReportPage\` |
| POST | /api/v3/apps/:id/report/preview | \`{data, format?}\` | \`{format, scores, content}\` |

Public: \`GET /r/:recordId?k=<key>\` (HTML report). \`ReportPage\` = \`{id, number, title, sections:[{id, type, title, text, scale}], createdAt, updatedAt}\`.

## Common errors and how to fix them
- 422 "${unknownField}" — fix the spelling; field names are case-sensitive (\`svc-cli field list\`).
- 422 "${unknownScale}" — use a scale key from \`svc-cli scale list\`.
- 422 \`text\` "is required for an intro section" (or closing) — give \`--text\`.
- 422 \`scale\` "is required for a score section: name the scale to show" — give \`--scale <key>\`; for a chart leave \`--scale\` out.
- 422 "a report can have at most ${ASSESSMENT.maxReportPages} pages" / "a page can have at most ${ASSESSMENT.maxSectionsPerPage} sections" — merge pages or sections.
- 404 \`not_found\` "Report page …" / "Section …" — page and section numbers start at 1; \`report get\` shows them.
- A report URL answering 404 — the \`k\` key is missing or wrong; only the respondent's own link (shown after submitting) works.
`
}
